import { describe, expect, it } from 'vitest';
import { serverMessageText } from '../http/serverErrors.ts';
import {
  canonicalRequirement,
  checkRequirements,
  MAX_REQUIREMENT_LINE_CHARS,
  MAX_REQUIREMENTS_CHARS,
  parseRequirements,
  type RequirementProblemReason,
  requirementMessage,
} from './requirements.ts';

describe('requirement lines a build accepts', () => {
  it.each([
    ['pandas', 'pandas'],
    ['Scikit_Learn >= 1.0', 'scikit-learn>=1.0'],
    ['numpy==1.26.*', 'numpy==1.26.*'],
    ['requests[socks, security] >=2.0, <3', 'requests[security,socks]>=2.0,<3'],
    ['pyarrow (>=14, !=15.0.1)', 'pyarrow>=14,!=15.0.1'],
    ['six ~= 1.16', 'six~=1.16'],
    ['legacy === 1.0-custom', 'legacy===1.0-custom'],
    ['tomli; python_version < "3.11"', 'tomli; python_version < "3.11"'],
    [
      "pywin32 >= 300 ; sys_platform == 'win32' and (platform_machine != 'arm64' or python_version not  in '3.7 3.8')",
      "pywin32>=300; sys_platform == 'win32' and ( platform_machine != 'arm64' or python_version not in '3.7 3.8' )",
    ],
    ['x[]', 'x'],
  ])('%s → %s', (line, canonical) => {
    expect(canonicalRequirement(line)).toBe(canonical);
    expect(checkRequirements(`# deps\n\n${line}  # a comment\n`)).toBeUndefined();
  });

  const refused: [string, RequirementProblemReason][] = [
    ['evil @ http://127.0.0.1:8000/evil-1.0.tar.gz', 'url'],
    ['evil@https://example.com/evil.whl', 'url'],
    ['git+http://127.0.0.1/evil.git#egg=evil', 'url'],
    ['https://example.com/evil-1.0-py3-none-any.whl', 'url'],
    ['./local', 'url'],
    ['../up/evil', 'url'],
    ['/abs/evil', 'url'],
    ['~/evil', 'url'],
    ['file:evil', 'url'],
    ['file:///tmp/evil.whl', 'url'],
    ['evil/sub', 'url'],
    ['C:\\evil', 'url'],
    ['-e git+http://127.0.0.1/evil.git#egg=evil', 'option'],
    ['-e .', 'option'],
    ['-r other.txt', 'option'],
    ['-c constraints.txt', 'option'],
    ['--index-url http://127.0.0.1:8000/simple', 'option'],
    ['-i http://127.0.0.1:8000/simple', 'option'],
    ['--extra-index-url=http://127.0.0.1:8000/simple', 'option'],
    ['--find-links /tmp', 'option'],
    ['--no-binary :all:', 'option'],
    ['--trusted-host 127.0.0.1', 'option'],
    ['--pre', 'option'],
    ['--only-binary=:none:', 'option'],
    ['pandas --no-binary pandas', 'option'],
    ['pandas==2.0 --hash=sha256:0123456789abcdef', 'option'],
    ['pandas --config-settings=x=y', 'option'],
    [`pandas==$${'{'}HOME}`, 'invalid'],
    ['pandas \\', 'invalid'],
    ['pandas; evil', 'invalid'],
    ['pandas; os.name == "posix"', 'invalid'],
    ['pandas; python_version >= "3.8" and', 'invalid'],
    ['pandas; (python_version >= "3.8"', 'invalid'],
    ['pandas;', 'invalid'],
    ['pandas >=', 'invalid'],
    ['pandas (>=1', 'invalid'],
    ['pandas ()', 'invalid'],
    ['_private', 'invalid'],
    ['pan das', 'invalid'],
    ['pandas[x', 'invalid'],
    ['pandas==1.0"', 'invalid'],
    ['pandàs', 'invalid'],
  ];
  it.each(refused)('refuses %s (%s), naming the line', (line, reason) => {
    const problem = checkRequirements(`numpy\n# ok\n${line}\nscipy\n`);
    expect(problem).toEqual({ line: 3, text: line, reason });
    const code =
      reason === 'url'
        ? 'package.requirementUrl'
        : reason === 'option'
          ? 'package.requirementOption'
          : 'package.requirementInvalid';
    expect(requirementMessage(problem!)).toEqual({ code, params: { line: 3, text: line } });
    expect(serverMessageText(requirementMessage(problem!))).toContain(`Line 3 of requirements.txt`);
    expect(serverMessageText(requirementMessage(problem!))).toContain(`(${line})`);
  });

  it.each([
    ['NUL', 'pandas\u0000'],
    ['a carriage return alone', 'pandas\r--index-url http://x'],
    ['a vertical tab (a line break to Python)', 'pandas\u000b--index-url http://x'],
    ['a form feed', 'pandas\f'],
    ['NEL', 'pandas\u0085--pre'],
    ['a line separator', 'pandas\u2028--pre'],
    ['a paragraph separator in a comment', '# note\u2029--pre'],
    ['an escape', 'pandas\u001b[31m'],
    ['an unpaired surrogate', 'pandas # \ud800'],
  ])('refuses a control character: %s, without repeating the line', (_, line) => {
    const problem = checkRequirements(`numpy\n${line}\n`);
    expect(problem).toEqual({ line: 2, text: '', reason: 'control' });
    expect(requirementMessage(problem!)).toEqual({ code: 'package.requirementControl', params: { line: 2 } });
    expect(serverMessageText(requirementMessage(problem!))).toBe(
      'Line 2 of requirements.txt contains a control character',
    );
  });

  it('accepts tabs, CRLF line ends and comments in any language', () => {
    expect(parseRequirements('pandas\t>=2\r\n# données utiles\r\n\tnumpy\r\n')).toEqual({
      requirements: ['numpy', 'pandas>=2'],
    });
  });

  it('bounds the length of a line and of the file', () => {
    const long = `pandas; python_version >= "${'3'.repeat(MAX_REQUIREMENT_LINE_CHARS)}"`;
    const problem = checkRequirements(`numpy\n${long}\n`);
    expect(problem).toMatchObject({ line: 2, reason: 'tooLong' });
    expect(problem?.text.length).toBeLessThanOrEqual(81);
    expect(serverMessageText(requirementMessage(problem!))).toBe(
      `Line 2 of requirements.txt is longer than ${MAX_REQUIREMENT_LINE_CHARS} characters`,
    );
    const huge = '# padding\n'.repeat(MAX_REQUIREMENTS_CHARS / 10 + 1);
    expect(checkRequirements(huge)).toEqual({ line: 0, text: '', reason: 'tooLarge' });
    expect(requirementMessage(checkRequirements(huge)!)).toEqual({
      code: 'package.requirementsTooLarge',
      params: { max: MAX_REQUIREMENTS_CHARS },
    });
  });

  it('gives the requirements canonical, sorted and deduplicated', () => {
    expect(parseRequirements('PyArrow\npandas\n\npyarrow  # again\nNumPy>=1\n')).toEqual({
      requirements: ['numpy>=1', 'pandas', 'pyarrow'],
    });
    expect(parseRequirements('')).toEqual({ requirements: [] });
  });
});
