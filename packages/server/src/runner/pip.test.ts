import { describe, expect, it } from 'vitest';
import { pipErrorLines } from './envs.ts';
import { defaultFlags, parseConfigList } from './pip.ts';

describe("the operator's pip settings", () => {
  it('reads `pip config list`, the environment winning over install over global', () => {
    const settings = parseConfigList(
      [
        "global.index-url='https://a.example/simple'",
        "global.timeout='60'",
        "install.index-url='https://b.example/simple'",
        ":env:.timeout='180'",
        ":env:.find_links='/opt/wheels'",
        "download.dest='/x'",
        'not a setting',
      ].join('\n'),
    );
    expect(settings).toEqual({ 'index-url': 'https://b.example/simple', timeout: '180', 'find-links': '/opt/wheels' });
  });

  it("adds the project's defaults unless the operator set them, and always asks for wheels only", () => {
    expect(defaultFlags({})).toEqual(
      expect.arrayContaining(['--retries', '1', '--timeout', '15', '--only-binary', ':all:']),
    );
    const flags = defaultFlags({
      PIP_RETRIES: '5',
      PIP_TIMEOUT: '100',
      PIP_NO_BINARY: ':all:',
      PIP_ONLY_BINARY: ':none:',
    });
    expect(flags).not.toContain('--retries');
    expect(flags).not.toContain('--timeout');
    expect(flags.slice(flags.indexOf('--only-binary'))).toEqual(['--only-binary', ':all:']);
  });

  it("keeps pip's error lines from its output", () => {
    const output = [
      'Looking in indexes: https://pypi.org/simple',
      'WARNING: Retrying ...',
      'ERROR: Could not find a version that satisfies the requirement nope==1 (from versions: none)',
      'ERROR: No matching distribution found for nope==1',
      '',
    ].join('\n');
    expect(pipErrorLines(output)).toEqual([
      'ERROR: Could not find a version that satisfies the requirement nope==1 (from versions: none)',
      'ERROR: No matching distribution found for nope==1',
    ]);
    expect(pipErrorLines('Traceback\n  boom\nOSError: x')).toEqual(['Traceback', '  boom', 'OSError: x']);
  });
});
