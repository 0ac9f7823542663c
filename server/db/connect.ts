import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type services take: a Drizzle handle on PGlite or on a PostgreSQL pool. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: services that run inside a caller's transaction take this. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The same connection with every query reported (tests count queries with it). */
  observed(onQuery: (query: string) => void): Db;
  /** Runs the committed migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    observed: (onQuery) =>
      drizzlePglite(client, { schema, logger: { logQuery: (query) => onQuery(query) } }) as unknown as Db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

export function fromPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    observed: (onQuery) =>
      drizzleNodePg(pool, { schema, logger: { logQuery: (query) => onQuery(query) } }) as unknown as Db,
    async migrate() {
      // One process migrates at a time: an advisory lock held on one connection.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7265001)");
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(7265001)").catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openEmbedded(dataDir: string): Promise<Database> {
  return fromPglite(await PGlite.create(dataDir));
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The database the configuration names: the PostgreSQL server of DATABASE_URL, else the embedded
 * one in DATA_DIR, locked to this process (DataDirLockedError when another holds it). `release`
 * frees the lock after the database is closed.
 */
export async function openConfigured(
  config: { databaseUrl: string | undefined; dataDir: string },
  poolSize: number,
): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) return { database: fromPostgres(config.databaseUrl, poolSize), release: () => {} };
  const release = lockDataDir(config.dataDir);
  return { database: await openEmbedded(config.dataDir), release };
}
