import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./connect";

const dialect = new PgDialect();

/** A statement built once, run with values for its `sql.placeholder(name)`s; answers as `db.execute` does. */
export interface Prepared<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

/**
 * A raw statement (a `sql` template whose values are all `sql.placeholder`s) prepared under a
 * name, once per database handle: `db.execute(sql…)` sends it unnamed, so PostgreSQL parses and
 * plans it on every call; named, each pooled connection parses it once and may keep its plan.
 * PGlite runs it as `db.execute` would (it keeps no named statements). The name must stand for one
 * text only: a connection refuses a second text under a name it already prepared.
 */
export function prepared<Row>(name: string, statement: SQL): (db: Db) => Prepared<Row> {
  const query = dialect.sqlToQuery(statement);
  const byDb = new WeakMap<Db, Prepared<Row>>();
  return (db) => {
    let known = byDb.get(db);
    if (!known) {
      known = db._.session.prepareQuery(query, undefined, name, false) as unknown as Prepared<Row>;
      byDb.set(db, known);
    }
    return known;
  };
}

/**
 * Runs a statement and answers its rows as arrays, in column order: no object per row (nor
 * Drizzle's mapping of one), which counts when a statement answers many rows.
 */
export function arrayRows<Row extends unknown[]>(db: Db, statement: SQL): Promise<Row[]> {
  const query = db._.session.prepareQuery(
    dialect.sqlToQuery(statement),
    undefined,
    undefined,
    true,
    (rows) => rows,
  );
  return query.execute() as Promise<Row[]>;
}
