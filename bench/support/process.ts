/** What the benchmarks read of a process from Linux's /proc: CPU seconds and memory (0 once it is gone). */
import { readFile } from 'node:fs/promises';

/** CPU seconds (user + system, all threads) of a process so far (clock ticks of 1/100 s). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

/** This process's CPU seconds so far (user + system, all threads), to the microsecond. */
export function ownCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** A field of /proc/{pid}/status in kB (VmRSS, VmHWM...) as whole MB. */
async function statusMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The process's resident memory now, in MB. */
export const rssMb = (pid: number | 'self') => statusMb(pid, 'VmRSS');

/** The process's peak resident memory (the kernel's high-water mark), in MB. */
export const highWaterMb = (pid: number | 'self') => statusMb(pid, 'VmHWM');
