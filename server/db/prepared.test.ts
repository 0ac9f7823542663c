import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../lib/db-errors";
import { testDatabase } from "../test/support";
import type { Database } from "./connect";
import { prepared } from "./prepared";

const p = (name: string) => sql.placeholder(name);

/** A write with a rule, a placeholder used twice, an array and a json answer: what the cast needs. */
const insertNote = prepared<{ id: string; inserted: number; seen: { text: string } | null }>(
  "prepared_test_note",
  sql`with written as (
      insert into prepared_test_notes (id, text) select ${p("id")}::uuid, ${p("text")}
      where ${p("allowed")}::boolean and cardinality(${p("tags")}::text[]) > 0
      returning id, text)
    select ${p("id")}::text as id, (select count(*)::int from written) as inserted,
      (select json_build_object('text', w.text) from written w) as seen`,
);

describe("a prepared statement", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    await database.db.execute(
      sql`create table if not exists prepared_test_notes (id uuid primary key, text text)`,
    );
  });
  afterAll(async () => {
    await database.db.execute(sql`drop table prepared_test_notes`);
    await database.close();
  });

  const id = "6c1f3a0e-2b4d-4c5e-8f9a-0b1c2d3e4f50";
  const run = (values: Record<string, unknown>) => insertNote(database.db).execute(values);

  it("answers the statement's rows, its rules applied, on every call", async () => {
    const refused = await run({ id, text: "hello", allowed: false, tags: "{a}" });
    expect(refused.rows).toEqual([{ id, inserted: 0, seen: null }]);
    for (let i = 0; i < 7; i++) {
      // Past the first calls, where PostgreSQL may switch to a generic plan.
      await run({ id, text: "x", allowed: true, tags: "{}" });
    }
    const written = await run({ id, text: null, allowed: true, tags: "{a,b}" });
    expect(written.rows).toEqual([{ id, inserted: 1, seen: { text: null } }]);
  });

  it("surfaces the database's refusal as it is (a unique violation stays one)", async () => {
    const again = run({ id, text: "again", allowed: true, tags: "{a}" });
    await expect(again).rejects.toSatisfy(isUniqueViolation);
  });
});
