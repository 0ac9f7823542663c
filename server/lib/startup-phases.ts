import { readFileSync } from "node:fs";

/** STARTUP_PHASES=on, read once: otherwise nothing is marked or read, and reportPhases is one test. */
const enabled = process.env.STARTUP_PHASES === "on";

/**
 * Start-up phases for the cold-start bench: each step of `npm start` leaves a performance mark at the
 * milliseconds since the process started, with the main thread's CPU milliseconds until then (from
 * /proc, Linux; what a loaded machine moves least). With STARTUP_PHASES=on the server prints them,
 * one JSON line on stderr, when its first health check answers healthy.
 */
export function markPhase(name: string): void {
  if (enabled && performance.getEntriesByName(name, "mark").length === 0)
    performance.mark(name, { detail: { cpu: mainThreadCpu() } });
}

let reported = false;

export function reportPhases(): void {
  if (reported || !enabled) return;
  reported = true;
  markPhase("healthy");
  const phases = Object.fromEntries(
    performance
      .getEntriesByType("mark")
      .map((mark) => [
        mark.name,
        { wall: Math.round(mark.startTime), cpu: (mark as PerformanceMark).detail?.cpu },
      ]),
  );
  process.stderr.write(`startup phases ${JSON.stringify(phases)}\n`);
}

/** CPU milliseconds this process's main thread has run (/proc/self/schedstat, nanoseconds); null without /proc. */
function mainThreadCpu(): number | null {
  try {
    return Math.round(Number(readFileSync("/proc/self/schedstat", "utf8").split(" ")[0]) / 1e6);
  } catch {
    return null;
  }
}
