import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type Database, handles, migrationsFolder, upToDate } from "./connect";

// A PostgreSQL server (DATABASE_URL) behind the one Database type; openConfigured (connect.ts) loads
// this module only when one is configured.

/**
 * How long the server waits on PostgreSQL before it answers 503: a new connection within 5 s
 * (a stopped server refuses at once; an unreachable one would hang), a statement within 30 s.
 * Keepalive finds a connection whose server went away without a word.
 */
export const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 30_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

export function fromPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...POOL_TIMEOUTS });
  // A connection that fails outside a query emits "error"; without a listener that ends the
  // process (one pg_terminate_backend, or a database restart, would take every server down).
  // Every connection gets a listener for its whole life, in use (between a transaction's
  // queries) as well as idle; the pool removes the broken one and the next query fails or retries.
  const errorHandlers = new Set<(error: Error) => void>();
  const report = (error: Error) => {
    for (const handler of errorHandlers) handler(error);
  };
  pool.on("connect", (client) => client.on("error", report));
  pool.on("error", () => {}); // the client's own listener above has reported it
  return {
    ...handles((config) => drizzleNodePg(pool, config)),
    kind: "postgres",
    async migrate() {
      if (await upToDate((text) => pool.query(text))) return;
      // One process migrates at a time: an advisory lock held on one connection.
      const client = await pool.connect();
      try {
        // Migrations (and waiting for another process's) may take longer than a request may.
        await client.query("set statement_timeout = 0");
        await client.query("select pg_advisory_lock(7265001)");
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(7265001)").catch(() => {});
        await client.query("reset statement_timeout").catch(() => {});
        client.release();
      }
    },
    onConnectionError(handler) {
      errorHandlers.add(handler);
      return () => errorHandlers.delete(handler);
    },
    close: () => pool.end(),
  };
}
