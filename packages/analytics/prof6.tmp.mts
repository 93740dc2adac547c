import { DuckDBInstance } from '@duckdb/node-api';
const db = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '6GB' });
const c = await db.connect();
const csv = '/tmp/ddb/s200.csv';
const cols = "columns={'c0':'BIGINT','c1':'BIGINT','c2':'DOUBLE','c3':'BIGINT','c4':'TIMESTAMP','c5':'DATE','c6':'VARCHAR','c7':'VARCHAR','c8':'VARCHAR'}";
const base = `auto_detect=false, header=true, delim=',', quote='"', escape='"', ${cols}`;
const variants: Record<string,string> = {
  alone: `'${csv}'`,
  base: `'${csv}', ${base}`,
  fmt: `'${csv}', ${base}, timestampformat='%Y-%m-%d %H:%M:%S', dateformat='%Y-%m-%d'`,
  nullstr2: `'${csv}', ${base}, nullstr=['','NULL']`,
  mine_nofmt: `'${csv}', ${base}, nullstr=['','NULL'], allow_quoted_nulls=true, null_padding=false, parallel=true, strict_mode=true, encoding='utf-8', decimal_separator='.', skip=0`,
};
const times: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) for (const [k, v] of Object.entries(variants)) {
  const t = performance.now();
  await c.run(`COPY (SELECT * FROM read_csv(${v})) TO '/tmp/ddb/v.parquet' (FORMAT parquet)`);
  (times[k] ??= []).push((performance.now() - t) / 1000);
}
for (const [k, v] of Object.entries(times)) console.log(k, v.map((x) => x.toFixed(2)).join(' '), 'min', Math.min(...v).toFixed(2));
