// `npm run dev`: the API (PORT 3000, restarted by tsx watch on a change) and Vite with hot reload on
// http://localhost:5173, which proxies /api and /socket.io to the API. Ctrl-C stops both; if either one
// exits, the other is stopped too so that no orphan keeps a port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  {
    name: 'api',
    // WEB_DIST is left empty so that the API does not serve a stale build; the browser uses Vite's server.
    child: spawn(bin('tsx'), ['watch', '--clear-screen=false', 'packages/server/src/main.ts'], {
      cwd: root,
      env: { PORT: '3000', LOG_LEVEL: 'info', ...process.env, WEB_DIST: '' },
      stdio: 'inherit',
      detached: true,
    }),
  },
  {
    name: 'web',
    child: spawn(bin('vite'), [], {
      cwd: path.join(root, 'packages/web'),
      env: process.env,
      stdio: 'inherit',
      detached: true,
    }),
  },
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    // Each child leads its own process group (detached): signal the group so that grandchildren stop too.
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
  }
  const forced = setTimeout(() => {
    for (const { child } of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    process.exit(code);
  }, 5000);
  forced.unref();
  Promise.all(
    children.map(
      ({ child }) =>
        new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r))),
    ),
  ).then(() => process.exit(code));
}

for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`dev: ${name} stopped (${signal ?? `exit ${code}`}); stopping the other one`);
      stopAll(code ?? 1);
    }
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log('dev: API on http://localhost:3000, web app with hot reload on http://localhost:5173');
