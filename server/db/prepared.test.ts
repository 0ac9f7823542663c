import { getTableColumns, sql } from "drizzle-orm";
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../lib/db-errors";
import { plansOf } from "../test/plan";
import { testDatabase } from "../test/support";
import type { Database } from "./connect";
import { arrayRows, batchParam, byKey, eachRow, prepared, readAs } from "./prepared";

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

describe("eachRow", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  const numbers = sql`select n, repeat('x', n) from generate_series(1, ${3000}::int) n order by n`;

  it("gives every row, as an array in column order, in the statement's order, inside a transaction too", async () => {
    const taken: Array<[number, string]> = [];
    await eachRow<[number, string]>(database.db, numbers, (row) => taken.push(row));
    expect(taken).toHaveLength(3000);
    expect(taken[0]).toEqual([1, "x"]);
    expect(taken.every(([n, text], i) => n === i + 1 && text.length === n)).toBe(true);
    const inTransaction = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local search_path = pg_catalog`);
      let count = 0;
      await eachRow(tx, sql`select current_setting('search_path')`, ([path]) => {
        expect(path).toBe("pg_catalog");
        count++;
      });
      return count;
    });
    expect(inTransaction).toBe(1);
  });

  it("fails with the error its taker threw, once the rows have come, and the connection goes on", async () => {
    let calls = 0;
    const failing = eachRow(database.db, numbers, () => {
      calls++;
      if (calls === 10) throw new Error("taken badly");
    });
    await expect(failing).rejects.toThrow("taken badly");
    expect(calls).toBe(10);
    await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeTruthy();
  });

  it("surfaces the database's error", async () => {
    // Drizzle wraps it on PGlite ("Failed query: …", the database's error its cause).
    const failed = await eachRow(database.db, sql`select 1 / 0`, () => {}).catch((error: Error) => error);
    expect(failed).toBeInstanceOf(Error);
    const { message, cause } = failed as Error & { cause?: Error };
    expect(cause?.message ?? message).toMatch(/division by zero/);
  });
});

describe("a table read by its key for each row asked (byKey, readAs)", () => {
  const people = pgTable("prepared_test_people", {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    bornAt: timestamp("born_at", { withTimezone: true }),
  });
  let database: Database;
  const ids: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    await database.db.execute(
      sql`create table prepared_test_people (id uuid primary key, name text not null, born_at timestamptz)`,
    );
    // Small enough that the planner reads the whole table for a join: 1,000 rows, a few pages.
    const rows = await arrayRows<[string]>(
      database.db,
      sql`insert into prepared_test_people select gen_random_uuid(), 'person ' || n,
        case when n % 2 = 0 then timestamptz '2000-01-01T00:00:00Z' + n * interval '1 day' end
        from generate_series(1, 1000) n returning id`,
    );
    ids.push(...rows.map(([id]) => id));
    await database.db.execute(sql`analyze prepared_test_people`);
  });
  afterAll(async () => {
    await database.db.execute(sql`drop table prepared_test_people`);
    await database.close();
  });

  const select = () =>
    database.db
      .select({ n: sql<number>`asked.n`.mapWith(Number), person: readAs(getTableColumns(people)) })
      .from(
        sql`unnest(${batchParam("ids", "uuid[]")}) with ordinality as asked(id, n)
          cross join ${byKey(people, people.id, sql`asked.id`)}`,
      )
      .orderBy(sql`asked.n`);

  it("answers the rows asked, typed and parsed as their columns, none for an id not there", async () => {
    const asked = [ids[1], "00000000-0000-4000-8000-000000000000", ids[0]] as string[];
    const query = select().prepare("prepared_test_people");
    for (let i = 0; i < 7; i++) await query.execute({ ids: `{${asked.join(",")}}` });
    const rows = await query.execute({ ids: `{${asked.join(",")}}` });
    expect(rows.map((row) => row.n)).toEqual([1, 3]);
    const [second, first] = rows.map((row) => row.person);
    expect(second).toEqual({ id: ids[1], name: "person 2", bornAt: new Date("2000-01-03T00:00:00Z") });
    expect(first).toEqual({ id: ids[0], name: "person 1", bornAt: null });
  });

  it("is planned by the key, never as a scan of the table, in its generic plan as in a custom one", async () => {
    const plans = await plansOf(database.db, select().toSQL().sql, [`'{${ids.slice(0, 5).join(",")}}'`]);
    for (const plan of plans) {
      expect(plan).toMatch(/Index Scan using prepared_test_people_pkey/);
      expect(plan).not.toMatch(/Seq Scan on prepared_test_people/);
    }
  });
});
