/** A UUID as PostgreSQL reads one (any case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A PostgreSQL array literal of UUIDs, for statements that take many at once. Nothing to quote:
 * callers pass only strings that match UUID (a batch must never fail for one caller's bad id).
 */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(",")}}`;
}

/** A UUID no row has: stands in for a malformed id in a batch's arrays. */
export const NO_ID = "00000000-0000-0000-0000-000000000000";
