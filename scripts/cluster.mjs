// `npm run cluster`: API_PROCESSES API processes (default 2) and WORKER_PROCESSES workers (default 2) on
// DATABASE_URL and REDIS_URL (both required), behind one address on PORT (default 3000). Each process keeps its
// own files in DATA_DIR/{role}-{n}; the shared ones live in STORAGE_DIR (default DATA_DIR/storage).
// See packages/server/src/cluster/ and docs/operations.md. Ctrl-C stops them all.
import { startCluster } from '../packages/server/src/cluster/cluster.ts';

const count = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 64) throw new Error(`${name} must be a whole number, 0 to 64`);
  return value;
};
const apis = Math.max(1, count('API_PROCESSES', 2));
const workers = count('WORKER_PROCESSES', 2);
const cluster = await startCluster({
  apis,
  workers,
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '0.0.0.0',
  dataDir: process.env.DATA_DIR ?? './data',
  storageDir: process.env.STORAGE_DIR,
  env: { ...process.env, PORT: undefined, HOST: undefined, DATA_DIR: undefined },
  onLine: (name, line) => console.log(`${name.padEnd(9)} ${line}`),
});
console.log(`Tessera is serving on ${cluster.url} (${apis} API processes, ${workers} workers)`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  });
}
