import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
const pglite = await PGlite.create('memory://');
const db = { async executeSql(text: string, values?: unknown[]) {
  if (!values || values.length === 0) { const r = await pglite.exec(text); return { rows: r.at(-1)?.rows ?? [] }; }
  const r = await pglite.query(text, values as any[]); return { rows: r.rows };
}};
const boss = new PgBoss({ db, schema: 'pgboss', schedule: false, pollingIntervalSeconds: 0.5 } as any);
boss.on('error', (e) => console.error('ERR', e));
let t = Date.now();
await boss.start();
console.log('started', Date.now() - t);
await boss.createQueue('q1', { name: 'q1', retryLimit: 0, expireInSeconds: 10 } as any);
const id = await boss.send('q1', { a: 1 }, { id: '0123456a-bcde-f012-3456-789a00000000' });
console.log('sent', id);
const w = await boss.work('q1', { pollingIntervalSeconds: 0.5 }, async (jobs) => { console.log('got', jobs.map(j => [j.id, j.data])); });
await new Promise(r => setTimeout(r, 1500));
console.log(await boss.getJobById('q1', id!));
await boss.fail('q1', [id!], { message: 'x' });
console.log((await boss.getJobById('q1', id!))?.state);
await boss.stop({ graceful: true, timeout: 1000, close: false });
console.log('stopped');
await pglite.close();
