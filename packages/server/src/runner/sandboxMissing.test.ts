import { afterEach, describe, expect, it, vi } from 'vitest';
import { interpreter } from './testing.ts';

/** A host without a working bubblewrap (BWRAP_BIN points nowhere): `auto` runs unisolated and says so, `required` refuses. */
describe('the sandbox where bubblewrap is missing', () => {
  afterEach(() => {
    delete process.env.BWRAP_BIN;
    delete process.env.SANDBOX;
    vi.resetModules();
  });

  async function freshSandbox() {
    process.env.BWRAP_BIN = '/nonexistent/bwrap';
    vi.resetModules();
    return import('./sandbox.ts');
  }

  it('auto: runs without isolation and says why', async () => {
    const { runSandboxed, sandboxStatus } = await freshSandbox();
    expect(await sandboxStatus()).toEqual({
      mode: 'auto',
      active: false,
      reason: 'bubblewrap (bwrap) is not installed',
    });
    const py = await interpreter('3.11');
    const run = await runSandboxed({ interpreter: py, runDir: process.cwd(), argv: [py.path, '-c', 'pass'] });
    expect(run).toMatchObject({ outcome: 'ok', sandboxed: false });
  });

  it('required: refuses to run', async () => {
    const { runSandboxed, sandboxStatus } = await freshSandbox();
    process.env.SANDBOX = 'required';
    expect(await sandboxStatus()).toMatchObject({ mode: 'required', active: false });
    const py = await interpreter('3.11');
    await expect(
      runSandboxed({ interpreter: py, runDir: process.cwd(), argv: [py.path, '-c', 'pass'] }),
    ).rejects.toThrow('SANDBOX=required but bubblewrap (bwrap) is not installed');
  });
});
