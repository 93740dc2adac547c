import type { Db } from './client.ts';

/**
 * A read that runs on every request (the token, the resource's project, the caller's roles), built once per
 * database with drizzle's `.prepare(name)` and its `sql.placeholder`s instead of on each call: the statement
 * text is not rebuilt, and on PostgreSQL it is a named statement, parsed and planned once per connection.
 *
 *   const tokenQuery = preparedQuery((db) => db.select(...).where(eq(t.hash, sql.placeholder('hash'))).prepare('token'));
 *   await tokenQuery(db).execute({ hash });
 */
export function preparedQuery<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
