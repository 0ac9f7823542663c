import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, fromPglite, fromPostgres } from "../server/db/connect";
import { type Bus, localBus, postgresBus } from "../server/realtime/bus";
import { silentLog } from "./fanout-harness";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

export interface BenchDatabase {
  name: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/** PGlite always; PostgreSQL (BENCH_DATABASE_URL, else the local server if it answers) in a database made for the run. */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const list: BenchDatabase[] = [
    { name: "PGlite", open: async () => fromPglite(new PGlite()), dispose: async () => {} },
  ];
  const server = await madePostgres();
  if (!server) return list;
  list.push({ name: "PostgreSQL", open: async () => fromPostgres(server.url, 10), dispose: server.drop });
  return list;
}

/**
 * A database of its own on the PostgreSQL server (BENCH_DATABASE_URL, else the local one), dropped
 * when closed; null when no server answers.
 */
async function madePostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    console.log(`(no PostgreSQL at ${adminUrl}: PGlite only)`);
    return null;
  }
  made++;
  const name = `votespace_bench_${process.pid}_${made}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
let made = 0;

/**
 * Builds a realtime benchmark's Votespace target on each backend it is compared on: PGlite with the
 * in-memory bus, then PostgreSQL with its NOTIFY bus (in a database made for the run on
 * BENCH_DATABASE_URL's server, else the local one, dropped when the target's database closes). Each
 * target goes onto `targets` as soon as it is built, so the caller's clean-up closes whatever was made.
 */
export async function pushVotespaceTargets<T>(
  targets: T[],
  label: string,
  build: (name: string, database: Database, bus: Bus) => Promise<T>,
): Promise<void> {
  targets.push(await build(`${label}, PGlite (memory bus)`, fromPglite(new PGlite()), localBus()));
  const server = await madePostgres();
  if (!server) return;
  const database = fromPostgres(server.url, 10);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await server.drop();
  };
  targets.push(
    await build(`${label}, PostgreSQL NOTIFY`, database, await postgresBus(database, server.url, silentLog)),
  );
}
