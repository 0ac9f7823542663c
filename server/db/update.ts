import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./connect";

/** True when a partial update sets at least one column (undefined means "leave as it is"). */
export function hasChanges(values: object): boolean {
  return Object.values(values).some((value) => value !== undefined);
}

/**
 * A partial update: `UPDATE table SET values WHERE condition`, or nothing at all when it sets no
 * column. An update that names nothing to change (`PATCH {}`) is a valid request that changes
 * nothing, where Drizzle would throw ("No values to set") and the route answer 500.
 */
export async function updateWhere<T extends PgTable>(
  db: Db | Tx,
  table: T,
  values: PgUpdateSetSource<T>,
  condition: SQL | undefined,
): Promise<void> {
  if (!hasChanges(values)) return;
  await db.update(table).set(values).where(condition);
}

/**
 * A jsonb column with the keys of `change` merged in (`||`; a key left undefined is not named): a
 * save of independent switches writes only its own, so another's saved at once stays.
 */
export function mergedJsonb(column: AnyColumn, change: object): SQL {
  return sql`${column} || ${JSON.stringify(change)}::jsonb`;
}
