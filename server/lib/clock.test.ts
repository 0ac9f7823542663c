import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverDir = path.resolve(import.meta.dirname, "..");

/** Where the system clock is read on purpose: process supervision and the clock itself, not rules. */
const ALLOWED = new Set([
  "lib/clock.ts",
  // How long Janus stayed up before dying, to space its restarts: the process's own timing.
  "features/rooms/media/janus/launcher.ts",
  // A default for its injected `now`, used outside the app's rules (Janus tokens signed for Janus).
  "features/rooms/media/janus/videoroom.ts",
  // How long shutdown lets open connections drain: the process's own timing, not a rule.
  "http/closing.ts",
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "test" || entry.name === "test-fixtures" ? [] : sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("the server's rules", () => {
  it("read the time from the injected clock, never from the system (`new Date()`, `Date.now()`)", () => {
    const offenders = sources(serverDir)
      .map((file) => path.relative(serverDir, file).split(path.sep).join("/"))
      .filter((file) => !ALLOWED.has(file))
      .filter((file) => /new Date\(\)|Date\.now\(\)/.test(readFileSync(path.join(serverDir, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
