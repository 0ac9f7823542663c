import type { PGlite } from "@electric-sql/pglite";
import { getTableName, type Placeholder, type Query, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { PgliteSession } from "drizzle-orm/pglite";
import { type Db, isEmbedded } from "./connect";

const dialect = new PgDialect();

/** A statement built once, run with values for its `sql.placeholder(name)`s; answers as `db.execute` does. */
export interface Prepared<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

/**
 * A raw statement (a `sql` template whose values are all `sql.placeholder`s) prepared under a
 * name, once per database handle: `db.execute(sql…)` sends it unnamed, so PostgreSQL parses and
 * plans it on every call; named, each pooled connection parses it once and may keep its plan.
 * PGlite keeps no named statements (its `query` parses every time), so there the statement becomes
 * the body of a PL/pgSQL function of the session (pg_temp, gone with it), which keeps its plan:
 * each call then parses only `select * from pg_temp.name($1, …)`. The name must stand for one
 * text only: a connection refuses a second text under a name it already prepared.
 */
export function prepared<Row>(name: string, statement: SQL): (db: Db) => Prepared<Row> {
  const query = dialect.sqlToQuery(statement);
  const byPglite = new WeakMap<PGlite, Prepared<Row>>();
  return perDatabase((db) => {
    if (!isEmbedded(db))
      return db._.session.prepareQuery(query, undefined, name, false) as unknown as Prepared<Row>;
    const client = (db as unknown as { $client: PGlite }).$client;
    const known = byPglite.get(client) ?? asFunction<Row>(client, name, query);
    byPglite.set(client, known);
    return known;
  });
}

/**
 * An array placeholder (`type`: its PostgreSQL type, `uuid[]`) the planner does not look into: a
 * subquery's value. A statement that takes a batch as arrays is then planned for no batch size in
 * particular. Otherwise PostgreSQL plans each call for its batch's size (a custom plan, 3 ms for the
 * cast, which also costs less than the generic one for a batch of one) and keeps doing so; this
 * way it keeps its one generic plan for any batch from the sixth call on.
 */
export function batchParam(name: string, type: string): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/**
 * A table read by its primary key (or another unique key: the limit would hide a second row) once
 * for each row asked: `from unnest(...) as asked(id) cross
 * join ${byKey(table, table.id, sql`asked.id`)}`, a lateral under the table's own name. The planner
 * never flattens a lateral with a limit into a join, which it would plan as a scan of the whole
 * table while the table is small (a seq scan of 1,000 sessions comparing each id with every id
 * asked: 0.15 ms, against 0.01 ms by the key), and such a statement keeps its generic plan. Select
 * the table's columns with `readAs` only: Drizzle refuses a column whose table it did not join
 * itself, and in a select from `sql` it writes a column inside a `sql` field without its table
 * (`"id"`), which a subquery there would read as its own table's.
 */
export function byKey(table: PgTable, key: PgColumn, value: SQL): SQL {
  return sql`lateral (select * from ${table} where ${key} = ${value} limit 1) as ${sql.identifier(getTableName(table))}`;
}

/** Columns as `byKey` reads them: each typed and parsed as its column, named as its table. */
export function readAs<Columns extends Record<string, PgColumn>>(
  columns: Columns,
): {
  [Key in keyof Columns]: SQL<
    Columns[Key]["_"]["notNull"] extends true ? Columns[Key]["_"]["data"] : Columns[Key]["_"]["data"] | null
  >;
} {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`.mapWith(column),
    ]),
  ) as never;
}

/** `build(db)` made once per database handle and kept with it (a prepared statement, for one). */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let known = byDb.get(db);
    if (known === undefined) {
      known = build(db);
      byDb.set(db, known);
    }
    return known;
  };
}

/**
 * The statement as a PL/pgSQL function taking its placeholders in order ($1 … $n, one per use, as
 * Drizzle numbers them) and returning its rows; the types are PostgreSQL's own reading of the
 * statement (describeQuery), so the function answers exactly what the statement would.
 */
function asFunction<Row>(client: PGlite, name: string, query: Query): Prepared<Row> {
  const order = query.params.map((param) => (param as Placeholder).name);
  const call = `select * from pg_temp.${name}(${order.map((_, i) => `$${i + 1}`).join(", ")})`;
  let created: Promise<void> | undefined;
  const create = async () => {
    const described = await client.describeQuery(query.sql);
    const typeNames = async (oids: number[]) =>
      (
        await client.query<{ type: string }>(
          "select format_type(o, null) as type from unnest($1::oid[]) with ordinality as u(o, n) order by n",
          [oids],
        )
      ).rows.map((row) => row.type);
    const params = await typeNames(described.queryParams.map((param) => param.dataTypeID));
    const fields = described.resultFields;
    const results = await typeNames(fields.map((field) => field.dataTypeID));
    const columns = fields.map((field, i) => `"${field.name}" ${results[i]}`);
    await client.exec(`create or replace function pg_temp.${name}(${params.join(", ")})
      returns table (${columns.join(", ")}) language plpgsql as $body$
      #variable_conflict use_column
      begin return query ${query.sql}; end $body$`);
  };
  return {
    async execute(values) {
      // Created at the first call; a failed creation is tried again at the next.
      created ??= create().catch((error) => {
        created = undefined;
        throw error;
      });
      await created;
      return client.query<Row>(
        call,
        order.map((key) => values[key]),
      );
    },
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

/**
 * Runs a statement and gives each of its rows (as arrayRows answers them) to `take` as it arrives:
 * from PostgreSQL while the next are still coming, so the work on one overlaps the database's on
 * the next and no more than a row is held at once; PGlite answers them all at once, then each is
 * taken. An error `take` throws fails the statement's promise once its rows have come.
 */
export async function eachRow<Row extends unknown[]>(
  db: Db,
  statement: SQL,
  take: (row: Row) => void,
): Promise<void> {
  // By its session, which a transaction has too (isEmbedded knows the database by its client).
  if (db._.session instanceof PgliteSession) {
    for (const row of await arrayRows<Row>(db, statement)) take(row);
    return;
  }
  // node-postgres is loaded only on PostgreSQL (connect.ts says why). Inside a transaction the
  // session's client is its connection, so the rows come in its snapshot; outside, the pool's,
  // whose query takes no statement that streams: a connection is taken from it.
  const { default: pg } = await import("pg");
  const session = (db._.session as unknown as { client: import("pg").Pool | import("pg").PoolClient }).client;
  const client = session instanceof pg.Pool ? await session.connect() : session;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let failure: unknown;
  try {
    await new Promise<void>((resolve, reject) => {
      // rowMode is the Query's own (its types know it only on client.query's configuration).
      const config = { text, values: params, rowMode: "array" } as import("pg").QueryConfig;
      const query = client.query(new pg.Query(config));
      query.on("row", (row: Row) => {
        if (failure !== undefined) return;
        try {
          take(row);
        } catch (error) {
          failure = error;
        }
      });
      query.on("error", reject);
      query.on("end", () => (failure === undefined ? resolve() : reject(failure)));
    });
  } finally {
    if (client !== session) client.release();
  }
}
