import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { testDatabase } from "../test/support";
import type { Database } from "./connect";
import { insideTransaction } from "./transaction-scope";

/**
 * PGlite runs one transaction at a time for the whole process: argon2 awaited inside one held every
 * request's reads (an invitation's new account hashed its password there). The guard refuses it.
 */
describe("work that is not a query stays out of transactions", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database?.close());

  it("a transaction's callback, and what it awaits, know they are inside one; nothing after it does", async () => {
    expect(insideTransaction()).toBe(false);
    const seen = await database.db.transaction(async (tx) => {
      const before = insideTransaction();
      await tx.execute(sql`select 1`);
      return [before, insideTransaction()];
    });
    expect(seen).toEqual([true, true]);
    expect(insideTransaction()).toBe(false);
    // The handle that reports its queries is marked too.
    const observed = database.observed(() => {});
    expect(await observed.transaction(async () => insideTransaction())).toBe(true);
  });

  it("argon2 is refused inside a transaction and changes nothing; outside it works", async () => {
    await expect(database.db.transaction(() => hashPassword("correct horse battery"))).rejects.toThrow(
      "argon2 inside a database transaction",
    );
    await expect(
      database.db.transaction(async () => verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$x$y", "guess")),
    ).rejects.toThrow("argon2 inside a database transaction");
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword(hash, "correct horse battery")).toBe(true);
  });
});
