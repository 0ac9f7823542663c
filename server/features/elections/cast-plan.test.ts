import { randomUUID } from "node:crypto";
import type { Placeholder } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plansOf, tablesHashed } from "../../test/plan";
import { type TestApp, testApp } from "../../test/support";
import { castVotesSql } from "./cast-write";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const cast = new PgDialect().sqlToQuery(castVotesSql);

/** A literal for each of the cast's placeholders: a batch of two votes, one selection each. */
function castArgs(): string[] {
  const two = (value: () => string) => `'{${value()},${value()}}'`;
  const literal: Record<string, string> = {
    elections: two(randomUUID),
    voters: two(randomUUID),
    sessions: two(() => "abc"),
    grants: two(randomUUID),
    totp: "'{false,false}'",
    now: "now()",
    sessionsFrom: "now() - interval '30 days'",
    answers: "'[null,null]'",
    voteOf: "'{1,2}'",
    positions: two(randomUUID),
    chosen: two(randomUUID),
    hashes: two(() => "aa"),
    keys: two(() => "bb"),
  };
  return cast.params.map((param) => {
    const name = (param as Placeholder).name;
    const value = literal[name];
    if (!value) throw new Error(`no literal for ${name}`);
    return value;
  });
}

describe("the cast's plan", () => {
  it("looks every table up for each vote of the batch, hashing none, in its custom and generic plans", async () => {
    const plans = await plansOf(t.database.db, cast.sql, castArgs());
    for (const plan of plans) expect(tablesHashed(plan)).toEqual([]);
  });
});
