/**
 * The viewers, in a process of their own (run.ts forks it once for the whole bench): their work runs on its own
 * event loop, apart from the cluster's proxy, which runs in the bench's process (startCluster). The process lives
 * through every wave, and the unmeasured viewers that warm each API process run in it too, so that its code is
 * compiled and warm before a wave is measured, as a browser's network code is (a fresh process per wave spent the
 * first wave's time on compiling its own code while the viewers waited on it).
 *
 * Each message is a wave (measured or not: the bench decides), answered with its timings, its wall time and the
 * CPU it used.
 */
import { cpuSeconds } from '../support/process.ts';
import { type PublicDashboard, type Timing, viewer } from './world.ts';

export interface Wave {
  base: string;
  board: PublicDashboard;
  viewers: number;
}

export interface WaveResult {
  timings: Timing[];
  /** Seconds from the first viewer's start to the last one's end. */
  wall: number;
  /** CPU seconds (user + system) the viewers used. */
  cpu: number;
}

async function run(wave: Wave): Promise<WaveResult> {
  const timings: Timing[] = [];
  const before = await cpuSeconds(process.pid);
  const at = performance.now();
  await Promise.all(Array.from({ length: wave.viewers }, (_, n) => viewer(wave.base, wave.board, n, timings)));
  const wall = (performance.now() - at) / 1000;
  return { timings, wall, cpu: (await cpuSeconds(process.pid)) - before };
}

process.on('message', async (wave: Wave) => process.send?.(await run(wave)));
process.once('disconnect', () => process.exit(0));
