import { serverMessageText } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { requirementsHash, safeFilePath } from './packages.files.ts';

describe('environment variables', () => {
  it.each([
    ['A=1\nB = two ', { A: '1', B: 'two' }, undefined],
    ['# comment\n\nexport TOKEN="quoted value"\n', { TOKEN: 'quoted value' }, undefined],
    ["Q='single'", { Q: 'single' }, undefined],
    ['EMPTY=', { EMPTY: '' }, undefined],
    ['URL=https://x.test/?a=b', { URL: 'https://x.test/?a=b' }, undefined],
    ['no equals sign', {}, 'Line 1: write KEY=value'],
    ['OK=1\n1BAD=2', { OK: '1' }, 'Line 2: write KEY=value'],
    ['PATH=/tmp', {}, 'Line 1: PATH is set by the platform'],
  ])('%j', (text, vars, error) => {
    const parsed = parseEnv(text);
    expect(parsed.error && serverMessageText(parsed.error)).toBe(error);
    expect(parsed.vars).toEqual(vars);
  });
});

describe('file names from the code editor', () => {
  it.each([
    ['main.py', 'main.py'],
    ['sub/mod.py', 'sub/mod.py'],
    ['sub\\mod.py', 'sub/mod.py'],
    ['../main.py', undefined],
    ['sub/../../x', undefined],
    ['/etc/passwd', undefined],
    ['a//b.py', undefined],
    ['./a.py', undefined],
    ['', undefined],
    ['a\0b', undefined],
  ])('%j', (name, expected) => {
    expect(safeFilePath(name)).toBe(expected);
  });
});

describe('requirements compared as pip reads them', () => {
  it('ignores comments, blank lines and order', () => {
    expect(requirementsHash('pandas\n# x\n\npyarrow  # fast\n')).toBe(requirementsHash('pyarrow\npandas'));
    expect(requirementsHash('pandas')).not.toBe(requirementsHash('pandas==2.0'));
  });
});
