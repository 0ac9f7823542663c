import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * What held the journeys' app up, kept for a failing run: a journey that waited 30 s on a screen
 * says what the screen showed (support.ts photographFailure) and what the page was still waiting
 * for; this file adds what the app was doing meanwhile. The processes of a run (the shared app's,
 * serve.ts, and the journey workers) append to one file; the summary reporter prints it
 * when a test failed, at the end, where a CI log's tail shows it.
 */
export const stallLog = path.resolve(import.meta.dirname, "../test-results/e2e-stalls.log");

/** A transaction held this long, a statement answered this late, or the event loop blocked this long. */
const HELD_MS = 2_000;
const BLOCKED_MS = 1_000;

/** Starts the run's file empty (global setup, before any journey). */
export function startStallLog(): void {
  mkdirSync(path.dirname(stallLog), { recursive: true });
  writeFileSync(stallLog, "");
}

export function noteStall(line: string): void {
  try {
    appendFileSync(stallLog, `${new Date().toISOString()} [pid ${process.pid}] ${line}\n`);
  } catch {
    // A process started outside a run (a bench, the screenshots walk) keeps no log.
  }
}

let watching = false;
let paused = false;

/** Notes each time this process's event loop was blocked for over a second (again, after a pause). */
export function watchEventLoop(): void {
  paused = false;
  if (watching) return;
  watching = true;
  const every = 250;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - every;
    if (!paused && late > BLOCKED_MS) noteStall(`event loop blocked ${Math.round(late)} ms`);
    last = now;
  }, every).unref();
}

/**
 * No blocks noted until watchEventLoop is called again: between two journey files their worker
 * loads the next file's modules, seconds on a loaded machine, with no app of its own to hold up.
 */
export function pauseEventLoopWatch(): void {
  paused = true;
}

/**
 * `client` with its transactions and statements timed: one held over two seconds (every other
 * statement of the process waits for it on PGlite) is noted with where it was begun.
 */
export function watchPglite(client: PGlite): PGlite {
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite["transaction"]>[0]) => {
    const begun = new Error("transaction begun");
    const asked = performance.now();
    return transaction(async (tx) => {
      const started = performance.now();
      try {
        return await callback(tx);
      } finally {
        const held = performance.now() - started;
        if (held > HELD_MS)
          noteStall(
            `transaction held ${Math.round(held)} ms (waited ${Math.round(started - asked)} ms for its turn)${frames(begun)}`,
          );
      }
    });
  }) as PGlite["transaction"];
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    const asked = performance.now();
    try {
      return await query(...args);
    } finally {
      const took = performance.now() - asked;
      if (took > HELD_MS)
        noteStall(`statement answered after ${Math.round(took)} ms: ${String(args[0]).slice(0, 160)}`);
    }
  }) as PGlite["query"];
  return client;
}

/** The app's own frames of a stack (not node_modules'), for a line in the log. */
function frames(error: Error): string {
  const own = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.includes("/server/") && !line.includes("node_modules"))
    .slice(0, 6)
    .map((line) => `\n    ${line.trim()}`);
  return own.join("");
}
