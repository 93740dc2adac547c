import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Discovery, discoverPackage } from './discover.ts';
import { findInterpreters, PYTHON_VERSIONS } from './interpreters.ts';
import { interpreter, writeTree } from './testing.ts';

const pkg = mkdtempSync(path.join(os.tmpdir(), 'tessera-discover-test-'));
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

writeTree(pkg, {
  'models.py': `import datetime as dt
from enum import Enum
from typing import Dict, List, Literal, Optional
import pandas as pd

class Color(str, Enum):
    RED = "red"
    BLUE = "blue"

def forecast(df: pd.DataFrame, horizon: int = 12, alpha: float = .5, method: Literal["ets", "arima"] = "ets",
             start: dt.date = None, options: Dict[str, int] = {"a": 1}, cols: List[str] = ["x"],
             verbose: bool = False, color: Color = Color.BLUE, note: Optional[str] = None, *args,
             frame: "pd.DataFrame", **kwargs) -> pd.DataFrame:
    """Forecasts the next periods."""
    return df

def untyped(a, b=3, c=[1, 2], d=len):
    return a

def _private(x):
    return x

class Model:
    def method(self):
        pass
`,
  'lib/__init__.py': 'def helper(n: int) -> int:\n    return n\n',
  'lib/broken.py': 'def broken(:\n    pass\n',
  'lib/_internal.py': 'def hidden():\n    pass\n',
  'app.py': 'import dash\nfrom dash import html\napp = dash.Dash(__name__)\napp.layout = html.Div("hi")\n',
  'other_app.py': 'from dash import Dash as D\nserver_app = D(__name__)\n',
  'README.md': '# not python',
});

let found: Discovery;
beforeAll(async () => {
  found = await discoverPackage(await interpreter('3.11'), pkg);
});

const param = (fn: string, name: string) =>
  found.modules
    .flatMap((m) => m.functions)
    .find((f) => f.name === fn)
    ?.params.find((p) => p.name === name);

describe('discoverPackage', () => {
  it('finds interpreters from 3.7 to 3.13, resolved to real paths', async () => {
    const all = await findInterpreters();
    expect(all.map((i) => i.version)).toEqual([...PYTHON_VERSIONS]);
    for (const i of all.filter((x) => x.available)) {
      expect(i.path).not.toMatch(/shims/);
      expect(i.fullVersion?.startsWith(`${i.version}.`)).toBe(true);
    }
    expect(all.find((i) => i.version === '3.11')?.available).toBe(true);
  });

  it('lists modules (private ones and non-Python files skipped)', () => {
    expect(found.modules.map((m) => [m.name, m.filename])).toEqual([
      ['app', 'app.py'],
      ['models', 'models.py'],
      ['other_app', 'other_app.py'],
      ['lib', 'lib/__init__.py'],
      ['lib.broken', 'lib/broken.py'],
    ]);
  });

  it('reports a syntax error for its module while the others load', () => {
    const broken = found.modules.find((m) => m.name === 'lib.broken');
    expect(broken?.error).toMatch(/^SyntaxError: .*lib\/broken\.py, line 1/);
    expect(found.modules.find((m) => m.name === 'lib')?.functions.map((f) => f.name)).toEqual(['helper']);
  });

  it('keeps top-level public functions only', () => {
    expect(found.modules.find((m) => m.name === 'models')?.functions.map((f) => f.name)).toEqual([
      'forecast',
      'untyped',
    ]);
  });

  const table: [string, string, Record<string, unknown>][] = [
    ['forecast', 'df', { type: 'dataframe', hasDefault: false, annotation: 'pd.DataFrame' }],
    ['forecast', 'horizon', { type: 'integer', default: 12, hasDefault: true }],
    ['forecast', 'alpha', { type: 'float', default: 0.5 }],
    ['forecast', 'method', { type: 'string', options: ['ets', 'arima'], default: 'ets' }],
    ['forecast', 'start', { type: 'date', default: null, nullable: true, hasDefault: true }],
    ['forecast', 'options', { type: 'dictionary', default: { a: 1 } }],
    ['forecast', 'cols', { type: 'list', default: ['x'] }],
    ['forecast', 'verbose', { type: 'boolean', default: false }],
    ['forecast', 'color', { type: 'string', options: ['red', 'blue'], default: 'blue' }],
    ['forecast', 'note', { type: 'string', nullable: true, default: null }],
    ['forecast', 'args', { kind: 'var_positional' }],
    ['forecast', 'frame', { type: 'dataframe', kind: 'keyword_only' }],
    ['forecast', 'kwargs', { kind: 'var_keyword' }],
    ['untyped', 'a', { type: 'string', annotation: null, hasDefault: false }],
    ['untyped', 'b', { type: 'integer', default: 3 }],
    ['untyped', 'c', { type: 'list', default: [1, 2] }],
    ['untyped', 'd', { hasDefault: true, default: null, defaultSource: 'len' }],
  ];
  it.each(table)('%s(%s) maps to %o', (fn, name, expected) => {
    expect(param(fn, name)).toMatchObject(expected);
  });

  it('reads return annotations and docstrings', () => {
    const forecast = found.modules.find((m) => m.name === 'models')?.functions[0];
    expect(forecast).toMatchObject({
      returns: 'pd.DataFrame',
      returnType: 'dataframe',
      doc: 'Forecasts the next periods.',
    });
  });

  it('finds module-level Dash apps', () => {
    expect(found.dashApps).toEqual([
      { name: 'app', module: 'app', variable: 'app' },
      { name: 'other_app-server_app', module: 'other_app', variable: 'server_app' },
    ]);
  });

  it('gives the same answer on the oldest interpreter', async () => {
    expect(await discoverPackage(await interpreter('3.7'), pkg)).toEqual(found);
  });
});
