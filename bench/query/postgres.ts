/**
 * PostgreSQL side of the query benchmark: the same CSV loaded into `{schema}.sales` with psql's `\copy`
 * (client-side COPY FROM STDIN: no server file permissions needed), typed columns, `ANALYZE`d, no index
 * (nothing here would use one but the table's sort, which has none on the Tessera side either). The schema is
 * the benchmark's own (`bench_query_{pid}`) and is dropped at the end.
 *
 * PostgreSQL runs as installed (15, its default settings: parallel query with 2 workers per gather, 4 MB
 * work_mem); the benchmark changes none of them.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

export interface Postgres {
  table: string;
  rows: number;
  loadSeconds: number;
  /** Runs a statement, answering its rows. */
  query(sql: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

function psql(url: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-At', '-c', command], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`psql exited with ${code}: ${err}`))));
  });
}

export async function loadPostgres(url: string, csv: string): Promise<Postgres> {
  const schema = `bench_query_${process.pid}`;
  const table = `${schema}.sales`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const drop = async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  };
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`CREATE TABLE ${table} (
      id bigint, category text, region text, sold_at timestamp, amount double precision, quantity integer, note text)`);
    const started = performance.now();
    const literal = `'${csv.replaceAll("'", "''")}'`;
    const output = await psql(url, `\\copy ${table} FROM ${literal} WITH (FORMAT csv, HEADER true)`);
    await client.query(`ANALYZE ${table}`);
    const loadSeconds = (performance.now() - started) / 1000;
    const rows = Number(/COPY (\d+)/.exec(output)?.[1] ?? 0);
    return {
      table,
      rows,
      loadSeconds,
      query: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
      drop,
    };
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
}
