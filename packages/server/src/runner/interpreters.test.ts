import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildFailedError, InterpreterMissingError } from './errors.ts';
import { findInterpreters, interpreterFor } from './interpreters.ts';

describe('findInterpreters', () => {
  it('takes a version from its PYTHON_3_x variable, resolved to the real binary', async () => {
    const real = (await findInterpreters()).find((i) => i.version === '3.9');
    expect(real?.available).toBe(true);
    const found = await findInterpreters({ env: { PATH: '', PYTHON_3_9: real!.path } });
    expect(found.find((i) => i.version === '3.9')).toMatchObject({ available: true, path: real!.path });
    expect(found.find((i) => i.version === '3.11')).toMatchObject({
      available: false,
      reason: 'python3.11 was not found',
    });
  });

  it('goes past a pyenv shim of a version pyenv lacks to the next python on PATH, without calling the shim', async () => {
    const real = (await findInterpreters()).find((i) => i.version === '3.11')!;
    const root = mkdtempSync(path.join(os.tmpdir(), 'tessera-pyenv-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    for (const dir of ['shims', 'versions', 'bin']) mkdirSync(path.join(root, dir));
    writeFileSync(path.join(root, 'shims', 'python3.11'), '#!/usr/bin/env bash\n# pyenv shim\nsleep 30\n', {
      mode: 0o755,
    });
    symlinkSync(real.path, path.join(root, 'bin', 'python3.11'));
    const PATH = [path.join(root, 'shims'), path.join(root, 'bin')].join(':');
    const found = await findInterpreters({ env: { PATH, PYENV_ROOT: root } });
    expect(found.find((i) => i.version === '3.11')).toMatchObject({ available: true, path: real.path });
  });

  it('marks a configured path that is not the right Python as unavailable, with the reason', async () => {
    const py311 = (await findInterpreters()).find((i) => i.version === '3.11')!;
    const found = await findInterpreters({
      env: { PATH: '', PYTHON_3_10: py311.path, PYTHON_3_12: '/nowhere/python' },
    });
    expect(found.find((i) => i.version === '3.10')).toMatchObject({
      available: false,
      reason: `${py311.path} is Python ${py311.fullVersion}`,
    });
    expect(found.find((i) => i.version === '3.12')?.reason).toMatch(/^\/nowhere\/python does not run/);
  });

  it('gives the interpreter of a base image, or a build error naming the missing version', async () => {
    expect((await interpreterFor('3.11')).fullVersion).toMatch(/^3\.11\./);
    const error = await interpreterFor('3.6').catch((err) => err);
    expect(error).toBeInstanceOf(InterpreterMissingError);
    expect(error).toBeInstanceOf(BuildFailedError);
    expect(error.message).toMatch(/^Python 3\.6 is not installed on this server \(installed: 3\.7\.\d+, /);
  });
});
