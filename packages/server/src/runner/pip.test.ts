import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pipErrorLines } from './envs.ts';
import { defaultFlags, localPathBinds, parseConfigList, settingsAsEnv } from './pip.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-pip-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

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
    expect(settingsAsEnv(settings)).toEqual({
      PIP_INDEX_URL: 'https://b.example/simple',
      PIP_TIMEOUT: '180',
      PIP_FIND_LINKS: '/opt/wheels',
    });
  });

  it('mounts the local folders they name (a simple index by the folder holding it)', () => {
    mkdirSync(path.join(tmp, 'index', 'simple'), { recursive: true });
    mkdirSync(path.join(tmp, 'wheels'));
    const binds = localPathBinds({
      'index-url': 'https://pypi.org/simple',
      'extra-index-url': `file://${tmp}/index/simple/ https://other.example/simple`,
      'find-links': `${tmp}/wheels /does/not/exist`,
      timeout: '15',
    });
    expect(binds).toEqual([
      { src: path.join(tmp, 'index'), dest: path.join(tmp, 'index') },
      { src: path.join(tmp, 'wheels'), dest: path.join(tmp, 'wheels') },
    ]);
  });

  it("adds the project's defaults unless the operator set them", () => {
    expect(defaultFlags({})).toEqual(
      expect.arrayContaining(['--retries', '1', '--timeout', '15', '--only-binary', ':all:']),
    );
    const flags = defaultFlags({ PIP_RETRIES: '5', PIP_TIMEOUT: '100', PIP_NO_BINARY: 'mypkg' });
    expect(flags).not.toContain('--retries');
    expect(flags).not.toContain('--timeout');
    expect(flags).not.toContain('--only-binary');
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
