import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_SANDBOX, ensureEnvironment } from './envs.ts';
import { BuildFailedError } from './errors.ts';
import type { Interpreter } from './interpreters.ts';
import { runSandboxed } from './sandbox.ts';
import { interpreter } from './testing.ts';

/**
 * A build runs no tenant code and reaches only the configured index (docs/security.md, "Builds"): requirement
 * lines that would make pip fetch a URL, use another index or build an sdist are refused before pip starts; the
 * wheels are downloaded on the host, wheels only; the install runs in a sandbox without network.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-build-isolation-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A local HTTP server standing for any host a build could try to reach: it counts what it is asked. */
const requests: string[] = [];
let server: Server;
let port: number;
let py: Interpreter;
beforeAll(async () => {
  py = await interpreter('3.11');
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const connect = (host: string, to: number) =>
  [
    'import socket, sys',
    'try:',
    `    s = socket.create_connection((${JSON.stringify(host)}, ${to}), timeout=5)`,
    '    s.sendall(b"GET /from-the-sandbox HTTP/1.0\\r\\n\\r\\n"); print(s.recv(100)); sys.exit(0)',
    'except OSError as e:',
    '    print("no network:", e); sys.exit(3)',
  ].join('\n');

describe("a build's sandbox", () => {
  it('has no network: the host cannot be reached from it (and can be with network, so the test can fail)', async () => {
    const attempt = async (network: boolean) => {
      let out = '';
      const result = await runSandboxed({
        interpreter: py,
        runDir: mkdtempSync(path.join(tmp, 'net-')),
        argv: [py.path, '-c', connect('127.0.0.1', port)],
        ...BUILD_SANDBOX,
        network,
        onStdout: (c) => {
          out += c;
        },
      });
      return { result, out };
    };
    requests.length = 0;
    const isolated = await attempt(BUILD_SANDBOX.network);
    expect(isolated.result).toMatchObject({ sandboxed: true, exitCode: 3 });
    expect(isolated.out).toMatch(/no network/);
    expect(requests).toEqual([]);
    const shared = await attempt(true);
    expect(shared.result.exitCode, shared.out).toBe(0);
    expect(requests).toEqual(['/from-the-sandbox']);
  });
});

describe('requirements that would fetch or build code elsewhere', () => {
  const envsDir = path.join(tmp, 'envs');
  it.each([
    ['a direct-URL sdist', `evil @ http://127.0.0.1:{port}/evil-1.0.tar.gz`, 'is a URL or a path'],
    ['a VCS requirement', `-e git+http://127.0.0.1:{port}/evil.git#egg=evil`, 'is a pip option'],
    [
      'another index with sdists',
      `--index-url http://127.0.0.1:{port}/simple\n--no-binary :all:\nevil`,
      'is a pip option',
    ],
    ['a bare URL', `http://127.0.0.1:{port}/evil-1.0-py3-none-any.whl`, 'is a URL or a path'],
    ['another requirements file', '-r /etc/passwd', 'is a pip option'],
    ['a local path', './local', 'is a URL or a path'],
  ])('%s: the build fails naming the line, and nothing is fetched', async (_, text, why) => {
    requests.length = 0;
    const error = await ensureEnvironment({
      interpreter: py,
      requirements: `six\n${text.replaceAll('{port}', String(port))}\n`,
      envsDir,
    }).catch((err) => err);
    expect(error).toBeInstanceOf(BuildFailedError);
    expect(error.message).toMatch(new RegExp(`^Line 2 of requirements\\.txt ${why} \\(`));
    expect(requests).toEqual([]);
    expect(existsSync(envsDir) ? readdirSync(envsDir) : []).toEqual([]);
  });
});

describe('wheels only, whatever the operator set', () => {
  const saved = { PIP_NO_BINARY: process.env.PIP_NO_BINARY, PIP_FIND_LINKS: process.env.PIP_FIND_LINKS };
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('never builds an sdist (PIP_NO_BINARY=:all: and an sdist on the find-links): its build backend never runs', {
    timeout: 120_000,
  }, async () => {
    const links = path.join(tmp, 'links');
    const proof = path.join(tmp, 'backend-ran');
    mkdirSync(links);
    // An sdist with an in-tree build backend that needs nothing: building it (even only for its metadata) runs
    // backend.py, which leaves the proof file. Outside this test, pip without --only-binary does exactly that.
    const files = {
      'evilsdist-1.0/pyproject.toml':
        '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n',
      'evilsdist-1.0/backend.py': `open(${JSON.stringify(proof)}, "w").write("ran")\n`,
      'evilsdist-1.0/PKG-INFO': 'Metadata-Version: 2.1\nName: evilsdist\nVersion: 1.0\n',
    };
    const tar = [
      'import io, json, sys, tarfile',
      'with tarfile.open(sys.argv[1], "w:gz") as t:',
      '    for name, text in json.loads(sys.argv[2]).items():',
      '        data = text.encode(); info = tarfile.TarInfo(name); info.size = len(data)',
      '        t.addfile(info, io.BytesIO(data))',
    ].join('\n');
    execFileSync(py.path, ['-c', tar, path.join(links, 'evilsdist-1.0.tar.gz'), JSON.stringify(files)]);
    process.env.PIP_NO_BINARY = ':all:';
    process.env.PIP_FIND_LINKS = `${saved.PIP_FIND_LINKS ?? ''} ${links}`.trim();
    const envsDir = path.join(tmp, 'wheels-only');
    const error = await ensureEnvironment({ interpreter: py, requirements: 'evilsdist', envsDir }).catch((e) => e);
    expect(error).toBeInstanceOf(BuildFailedError);
    expect(error.lines.join('\n')).toMatch(/No matching distribution found for evilsdist/);
    expect(existsSync(proof)).toBe(false);
    // The same setting does not stop wheels: six (a wheel only, on this machine's index) builds, offline.
    const log: string[] = [];
    const env = await ensureEnvironment({
      interpreter: py,
      requirements: 'six',
      envsDir,
      log: (l) => log.push(l),
    });
    expect(existsSync(path.join(env.envPath, 'tessera-env.json'))).toBe(true);
    const install = log.slice(log.indexOf('Installing six')).join('\n');
    expect(install).toMatch(/Looking in links: \/opt\/tessera-build\/wheels/);
    expect(install).not.toMatch(/Looking in indexes/);
    expect(readdirSync(envsDir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
