import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../modules/datasets/datasets.fixtures.ts';
import { type Environment, ensureEnvironment } from './envs.ts';
import type { Interpreter } from './interpreters.ts';
import { type RunResult, runFunction } from './run.ts';
import { type RunSpec, SandboxPool } from './serving.ts';
import { interpreter, sharedEnvsDir, writeTree } from './testing.ts';

/**
 * A hostile package against the host, with real bubblewrap: whatever its function leaves in the run's folder (links
 * to host files and folders, hard links, a FIFO, a link swapped in by a process that outlives the function, links
 * planted by the serving process before its run), the host neither follows it nor writes through it
 * (docs/security.md, "The host never follows what a sandbox leaves").
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-hostile-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let py: Interpreter;
let env: Environment;
let spec: RunSpec;

/** Host files the attacks aim at: a root-only secret, another tenant's segment, a folder of segments. */
const victims = path.join(tmp, 'victims');
const secret = path.join(victims, 'secret.txt');
const segment = path.join(victims, 'segments', 'other-tenant.parquet');
const SECRET = 'root-only secret';
const SEGMENT = 'another tenant segment';

beforeAll(async () => {
  py = await interpreter('3.11');
  env = await ensureEnvironment({ interpreter: py, requirements: 'polars', envsDir: sharedEnvsDir() });
  spec = { interpreter: py, envPath: env.envPath, packageDir: pkg, limits: { memoryMb: 512 } };
}, 300_000);

const pkg = writeTree(path.join(tmp, 'pkg'), {
  'attack.py': `import errno, json, os, subprocess, sys, threading, time

def emit(**event):
    os.write(3, (json.dumps(event) + "\\n").encode())

def link_result(victim: str):
    os.symlink(victim, "result.json")
    emit(event="result", file="result.json")
    os._exit(0)

def link_output(victim: str, file: str):
    os.makedirs("outputs", exist_ok=True)
    if file and not file.startswith("/") and ".." not in file:
        os.symlink(victim, "" + file)
    emit(event="output", name="evil", file=file, kind="pandas")
    os._exit(0)

def link_outputs_folder(folder: str, name: str):
    os.rmdir("outputs") if os.path.isdir("outputs") else None
    os.symlink(folder, "outputs")
    emit(event="output", name="evil", file="outputs/" + name, kind="pandas")
    os._exit(0)

def hard_links():
    tried = {}
    os.makedirs("outputs", exist_ok=True)
    for name, source in (("package", "/pkg/attack.py"), ("environment", sys.executable), ("usr", "/usr/bin/env")):
        try:
            os.link(source, "outputs/%s.parquet" % name)
            tried[name] = "linked"
        except OSError as err:
            tried[name] = errno.errorcode[err.errno]
    open("own.parquet", "wb").write(b"PAR1")
    os.link("own.parquet", "outputs/own.parquet")
    print(json.dumps(tried), flush=True)
    emit(event="output", name="own", file="outputs/own.parquet", kind="pandas")
    os._exit(0)

def fifo():
    os.mkfifo("result.json")
    emit(event="result", file="result.json")
    os._exit(0)

SWAPPER = """
import os, sys, time
victim = sys.argv[1]
while True:
    try:
        os.symlink(victim, "swap.tmp")
        os.replace("swap.tmp", "result.json")
    except OSError:
        pass
    with open("heartbeat", "a") as beat:
        beat.write("x")
    time.sleep(0.005)
"""

def swap_after_return(victim: str, marker: str):
    open("result.json", "w").write(json.dumps({"genuine": 1}))
    emit(event="result", file="result.json")
    quiet = subprocess.DEVNULL
    subprocess.Popen([sys.executable, "-c", SWAPPER, victim, marker], start_new_session=True, close_fds=True,
                     stdin=quiet, stdout=quiet, stderr=quiet)
    threading.Thread(target=exec, args=(SWAPPER.replace("sys.argv[1]", repr(victim)),), daemon=True).start()
    while not os.path.exists("heartbeat"):
        time.sleep(0.005)
    while not os.path.islink("result.json"):
        time.sleep(0.005)
    os._exit(0)

def echo(text: str):
    return {"text": text}
`,
  'boot/sitecustomize.py': `# Runs when the interpreter starts (a package variable PYTHONPATH=/pkg/boot): in the serving process, before any run.
import os
plant, name = os.environ.get("PLANT"), os.environ.get("PLANT_NAME", "")
try:
    if plant == "folder-link":
        os.symlink(os.environ["VICTIM_DIR"], "/work/" + name)
    elif plant == "folder":
        os.makedirs("/work/" + name + "/inputs")
        os.symlink(os.environ["VICTIM"], "/work/" + name + "/request.json")
except OSError:
    pass
`,
});

function resetVictims() {
  rmSync(victims, { recursive: true, force: true });
  mkdirSync(path.dirname(segment), { recursive: true });
  writeFileSync(secret, SECRET, { mode: 0o600 });
  writeFileSync(segment, SEGMENT);
}

/** The victims are as they were, and no file appeared beside them. */
function expectVictimsUntouched() {
  expect(readFileSync(secret, 'utf8')).toBe(SECRET);
  expect(lstatSync(secret).mode & 0o777).toBe(0o600);
  expect(readFileSync(segment, 'utf8')).toBe(SEGMENT);
  expect(readdirSync(path.dirname(segment))).toEqual(['other-tenant.parquet']);
}

