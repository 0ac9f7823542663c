import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type DrizzleConfig, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { markPhase } from "../lib/startup-phases";
import { projectRoot } from "../root";
import { lockDataDir } from "./lock";
import { textTypesOnce } from "./pglite-handles";
import { compilePgliteWasm } from "./pglite-wasm";
import * as schema from "./schema";
import { markingTransactions } from "./transaction-scope";
import { givingTurns } from "./turns";

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
  /**
   * Registers a receiver of connection failures outside any query (the server restarted, an idle
   * connection was terminated); the pool drops that connection and opens another when needed.
   */
  onConnectionError?(handler: (error: Error) => void): () => void;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot, "server/db/migrations");

/**
 * True when the database already holds the newest committed migration, so drizzle's migrator would
 * apply nothing (it applies what is newer than the last applied): a start on existing data skips
 * reading and hashing every migration file. False on a new database (no migrations table yet).
 */
export async function upToDate(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await query("select max(created_at) as applied from drizzle.__drizzle_migrations");
    return Number((rows[0] as { applied: string | number | null } | undefined)?.applied ?? 0) >= newest;
  } catch {
    return false;
  }
}

/**
 * The handles a Database gives, from its driver's drizzle (`open`): `db`, and `observed`, the same
 * connection with every query reported; both mark their transactions.
 */
export function handles(open: (config: DrizzleConfig<Schema>) => unknown): Pick<Database, "db" | "observed"> {
  return {
    db: markingTransactions(open({ schema }) as Db),
    observed: (onQuery) => markingTransactions(open({ schema, logger: { logQuery: onQuery } }) as Db),
  };
}

export function fromPglite(client: PGlite): Database {
  givingTurns(client);
  textTypesOnce(client);
  return {
    ...handles((config) => drizzlePglite(client, config)),
    kind: "pglite",
    async migrate() {
      if (!(await upToDate((text) => client.query(text))))
        await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/**
 * PostgreSQL's shared buffers inside PGlite: 32 MB, not initdb's 128 MB. PGlite zeroes the whole
 * pool in WebAssembly at every open (a quarter of the main thread's cost of opening it, 65 ms), and
 * the process keeps 96 MB less; pages beyond it are read from the data folder through the system's
 * file cache.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

export async function openEmbedded(dataDir: string): Promise<Database> {
  markPhase("pglite opening");
  const client = await PGlite.create(dataDir, {
    startParams: pgliteStartParams,
    pgliteWasmModule: await compilePgliteWasm(),
  });
  markPhase("pglite ready");
  return fromPglite(client);
}

/** Whether `db` is the embedded database (PGlite: one connection, one transaction at a time). */
export function isEmbedded(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
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
  if (config.databaseUrl) {
    // Loaded only here: node-postgres loads Node's TLS and fetch at import, 25 ms of every embedded start.
    const { fromPostgres } = await import("./postgres");
    return { database: fromPostgres(config.databaseUrl, poolSize), release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  return { database: await openEmbedded(config.dataDir), release };
}
