import { findInterpreters, type Interpreter } from './interpreters.ts';
import { pipSetup } from './pip.ts';
import { type SandboxStatus, sandboxStatus } from './sandbox.ts';

export interface RunnerReport {
  interpreters: Interpreter[];
  sandbox: SandboxStatus;
}

/**
 * Start-up work, so the first build and the first run pay nothing extra: finds the interpreters, probes the sandbox
 * and reads pip's settings for each interpreter (what a warm build's key needs). Log what it returns: which Python
 * versions this server offers and whether runs are isolated (say plainly when they are not).
 */
export async function prepareRunner(): Promise<RunnerReport> {
  const [interpreters, sandbox] = await Promise.all([findInterpreters(), sandboxStatus()]);
  await Promise.all(interpreters.filter((i) => i.available).map((i) => pipSetup(i.path).catch(() => undefined)));
  return { interpreters, sandbox };
}
