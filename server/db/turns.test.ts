import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../test/support";
import type { Database } from "./connect";

/**
 * PGlite answers statements on the server's own thread: a long run of them (a worker draining the
 * outbox, a sweep) held every request and timer of the process until it ended. Each engine lets
 * the event loop turn during such a run, inside a transaction or not.
 */
describe("a run of statements", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database?.close());

  /** How many times a 1 ms timer fired while `run` went on, and how long it went on. */
  async function timerDuring(run: () => Promise<unknown>): Promise<{ fired: number; ms: number }> {
    let fired = 0;
    const timer = setInterval(() => fired++, 1);
    const started = performance.now();
    await run();
    const ms = performance.now() - started;
    clearInterval(timer);
    return { fired, ms };
  }

  const firstNumber = (result: unknown) => Number((result as { rows: Array<{ n: number }> }).rows[0]?.n);

  const statements = async (db: Pick<Database["db"], "execute">, n: number) => {
    for (let i = 0; i < n; i++) await db.execute(sql`select ${i}::int`);
  };

  it("lets the event loop turn every few tens of milliseconds, outside a transaction and inside one", async () => {
    for (const run of [
      () => statements(database.db, 3000),
      () => database.db.transaction((tx) => statements(tx, 3000)),
    ]) {
      const { fired, ms } = await timerDuring(run);
      // At least one turn for every 50 ms the run lasted (a turn is due every 20 ms).
      expect(fired).toBeGreaterThanOrEqual(Math.floor(ms / 50));
    }
  });

  it("still answers every statement, in order, and a transaction still rolls back whole", async () => {
    const seen: number[] = [];
    for (let i = 0; i < 500; i++) {
      seen.push(firstNumber(await database.db.execute(sql`select ${i}::int as n`)));
    }
    expect(seen).toEqual(Array.from({ length: 500 }, (_, i) => i));
    await database.db.execute(sql`create temporary table turns_probe (n int)`);
    await expect(
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 500; i++) await tx.execute(sql`insert into turns_probe values (${i})`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(firstNumber(await database.db.execute(sql`select count(*)::int as n from turns_probe`))).toBe(0);
  });
});
