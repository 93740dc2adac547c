import { existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../modules/datasets/datasets.fixtures.ts';
import { startDashApp } from './dash.ts';
import { type Environment, ensureEnvironment } from './envs.ts';
import type { Interpreter } from './interpreters.ts';
import { interpreter, sharedEnvsDir, writeTree } from './testing.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-dash-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let py: Interpreter;
let env: Environment;
beforeAll(async () => {
  py = await interpreter('3.11');
  env = await ensureEnvironment({ interpreter: py, requirements: 'dash', envsDir: sharedEnvsDir() });
}, 300_000);

const pkg = writeTree(path.join(tmp, 'pkg'), {
  'board.py': `import os
from dash import Dash, html, dcc, Input, Output
app = Dash(__name__)
app.layout = html.Div([dcc.Input(id="in", value="hello"), html.Div(id="out")])

@app.callback(Output("out", "children"), Input("in", "value"))
def echo(value):
    return "you typed " + value + " as " + str(os.getuid()) + " " + os.environ.get("GREETING", "")
`,
  'planter.py': `import os
from dash import Dash, html
app = Dash(__name__)
app.layout = html.Div("planter")
victim = os.environ["VICTIM_SOCKET"]
if os.environ.get("PLANT_AT_START"):
    os.symlink(victim, "/work/app.sock")
else:
    # Once serving (its socket already moved by the host), plant a link where the socket was.
    @app.server.before_request
    def plant():
        if not os.path.lexists("/work/planted"):
            os.symlink(victim, "/work/app.sock")
            open("/work/planted", "w").close()
`,
  'broken.py': 'from dash import Dash\napp = Dash(__name__)\nraise RuntimeError("the app is broken on purpose")\n',
});

function request(socketPath: string, urlPath: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        path: urlPath,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

describe('startDashApp', () => {
  it('serves the app on a Unix socket under its prefix, callbacks included, and stops it', async () => {
    const socketDir = mkdtempSync(path.join(tmp, 's-'));
    const basePath = '/apps/p1/board/';
    const app = await startDashApp({
      interpreter: py,
      envPath: env.envPath,
      packageDir: pkg,
      module: 'board',
      variable: 'app',
      socketDir,
      basePath,
      env: { GREETING: 'hi' },
    });
    try {
      const page = await request(app.socketPath, basePath);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`"url_base_pathname":"${basePath.replaceAll('/', '\\u002f')}"`);
      expect(page.text).toContain(`src="${basePath}_dash-component-suites/`);
      const layout = await request(app.socketPath, `${basePath}_dash-layout`);
      expect(JSON.parse(layout.text).props.children[0].props.id).toBe('in');
      const update = await request(app.socketPath, `${basePath}_dash-update-component`, {
        output: 'out.children',
        outputs: { id: 'out', property: 'children' },
        inputs: [{ id: 'in', property: 'value', value: 'abc' }],
        changedPropIds: ['in.value'],
      });
      expect(JSON.parse(update.text).response.out.children).toBe('you typed abc as 65534 hi');
      const viaHandle = await new Promise<number>((resolve, reject) =>
        http
          .get({ path: basePath, createConnection: () => app.createConnection() }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject),
      );
      expect(viaHandle).toBe(200);
    } finally {
      await app.stop();
    }
    expect((await app.exited).outcome).toBe('cancelled');
    expect(existsSync(app.socketPath)).toBe(false);
  });

  it('never connects through a link the app plants in its folder in place of its socket', async () => {
    // A socket of the host the app must not reach (as PostgreSQL's or Redis's would be).
    const victimSocket = path.join(tmp, 'victim.sock');
    let connections = 0;
    const victim = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => victim.listen(victimSocket, resolve));
    try {
      const socketDir = mkdtempSync(path.join(tmp, 's-'));
      const app = await startDashApp({
        interpreter: py,
        envPath: env.envPath,
        packageDir: pkg,
        module: 'planter',
        variable: 'app',
        socketDir,
        basePath: '/apps/p1/planter/',
        env: { VICTIM_SOCKET: victimSocket },
      });
      try {
        expect(path.dirname(app.socketPath), 'the host connects in a folder of its own').not.toBe(socketDir);
        await request(app.socketPath, '/apps/p1/planter/_dash-layout');
        await eventually(() => existsSync(path.join(socketDir, 'planted')), 'the app planted its link');
        expect(lstatSync(path.join(socketDir, 'app.sock')).isSymbolicLink()).toBe(true);
        for (let i = 0; i < 3; i++) {
          const page = await request(app.socketPath, '/apps/p1/planter/_dash-layout');
          expect(page.text).toContain('planter');
        }
      } finally {
        await app.stop();
      }
      // Planted before it serves: the app cannot bind its socket, fails to start, and the host never connects.
      await expect(
        startDashApp({
          interpreter: py,
          envPath: env.envPath,
          packageDir: pkg,
          module: 'planter',
          variable: 'app',
          socketDir: mkdtempSync(path.join(tmp, 's-')),
          basePath: '/apps/p1/planted/',
          env: { VICTIM_SOCKET: victimSocket, PLANT_AT_START: '1' },
          startSeconds: 20,
        }),
      ).rejects.toThrow(/Address already in use|did not answer/);
      expect(connections).toBe(0);
    } finally {
      victim.close();
    }
  });

  it('stops an app left idle', async () => {
    const app = await startDashApp({
      interpreter: py,
      envPath: env.envPath,
      packageDir: pkg,
      module: 'board',
      variable: 'app',
      socketDir: mkdtempSync(path.join(tmp, 's-')),
      basePath: '/apps/p1/idle/',
      idleMinutes: 0.02,
    });
    app.touch();
    expect((await app.exited).outcome).toBe('cancelled');
    expect(existsSync(app.socketPath)).toBe(false);
  });

  it("rejects with the app's own error lines when it cannot start", async () => {
    const socketDir = mkdtempSync(path.join(tmp, 's-'));
    await expect(
      startDashApp({
        interpreter: py,
        envPath: env.envPath,
        packageDir: pkg,
        module: 'broken',
        variable: 'app',
        socketDir,
        basePath: '/apps/p1/broken/',
      }),
    ).rejects.toThrow(/RuntimeError: the app is broken on purpose/);
    // Its lines name the package's file and the libraries as site-packages/…, never a server path.
    const failure = await startDashApp({
      interpreter: py,
      envPath: env.envPath,
      packageDir: pkg,
      module: 'broken',
      variable: 'app',
      socketDir: mkdtempSync(path.join(tmp, 's-')),
      basePath: '/apps/p1/broken/',
    }).catch((err: Error) => err.message);
    expect(failure).toMatch(/File "broken.py", line 3/);
    for (const server of [env.envPath, tmp, '/pkg/', '/runner/']) expect(failure).not.toContain(server);
  });
});
