import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A per-run control group holding a run's memory and process limits, and telling afterwards whether the kernel's
 * OOM killer struck. cgroup v2 where this process may create a child group with the memory controller; otherwise
 * the v1 memory and pids hierarchies (hybrid hosts); otherwise none (the sandbox falls back to rlimits: ulimit -v).
 */
export interface RunCgroup {
  /** The cgroup.procs files the sandbox's first process writes itself into before it execs. */
  procsFiles: string[];
  /** How many times the OOM killer killed a process of this run. */
  oomKills(): number;
  /** Kills every process in the group now (a cancel or a timeout: whatever started, whenever it started). */
  killAll(): void;
  /** Waits until no process is left in the group (killing stragglers), then removes it. */
  remove(): Promise<void>;
}

type Kind = { version: 2; base: string } | { version: 1; memory?: string; pids?: string } | { version: 0 };

function ownPaths(): Map<string, string> {
  const byController = new Map<string, string>();
  try {
    for (const line of readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n')) {
      const [, controllers, where] = line.split(':');
      for (const c of controllers ? controllers.split(',') : ['']) byController.set(c, where);
    }
  } catch {}
  return byController;
}

function canCreateChild(parent: string, needs: string): boolean {
  const probe = path.join(parent, `tessera-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    const ok = existsSync(path.join(probe, needs));
    rmdirSync(probe);
    return ok;
  } catch {
    return false;
  }
}

let detected: Kind | undefined;

export function cgroupKind(): Kind {
  if (detected) return detected;
  const own = ownPaths();
  const unified = own.get('');
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
    if (unified === undefined) break;
    const base = path.join(root, unified);
    if (existsSync(path.join(root, 'cgroup.controllers')) && canCreateChild(base, 'memory.max')) {
      detected = { version: 2, base };
      return detected;
    }
  }
  const memoryAt = own.get('memory');
  const pidsAt = own.get('pids');
  const memory = memoryAt !== undefined ? path.join('/sys/fs/cgroup/memory', memoryAt) : undefined;
  const pids = pidsAt !== undefined ? path.join('/sys/fs/cgroup/pids', pidsAt) : undefined;
  const v1 = {
    version: 1 as const,
    memory: memory && canCreateChild(memory, 'memory.limit_in_bytes') ? memory : undefined,
    pids: pids && canCreateChild(pids, 'pids.max') ? pids : undefined,
  };
  detected = v1.memory || v1.pids ? v1 : { version: 0 };
  return detected;
}

export const cgroupLabel = () => {
  const kind = cgroupKind();
  if (kind.version === 2) return 'cgroup v2';
  if (kind.version === 1)
    return `cgroup v1 (${[kind.memory && 'memory', kind.pids && 'pids'].filter(Boolean).join(', ')})`;
  return 'no writable cgroup (rlimits only, no process limit)';
};

const tryWrite = (file: string, value: string) => {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
};

function readCounter(file: string, key: string): number {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${key} `));
    return line ? Number(line.split(' ')[1]) : 0;
  } catch {
    return 0;
  }
}

function procsOf(dir: string): number[] {
  try {
    return readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function emptyAndRemove(dir: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const left = procsOf(dir);
    if (!left.length) break;
    if (i > 20) for (const pid of left) tryKill(pid);
    await sleep(5);
  }
  try {
    rmdirSync(dir);
  } catch {}
}

export function tryKill(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {}
}

/** Creates the run's group with its limits, or returns undefined when no cgroup is writable here. */
export function createRunCgroup(limits: { memoryMb: number; pids: number }): RunCgroup | undefined {
  const kind = cgroupKind();
  const name = `tessera-run-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const bytes = String(limits.memoryMb * 1024 * 1024);
  if (kind.version === 2) {
    const dir = path.join(kind.base, name);
    mkdirSync(dir);
    tryWrite(path.join(dir, 'memory.max'), bytes);
    tryWrite(path.join(dir, 'memory.swap.max'), '0');
    tryWrite(path.join(dir, 'pids.max'), String(limits.pids));
    const killAll = () => tryWrite(path.join(dir, 'cgroup.kill'), '1');
    return {
      procsFiles: [path.join(dir, 'cgroup.procs')],
      oomKills: () => readCounter(path.join(dir, 'memory.events'), 'oom_kill'),
      killAll,
      remove: async () => {
        killAll();
        await emptyAndRemove(dir);
      },
    };
  }
  if (kind.version === 1) {
    const dirs: string[] = [];
    let memoryDir: string | undefined;
    if (kind.memory) {
      memoryDir = path.join(kind.memory, name);
      mkdirSync(memoryDir);
      tryWrite(path.join(memoryDir, 'memory.limit_in_bytes'), bytes);
      tryWrite(path.join(memoryDir, 'memory.memsw.limit_in_bytes'), bytes);
      dirs.push(memoryDir);
    }
    if (kind.pids) {
      const dir = path.join(kind.pids, name);
      mkdirSync(dir);
      tryWrite(path.join(dir, 'pids.max'), String(limits.pids));
      dirs.push(dir);
    }
    return {
      procsFiles: dirs.map((d) => path.join(d, 'cgroup.procs')),
      oomKills: () => (memoryDir ? readCounter(path.join(memoryDir, 'memory.oom_control'), 'oom_kill') : 0),
      killAll: () => {
        for (const dir of dirs) for (const pid of procsOf(dir)) tryKill(pid);
      },
      remove: async () => {
        await Promise.all(dirs.map(emptyAndRemove));
      },
    };
  }
  return undefined;
}
