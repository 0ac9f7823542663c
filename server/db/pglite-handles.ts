import { type PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";

/** What runs statements on the embedded database: the client, or a transaction's handle. */
export type Handle = Pick<PGlite | Transaction, "query" | "exec">;

/** Applies `change` to the client's statements and to those of every transaction it opens. */
export function onEveryHandle(client: PGlite, change: (handle: Handle) => void): void {
  change(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      change(tx);
      return callback(tx);
    })) as PGlite["transaction"];
}

const asText = (value: string) => value;
/**
 * The types Drizzle reads as text (times, dates, intervals, numeric[] and arrays of times), with the
 * identity parser it gives PGlite for them on every statement.
 */
const TEXT_TYPES: Record<number, (value: string) => string> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, asText],
  ),
);

/**
 * Drizzle passes PGlite its parsers (TEXT_TYPES) with every statement, and PGlite merges them with
 * its own, several hundred with the array types, for each one: 95 µs a statement, more than a
 * `select 1` costs (82 µs). They are the client's parsers once here instead (once it is ready: its
 * array types' parsers are made then), and a statement's own are left out when they are for those
 * types only, whatever they do: any statement on this client reads those types as text, as
 * Drizzle's statements do on PostgreSQL.
 */
export function textTypesOnce(client: PGlite): void {
  const install = () => {
    client.parsers = { ...client.parsers, ...TEXT_TYPES };
  };
  // A statement waits for the client to be ready; this, asked first, runs before any of them.
  if (client.ready) install();
  else void client.waitReady.then(install);
  onEveryHandle(client, (handle) => {
    const query = handle.query.bind(handle);
    handle.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
      query(
        text,
        params,
        options?.parsers && Object.keys(options.parsers).every((oid) => TEXT_TYPES[Number(oid)] !== undefined)
          ? { ...options, parsers: undefined }
          : options,
      )) as typeof handle.query;
  });
}
