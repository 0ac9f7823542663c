import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../server/app";
import { type Database, openEmbedded } from "../server/db/connect";
import { fromPostgres } from "../server/db/postgres";
import { type Bus, localBus, postgresBus } from "../server/realtime/bus";
import { generousLimits, testConfig } from "../server/test/config";
import { silentLog } from "./fanout-harness";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

export interface BenchDatabase {
  name: string;
  /** PostgreSQL only: the database made for the run, and the server's administrative database beside it. */
  postgres?: { url: string; adminUrl: string; name: string };
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/**
 * PGlite; PostgreSQL (BENCH_DATABASE_URL, else the local server if it answers) in a database made
 * for the run. BENCH_ON=PGlite or BENCH_ON=PostgreSQL runs on that one only, while working on it.
 */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const only = process.env.BENCH_ON;
  const list: BenchDatabase[] =
    only === "PostgreSQL" ? [] : [{ name: "PGlite", open: embedded, dispose: async () => {} }];
  if (only === "PGlite") return list;
  const server = await madePostgres();
  if (!server) return list;
  list.push({
    name: "PostgreSQL",
    postgres: server.postgres,
    open: async () => fromPostgres(server.postgres.url, 10),
    dispose: server.drop,
  });
  return list;
}

/**
 * PGlite as `npm start` runs it (openEmbedded: its start parameters, on a data folder), in a folder
 * of its own removed when it closes. In memory (`new PGlite()`) its files grow by copying them
 * whole: in the realtime shape at 200 posts/s one such growth held the server's thread 200 ms
 * (expandFileStorage), a stall no server on a data folder has.
 */
export async function embedded(): Promise<Database> {
  const dir = await mkdtemp(path.join(tmpdir(), "votespace-bench-"));
  const database = await openEmbedded(dir);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  };
  return database;
}

/**
 * A database of its own on the PostgreSQL server (BENCH_DATABASE_URL, else the local one), dropped
 * when closed; null when no server answers.
 */
async function madePostgres(): Promise<{
  postgres: { url: string; adminUrl: string; name: string };
  drop(): Promise<void>;
} | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  admin.on("error", () => {});
  try {
    await admin.connect();
  } catch {
    console.log(`(no PostgreSQL at ${adminUrl}: PGlite only)`);
    return null;
  }
  const name = `votespace_bench_${process.pid}_${Date.now()}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    postgres: { url: url.toString(), adminUrl, name },
    async drop() {
      // Called after everything of the run closed its connections; a straggler killed by the
      // forced drop (57P01) reports on its own listener, and this one must not die of it either.
      const client = new pg.Client({ connectionString: adminUrl });
      client.on("error", () => {});
      await client.connect();
      // pool.end() resolves once it has asked its connections to close, not once they have: wait
      // (briefly) for the server to see them gone, so the forced drop terminates nobody.
      for (let waited = 0; waited < 5000; waited += 50) {
        const open = await client.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Builds a realtime benchmark's Votespace target on each backend of benchDatabases: PGlite with the
 * in-memory bus, PostgreSQL with its NOTIFY bus (its database dropped when the target's database
 * closes). Each target goes onto `targets` as soon as it is built, so the caller's clean-up closes
 * whatever was made; the databases of backends not reached are dropped here.
 */
export async function pushVotespaceTargets<T>(
  targets: T[],
  label: string,
  build: (name: string, database: Database, bus: Bus) => Promise<T>,
): Promise<void> {
  const waiting = await benchDatabases();
  try {
    for (let backend = waiting.shift(); backend; backend = waiting.shift()) {
      const { postgres, dispose } = backend;
      const database = await backend.open();
      const close = database.close.bind(database);
      database.close = async () => {
        await close();
        await dispose();
      };
      const bus = postgres ? await postgresBus(database, postgres.url, silentLog) : localBus();
      const name = `${label}, ${postgres ? "PostgreSQL NOTIFY" : "PGlite (memory bus)"}`;
      targets.push(await build(name, database, bus));
    }
  } finally {
    for (const backend of waiting) await backend.dispose();
  }
}

/**
 * Runs `body` against a Votespace app (not listening) on each database of `benchDatabases`, the
 * schema migrated; closes the app and drops the database afterwards, whatever happened.
 */
export async function forEachBenchApp(
  body: (name: string, app: FastifyInstance, database: Database, target: BenchDatabase) => Promise<void>,
): Promise<void> {
  for (const target of await benchDatabases()) {
    const database = await target.open();
    await database.migrate();
    const app = await buildApp({ config: testConfig(), database, logger: false, limits: generousLimits });
    try {
      await body(target.name, app, database, target);
    } finally {
      await app.close();
      await database.close();
      await target.dispose();
    }
  }
}
