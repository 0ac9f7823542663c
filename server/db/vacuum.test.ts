import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../test/support";
import { vacuumWhereDue } from "./vacuum";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A backend's counts reach the statistics when it is next idle (at most once a second): at once here. */
const counted = async () => {
  await t.database.db.execute(sql`select pg_stat_force_next_flush()`);
  await t.database.db.execute(sql`select 1`);
};

const vacuumed = async (table: string) =>
  (
    (await t.database.db.execute(
      sql`select last_vacuum is not null as done from pg_stat_user_tables where relname = ${table}`,
    )) as unknown as { rows: Array<{ done: boolean }> }
  ).rows[0]?.done;

const dead = async (table: string) =>
  Number(
    (
      (await t.database.db.execute(
        sql`select n_dead_tup as n from pg_stat_user_tables where relname = ${table}`,
      )) as unknown as { rows: Array<{ n: number | string }> }
    ).rows[0]?.n,
  );

describe("the embedded database's vacuum", () => {
  // A PostgreSQL server has its own autovacuum, and its counts of dead rows reach the statistics a
  // moment after the transaction that made them: the embedded database's are there at once.
  it.skipIf(process.env.TEST_DB === "postgres")(
    "vacuums and analyzes a table once its updates left dead rows past autovacuum's thresholds, not before",
    async () => {
      const db = t.database.db;
      await db.execute(sql`create table vacuum_probe (id int primary key, n int)`);
      await db.execute(sql`insert into vacuum_probe select i, 0 from generate_series(1, 1000) i`);
      await counted();
      // 1,000 rows inserted into a table never analyzed: analyzed (its rows counted), not vacuumed.
      expect(await vacuumWhereDue(db)).toContain("public.vacuum_probe");
      await counted();
      expect(await vacuumed("vacuum_probe")).toBe(false);
      await db.execute(sql`update vacuum_probe set n = 1 where id <= 100`);
      await counted();
      // 100 dead rows of 1,000: under 50 + 20 %, so not yet.
      expect(await vacuumWhereDue(db)).not.toContain("public.vacuum_probe");
      await db.execute(sql`update vacuum_probe set n = 2`);
      await counted();
      expect(await dead("vacuum_probe")).toBeGreaterThanOrEqual(1000);
      expect(await vacuumWhereDue(db)).toContain("public.vacuum_probe");
      await counted();
      expect(await dead("vacuum_probe")).toBe(0);
      expect(await vacuumed("vacuum_probe")).toBe(true);
      expect(await vacuumWhereDue(db)).not.toContain("public.vacuum_probe");
      await db.execute(sql`drop table vacuum_probe`);
    },
  );

  it.skipIf(process.env.TEST_DB === "postgres")(
    "takes a table of any schema by its schema and its name as written, as the migrations' own table in drizzle",
    async () => {
      const db = t.database.db;
      await db.execute(sql`create schema vacuum_elsewhere`);
      await db.execute(sql`create table vacuum_elsewhere."Mixed Case" (id int)`);
      await db.execute(sql`insert into vacuum_elsewhere."Mixed Case" select generate_series(1, 200)`);
      await counted();
      const warnings: unknown[] = [];
      const log = { warn: (details: unknown) => warnings.push(details) } as unknown as FastifyBaseLogger;
      expect(await vacuumWhereDue(db, { log })).toContain("vacuum_elsewhere.Mixed Case");
      expect(warnings).toEqual([]);
      await db.execute(sql`drop schema vacuum_elsewhere cascade`);
    },
  );
});
