/**
 * One wave of viewers in a process of its own (run.ts forks it): the viewers' own work runs on its own event
 * loop, apart from the cluster's proxy, which runs in the bench's process (startCluster). Answers the timings,
 * the wave's wall time and the CPU it used.
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

process.once('message', async (wave: Wave) => {
  const timings: Timing[] = [];
  const before = await cpuSeconds(process.pid);
  const at = performance.now();
  await Promise.all(Array.from({ length: wave.viewers }, (_, n) => viewer(wave.base, wave.board, n, timings)));
  const wall = (performance.now() - at) / 1000;
  const result: WaveResult = { timings, wall, cpu: (await cpuSeconds(process.pid)) - before };
  process.send?.(result, () => process.exit(0));
});
