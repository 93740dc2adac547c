import { describe, expect, it } from 'vitest';
import { defaultMemoryLimit, engineInfo, withConnection, withIngestConnection } from './engine.ts';
import { queryOne } from './sql.ts';
import { useTestEngine } from './testing.ts';

const env = useTestEngine();

describe('engine', () => {
  it('memory limit defaults to a quarter of RAM within 1-8 GB (6 GB on the 24 GB reference machine)', () => {
    expect(defaultMemoryLimit(24 * 2 ** 30)).toBe('6GB');
    expect(defaultMemoryLimit(2 * 2 ** 30)).toBe('1GB');
    expect(defaultMemoryLimit(128 * 2 ** 30)).toBe('8GB');
  });

  it('spills to a temp folder under the data dir', async () => {
    const info = await engineInfo();
    expect(info.tempDir.startsWith(env.dataDir)).toBe(true);
    expect(info.poolSize).toBe(3);
  });

  it('serves more concurrent callers than connections, each on its own connection at a time', async () => {
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        withConnection(async (c) => {
          active++;
          peak = Math.max(peak, active);
          const row = await queryOne(c, 'SELECT CAST($1 AS INTEGER) * 2 AS v', [i]);
          await new Promise((r) => setTimeout(r, 5));
          active--;
          return row.v;
        }),
      ),
    );
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(peak).toBe(3);
  });

  it('a failing callback returns its connection to the pool', async () => {
    for (let i = 0; i < 5; i++) {
      await expect(withConnection(async (c) => c.run('SELECT * FROM no_such_table'))).rejects.toThrow();
    }
    expect(await withConnection((c) => queryOne(c, 'SELECT 1 AS one'))).toEqual({ one: 1 });
  });

  it('is locked down: no files outside the allowed folders, no configuration changes', async () => {
    await expect(withConnection((c) => c.run("SELECT * FROM read_csv('/etc/passwd')"))).rejects.toThrow(/Permission/);
    await expect(withConnection((c) => c.run("COPY (SELECT 1) TO '/tmp/escape.csv'"))).rejects.toThrow(/Permission/);
    await expect(withConnection((c) => c.run('SET enable_external_access = true'))).rejects.toThrow(/locked/);
    await expect(withConnection((c) => c.run('INSTALL httpfs'))).rejects.toThrow();
  });

  it('imports run on their own instance with a bounded memory and the same threads, locked down the same way', async () => {
    const setting = (name: string) => `SELECT current_setting('${name}') AS v`;
    const { threads } = await engineInfo();
    expect(await withIngestConnection((c) => queryOne(c, setting('threads')))).toEqual({ v: threads });
    expect(await withConnection((c) => queryOne(c, setting('threads')))).toEqual({ v: threads });
    const limit = await withIngestConnection((c) => queryOne(c, setting('memory_limit')));
    expect(String(limit.v)).toMatch(/^(953\.6 MiB|1\.0 GiB|1000\.0 MB)$/);
    await expect(withIngestConnection((c) => c.run("SELECT * FROM read_csv('/etc/passwd')"))).rejects.toThrow(
      /Permission/,
    );
    await expect(withIngestConnection((c) => c.run('SET threads = 4'))).rejects.toThrow(/locked/);
  });
});
