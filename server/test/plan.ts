import { randomUUID } from "node:crypto";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { arrayRows } from "../db/prepared";

/**
 * How the database plans a statement (a query builder's, or raw SQL), as the JSON text of
 * `explain`: a test looks for an index's name in it, where a read that should not grow with
 * history (a worker's look every few seconds) must not scan the whole table.
 */
export async function planOf(db: Db, statement: SQL | SQLWrapper): Promise<string> {
  const explained = (await db.execute(sql`explain (format json) ${statement}`)) as unknown as {
    rows: unknown[];
  };
  return JSON.stringify(explained.rows);
}

/**
 * How the database plans a statement (its text with $1 … $n, each cast where it is used) for a call
 * with `args` (SQL literals): its custom plan, then its generic one, as EXPLAIN's lines, so a test can
 * say which tables it reads whole. Prepared inside a transaction of its own, and deallocated.
 */
export async function plansOf(db: Db, statement: string, args: string[]): Promise<string[]> {
  // A name of its own each time: a failed explain leaves its statement prepared on the connection.
  const name = `plans_of_${randomUUID().replaceAll("-", "")}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare ${name} as ${statement}`));
    const plans: string[] = [];
    for (const mode of ["force_custom_plan", "force_generic_plan"]) {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
      const lines = await arrayRows<[string]>(
        tx,
        sql.raw(`explain (costs off) execute ${name}(${args.join(", ")})`),
      );
      plans.push(lines.map(([line]) => line).join("\n"));
    }
    await tx.execute(sql.raw(`deallocate ${name}`));
    return plans;
  });
}

/**
 * The tables a plan (EXPLAIN's text) hashes: the input of a Hash node (a hash join's) however it is
 * scanned, and "(a hashed subplan)" for one. Such a table is read for the batch as a whole (every
 * row, or every row an index gives), where a lookup for each row asked reads what that row needs:
 * a batch statement that hashes none costs what its batch holds, whatever the tables hold.
 */
export function tablesHashed(plan: string): string[] {
  const lines = plan.split("\n");
  const indent = (line: string) => line.length - line.trimStart().length;
  const found = new Set<string>();
  lines.forEach((line, i) => {
    if (!/(->\s+|^\s*)Hash$/.test(line.trimEnd())) return;
    for (let j = i + 1; j < lines.length && indent(lines[j] as string) > indent(line); j++) {
      const scan = lines[j] as string;
      const table = / on (\w+)/.exec(scan)?.[1];
      if (table && !/CTE Scan|Function Scan|Bitmap Index Scan/.test(scan)) found.add(table);
    }
  });
  if (/hashed SubPlan/.test(plan)) found.add("(a hashed subplan)");
  return [...found];
}

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super("rolled back");
  }
}

/**
 * Runs `work` in a transaction that is then rolled back, and returns what it returned: history
 * written to see how a statement is planned over it stays out of the database the other test files
 * share (a count of every election, say).
 */
export async function rolledBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await work(tx as unknown as Db));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error("unreachable");
}
