import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { every } from "../lib/every";
import type { Database, Db } from "./connect";

/** How often the embedded database's tables are looked at (autovacuum's own naptime). */
const TICK_MS = 60_000;

/**
 * Vacuums and analyzes, one at a time, each table past autovacuum's default thresholds: dead rows
 * over 50 + 20 % of its rows, rows inserted since its last vacuum over 1,000 + 20 %, or rows
 * changed since its last analysis over 50 + 10 %. Returns the tables it vacuumed.
 */
export async function vacuumWhereDue(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`select relname as name from pg_stat_user_tables
    where n_dead_tup > 50 + 0.2 * n_live_tup
       or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
       or n_mod_since_analyze > 50 + 0.1 * n_live_tup
    order by relname`)) as unknown as { rows: Array<{ name: string }> };
  for (const { name } of rows) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  return rows.map((row) => row.name);
}

/**
 * What PostgreSQL's autovacuum does for a server, for the embedded database, which runs no
 * background workers: without it the row versions every update leaves (a ballot or a voter's
 * participation sealed, a session touched) stay for good, and so do their index entries. The
 * sealer's look for waiting ballots, every second, then read 100,000 index entries of an
 * election sealed long before: 10 ms a look on PGlite where 0.6 once vacuumed. A no-op on a
 * PostgreSQL server.
 */
export function startEmbeddedVacuum(database: Database, log: FastifyBaseLogger): () => void {
  if (database.kind !== "pglite") return () => {};
  return every(TICK_MS, "embedded database vacuum", log, async () => {
    const vacuumed = await vacuumWhereDue(database.db);
    if (vacuumed.length > 0) log.debug({ tables: vacuumed }, "embedded database vacuumed");
  });
}
