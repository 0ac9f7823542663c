import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, fromPglite, fromPostgres } from "../server/db/connect";

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
  const adminUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    console.log(`(no PostgreSQL at ${adminUrl}: PGlite only)`);
    return list;
  }
  const name = `votespace_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  list.push({
    name: "PostgreSQL",
    open: async () => fromPostgres(url.toString(), 10),
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  });
  return list;
}
