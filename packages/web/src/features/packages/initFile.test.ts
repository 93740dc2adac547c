import type { Package } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { initFileView } from './initFile.ts';

const module = (filename: string, functions: string[]) =>
  ({
    _id: filename,
    name: filename,
    filename,
    algorithms: functions.map((f) => ({ _id: f, functionName: f })),
  }) as unknown as Package['modules'][number];

describe('the __init__.py the package page shows', () => {
  it('shows a docstring-only file as its text, with no functions, never as empty', () => {
    const view = initFileView({ '__init__.py': '"""Monthly weather summaries."""\n', 'weather.py': 'def f(): pass' }, [
      module('__init__.py', []),
      module('weather.py', ['f']),
    ]);
    expect(view).toEqual({
      path: '__init__.py',
      text: '"""Monthly weather summaries."""\n',
      state: 'content',
      hasFunctions: false,
    });
  });

  it('calls a file empty only when it holds nothing but blanks', () => {
    expect(initFileView({ '__init__.py': ' \n\n' }, [module('__init__.py', [])]).state).toBe('blank');
  });

  it('finds the shallowest __init__.py when the root has none, and says when there is none at all', () => {
    const files = { 'stats/deep/__init__.py': '', 'stats/__init__.py': 'from .core import run\n', 'a.py': '' };
    const view = initFileView(files, [module('stats/__init__.py', ['run'])]);
    expect(view).toMatchObject({ path: 'stats/__init__.py', state: 'content', hasFunctions: true });
    expect(initFileView({ 'a.py': 'x = 1' }, [])).toEqual({
      path: null,
      text: '',
      state: 'missing',
      hasFunctions: false,
    });
  });
});
