import { configureEngine, withConnection, segmentSource, compileUnitQuery, runUnitQuery, closeEngine } from '@tessera/analytics';
const dir = '/tmp/uqbench/data';
configureEngine({ dataDir: dir, allowedDirectories: ['/tmp/uqbench'] });
const file = '/tmp/uqbench/big.parquet';
const fs = await import('node:fs');
if (!fs.existsSync(file)) {
  await withConnection((c) => c.run(`COPY (SELECT range AS c0, ['books','games','toys','food','tools','music','garden','sports','kids','auto'][range % 10 + 1] AS c1, (range * 7919 % 100000) / 100.0 AS c2, TIMESTAMP '2023-01-01' + to_seconds(range * 6) AS c3, 'note ' || (range % 1000) AS c4 FROM range(10000000)) TO '${file}' (FORMAT parquet)`));
}
const columns = [{ dbName: 'c0', physicalType: 'BIGINT' }, { dbName: 'c1', physicalType: 'VARCHAR' }, { dbName: 'c2', physicalType: 'DOUBLE' }, { dbName: 'c3', physicalType: 'TIMESTAMP' }, { dbName: 'c4', physicalType: 'VARCHAR' }];
const source = segmentSource([file], columns);
const feats: Record<string, any> = { id: ['c0', 'id'], cat: ['c1', 'category'], amount: ['c2', 'number'], at: ['c3', 'date'], note: ['c4', 'text'] };
const catalog = { feature: (id: string) => feats[id] && { id, datasetId: 'd', name: id, ref: { dbName: feats[id][0], type: feats[id][1], castFrom: columns.find((c) => c.dbName === feats[id][0])!.physicalType }, precision: null }, source: () => source };
const s = (id: string, f: string, operation = '', extra = {}) => ({ id, feature: { _id: f }, operation, ...extra });
const chart = (parts: any) => ({ chartType: 'bar', independent: [], dependent: [], otherDimensions: [], gradientDimension: [], groupBy: [], orderBy: [], filters: [], tooltip: { series: [] }, display: {}, colors: {}, ...parts });
const cards: Record<string, any> = {
  sumByCat: { type: 'chart', vis: chart({ independent: [{ series: [s('k', 'cat')] }], dependent: [{ series: [s('v', 'amount', 'sum')] }] }), filters: [] },
  avgByMonth: { type: 'chart', vis: chart({ independent: [{ series: [s('k', 'at', 'year-month')] }], dependent: [{ series: [s('v', 'amount', 'avg')] }] }), filters: [] },
  hist: { type: 'chart', vis: chart({ independent: [{ series: [s('k', 'amount', 'bin')] }], dependent: [{ series: [s('v', 'id', 'count')] }] }), filters: [] },
  kpi: { type: 'kpi', vis: { kpi: [s('a', 'amount', 'sum'), s('b', 'amount', 'avg'), s('c', 'id', 'count')], filters: [] }, filters: [] },
  table: { type: 'table', vis: { table: ['id', 'cat', 'amount', 'at', 'note'].map((f) => ({ id: f, feature: { _id: f } })), filters: [] }, filters: [], orderBy: [{ id: 'o', value: 'amount', type: 'DESC' }], page: 3 },
  filtered: { type: 'chart', vis: chart({ independent: [{ series: [s('k', 'cat')] }], dependent: [{ series: [s('v', 'amount', 'sum')] }] }), filters: [{ _id: 'f', type: 'category', operation: 'equal', value: ['books', 'toys'], feature: { id: 'cat' } }, { _id: 'g', type: 'date', operation: 'between', value: { from: '2023-01-01', to: '2023-03-31' }, feature: { id: 'at' } }] },
  raw: { type: 'chart', vis: chart({ chartType: 'scatter', independent: [{ series: [s('k', 'amount')] }], dependent: [{ series: [s('v', 'id')] }] }), filters: [] },
};
const time = async (fn: () => Promise<unknown>) => { const t = performance.now(); try { await fn(); } catch (e: any) { if (e.code !== 'too-much-data') throw e; } return performance.now() - t; };
for (const [name, card] of Object.entries(cards)) {
  const compiled = compileUnitQuery(card, catalog as any);
  const ours: number[] = [], alone: number[] = [];
  for (let i = 0; i < 5; i++) {
    ours.push(await time(() => runUnitQuery(compiled)));
    alone.push(await time(() => withConnection(async (c) => (await c.runAndReadAll(compiled.sql, compiled.params)).getRowObjectsJson())));
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[2].toFixed(0);
  console.log(name.padEnd(12), 'runUnitQuery', med(ours), 'ms; sql alone', med(alone), 'ms');
}
await closeEngine();
