import type { PGlite } from "@electric-sql/pglite";
import { onEveryHandle } from "./pglite-handles";

/**
 * How long a run of statements may keep the event loop from turning. PGlite answers a statement on
 * the server's own thread and settles its promise without giving the loop a turn, so a run of
 * awaited statements held every request, socket and timer of the process for its whole length: the
 * outbox worker draining 5,000 queued messages through the developer outbox, 12.5 s in one stretch;
 * a sweep of 1,000 orphaned room seats, 7.7 s. With `givingTurns`, a statement asked once the
 * process has gone this long without a turn waits for one first: what arrived meanwhile is read and
 * its statements queue beside the run's. PostgreSQL needs none of this: its answers come as I/O.
 */
const TURN_EVERY_MS = 20;

/** Since when statements have been answered without the loop turning (null: it turned since). */
let runningSince: number | null = null;
const turned = () => {
  runningSince = null;
};

/** A turn of the event loop when one is due, else nothing (the statement runs at once). */
function turnWhenDue(): Promise<void> | undefined {
  const now = performance.now();
  if (runningSince === null) {
    runningSince = now;
    setImmediate(turned);
    return undefined;
  }
  if (now - runningSince < TURN_EVERY_MS) return undefined;
  // `turned`, queued first, runs before this resolves: the next statement starts a new run.
  return new Promise((resolve) => setImmediate(resolve));
}

type Statement<A extends unknown[], R> = (...args: A) => Promise<R>;

function fair<A extends unknown[], R>(statement: Statement<A, R>): Statement<A, R> {
  return (...args) => {
    const turn = turnWhenDue();
    return turn ? turn.then(() => statement(...args)) : statement(...args);
  };
}

/** `client` whose statements, inside a transaction or not, let the event loop turn every 20 ms. */
export function givingTurns(client: PGlite): PGlite {
  onEveryHandle(client, (handle) => {
    handle.query = fair(handle.query.bind(handle)) as typeof handle.query;
    handle.exec = fair(handle.exec.bind(handle));
  });
  return client;
}