/** The run failed, said why in words, and named no server path. */
function expectRefused(run: RunResult, reason: RegExp) {
  expect(run.outcome).toBe('error');
  expect(run.error).toMatch(reason);
  expect(run.error).not.toContain(tmp);
  expect(run.error).not.toContain(SECRET);
  expect(run.outputs).toEqual([]);
  expect(run.result).toBeUndefined();
}

async function attack(functionName: string, inputs: Record<string, string>, log?: (text: string) => void) {
  resetVictims();
  const runDir = mkdtempSync(path.join(tmp, 'run-'));
  const hostDir = `${runDir}.host`;
  const run = await runFunction({
    ...spec,
    runDir,
    hostDir,
    module: 'attack',
    functionName,
    inputs: Object.entries(inputs).map(([name, value]) => ({ name, type: 'string', value })),
    onLog: (_stream, text) => log?.(text),
  });
  return { run, runDir, hostDir };
}

describe('the host never follows what a run leaves in its folder', () => {
  it('refuses result.json as a link to a host file, and never reads it', async () => {
    const { run } = await attack('link_result', { victim: secret });
    expectRefused(run, /result.*could not be read: "result.json" is a link/);
    expectVictimsUntouched();
  });

  it("refuses an output that is a link to another tenant's segment, however it is named", async () => {
    for (const file of ['outputs/evil.parquet', 'evil.parquet']) {
      const { run, hostDir } = await attack('link_output', { victim: segment, file });
      expectRefused(run, new RegExp(`output was refused: "${file}" is a link`));
      expect(readdirSync(hostDir), 'nothing copied to the host').toEqual([]);
    }
    for (const file of [segment, '../../victims/secret.txt', 'outputs/../../x', '']) {
      const { run } = await attack('link_output', { victim: segment, file });
      expectRefused(run, /output was refused: a name that leaves the run's folder/);
    }
    expectVictimsUntouched();
  });

  it('refuses outputs/ itself as a link to a host folder', async () => {
    const { run } = await attack('link_outputs_folder', {
      folder: path.dirname(segment),
      name: 'other-tenant.parquet',
    });
    expectRefused(run, /output was refused: "outputs" in the run's folder is a link or a file, not a folder/);
    expectVictimsUntouched();
  });

  it('cannot hard-link a file it can read from outside /work, and a hard link inside it is refused', async () => {
    let log = '';
    const { run } = await attack('hard_links', {}, (text) => {
      log += text;
    });
    // link(2) across mounts is EXDEV: the package, the environment and /usr are other mounts in the sandbox.
    expect(JSON.parse(log)).toEqual({ package: 'EXDEV', environment: 'EXDEV', usr: 'EXDEV' });
    expectRefused(run, /output was refused: "outputs\/own.parquet" is a hard link/);
  });

  it('refuses a FIFO without waiting on it', async () => {
    const { run } = await attack('fifo', {});
    expectRefused(run, /"result.json" is not a regular file/);
  });

  it('a link swapped in by a process and a thread the function leaves behind: refused, and both are gone', async () => {
    const marker = `swapper-${process.pid}-${Date.now()}`;
    const { run, runDir } = await attack('swap_after_return', { victim: secret, marker });
    expectRefused(run, /"result.json" is a link/);
    expectVictimsUntouched();
    // runFunction settled only once every process of the sandbox was gone: the swapper's heartbeat stands still.
    const alive = () =>
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(marker));
    expect(alive()).toEqual([]);
    const beats = readFileSync(path.join(runDir, 'run', 'heartbeat'), 'utf8').length;
    await sleep(300);
    expect(readFileSync(path.join(runDir, 'run', 'heartbeat'), 'utf8').length).toBe(beats);
  });

  it('a genuine result still comes back', async () => {
    const { run } = await attack('echo', { text: 'fine' });
    expect(run).toMatchObject({ outcome: 'ok', result: { text: 'fine' } });
  });
});

describe('a sandbox that plants names before its run', () => {
  it("makes the run fail when its folder's name exists; the host writes nothing through the links", async () => {
    const input = path.join(tmp, 'input.parquet');
    writeFileSync(input, 'PAR1 host input');
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 3, idleMs: 60_000 });
    try {
      for (const plant of ['folder-link', 'folder']) {
        resetVictims();
        const runName = `run-${plant}`;
        const plantSpec = {
          ...spec,
          env: {
            PYTHONPATH: '/pkg/boot',
            PLANT: plant,
            PLANT_NAME: runName,
            VICTIM: secret,
            VICTIM_DIR: path.dirname(segment),
          },
        };
        const sandbox = pool.acquire(plantSpec);
        const planted = path.join(sandbox.dir, runName);
        await eventually(() => lstatSync(planted, { throwIfNoEntry: false }) !== undefined, plant);
        const run = await runFunction({
          ...plantSpec,
          sandbox,
          runName,
          hostDir: path.join(tmp, `${runName}.host`),
          module: 'attack',
          functionName: 'echo',
          inputs: [
            { name: 'df', type: 'dataframe', value: input },
            { name: 'text', type: 'string', value: 'x' },
          ],
        });
        await sandbox.discard();
        expect(run.outcome, plant).toBe('error');
        expect(run.error, plant).toBe(
          `The run's folder was changed before the run: "${runName}" already exists in the sandbox's folder (EEXIST)`,
        );
        expectVictimsUntouched();
        expect(existsSync(path.join(path.dirname(segment), 'input_0.parquet'))).toBe(false);
      }
    } finally {
      await pool.close();
    }
  });
});
