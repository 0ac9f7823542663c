import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<true>();

/**
 * Whether the caller runs inside a transaction's callback. Slow work that is not a query must not:
 * PGlite runs one transaction at a time for the whole process, so every request's reads wait for as
 * long as the callback awaits anything (lib/crypto.ts refuses argon2 there: at nice 19 on a busy
 * machine one hash took seconds, with the database held).
 */
export function insideTransaction(): boolean {
  return scope.getStore() === true;
}

/** `db` whose transactions mark their callbacks for insideTransaction(); connect.ts applies it to every handle. */
export function markingTransactions<D extends { transaction: (...args: never[]) => unknown }>(db: D): D {
  const run = db.transaction.bind(db) as (callback: (tx: unknown) => unknown, ...rest: unknown[]) => unknown;
  db.transaction = ((callback: (tx: unknown) => unknown, ...rest: unknown[]) =>
    run((tx) => scope.run(true, () => callback(tx)), ...rest)) as D["transaction"];
  return db;
}
