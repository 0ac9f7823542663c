import { randomUUID } from "node:crypto";
import type { PGlite, QueryOptions } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../test/support";
import { type Database, isEmbedded } from "./connect";
import { textTypesOnce } from "./pglite-handles";
import { users } from "./schema";

/**
 * Drizzle's parsers for times, dates and intervals are the embedded client's own, set once: its
 * statements reach PGlite without them (PGlite merged them with several hundred of its own on each
 * one), and every statement reads those types as before, inside a transaction or not; a statement
 * with parsers of its own keeps them.
 */
describe.skipIf(process.env.TEST_DB === "postgres")("the embedded database's parsers", () => {
  let database: Database;
  let client: PGlite;
  beforeAll(async () => {
    database = await testDatabase();
    if (!isEmbedded(database.db)) throw new Error("expected the embedded database");
    client = (database.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(() => database?.close());

  it("reads times as text, through Drizzle or not, inside a transaction or not", async () => {
    const raw = await client.query<{ at: unknown; ats: unknown }>("select now() as at, array[now()] as ats");
    expect([typeof raw.rows[0]?.at, typeof raw.rows[0]?.ats]).toEqual(["string", "string"]);
    const read = (db: Pick<Database["db"], "execute">) =>
      db.execute(sql`select now() as at, current_date as day, interval '1 day' as span`);
    for (const result of [await read(database.db), await database.db.transaction((tx) => read(tx))]) {
      const [row] = (result as { rows: Array<Record<string, unknown>> }).rows;
      expect([typeof row?.at, typeof row?.day, row?.span]).toEqual(["string", "string", "1 day"]);
    }
  });

  it("leaves Drizzle's parsers out of each statement, the client's and a transaction's, and keeps others", async () => {
    // A client that records what each statement brings (PGlite's own query sits under the wrapper).
    const seen: Array<QueryOptions | undefined> = [];
    const record = {
      query: async (_text: string, _params?: unknown[], options?: QueryOptions) => seen.push(options),
      exec: async () => [],
    };
    const fake = {
      ...record,
      parsers: {},
      ready: true,
      transaction: (callback: (tx: typeof record) => Promise<unknown>) => callback({ ...record }),
    } as unknown as PGlite;
    textTypesOnce(fake);
    const drizzles: QueryOptions = {
      rowMode: "array",
      parsers: { 1114: (v) => v, 1184: (v) => v, 1082: (v) => v },
    };
    const bigints: QueryOptions = { parsers: { 20: (v) => BigInt(v) } };
    await fake.query("select 1", [], drizzles);
    await fake.transaction((tx) => tx.query("select 1", [], drizzles));
    await fake.query("select 1", [], bigints);
    expect(seen).toEqual([
      { rowMode: "array", parsers: undefined },
      { rowMode: "array", parsers: undefined },
      bigints,
    ]);
    expect(Object.keys(fake.parsers).map(Number)).toEqual(expect.arrayContaining([1114, 1184, 1082, 1186]));
  });

  it("gives Drizzle's columns their types, and a statement's own parsers are kept", async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `${randomUUID()}@example.org`,
        passwordHash: "x",
        fullName: "Esi Times",
        userType: "voter",
      })
      .returning();
    expect(user?.createdAt).toBeInstanceOf(Date);
    const [read] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ""));
    expect(read?.createdAt.getTime()).toBe(user?.createdAt.getTime());
    const own = await client.query<{ n: bigint }>("select 9007199254740993::int8 as n", [], {
      parsers: { 20: (value: string) => BigInt(value) },
    });
    expect(own.rows[0]?.n).toBe(9007199254740993n);
  });
});
