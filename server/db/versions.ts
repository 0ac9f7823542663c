import { eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { conflict } from "../http/errors";

/**
 * Optimistic concurrency for what an administrator saves whole (an election's definition or roll, a
 * channel's security settings or posters): the row has a version column, raised by the same update
 * that writes; an edit sends the version it started from and is written only while the row is still
 * at it, else refused with 409 in the caller's words. An edit with no version (an API client's)
 * writes as before.
 */

/** The version column raised, in the statement that writes the change. */
export const raisedVersion = (column: PgColumn): SQL => sql`${column} + 1`;

/**
 * The update's condition that the row is still at the version the edit started from (none when it
 * sent none). In the statement that raises it: of two saves from one version, the second waits for
 * the first's row lock, finds the version moved on and writes nothing.
 */
export const atVersion = (column: PgColumn, sent: number | undefined): SQL | undefined =>
  sent === undefined ? undefined : eq(column, sent);

/** Refused (409, `message`) when the edit started from a version older than `current`. */
export function requireVersion(sent: number | undefined, current: number, message: string): void {
  if (sent !== undefined && sent !== current) throw conflict(message);
}

/** Refused (409, `message`) when the conditional update wrote no row because the version moved on. */
export function requireWritten<T>(written: T | undefined, message: string): T {
  if (written === undefined) throw conflict(message);
  return written;
}
