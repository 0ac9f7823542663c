import { existsSync, readFileSync, statSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";
import { stallLog } from "../e2e/stalls";

/**
 * Ends the run with one plain line, 'N passed, N failed, N skipped', that any CI can read; when a
 * test failed, after what held the journeys' app up meanwhile (e2e/stalls.ts), where a log's tail shows it.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = Date.now();

  onInit(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (module.state() === "failed" && module.children.size === 0) failed++;
    }
    const fresh = existsSync(stallLog) && statSync(stallLog).mtimeMs >= this.startedAt;
    const stalls = failed > 0 && fresh ? readFileSync(stallLog, "utf8").trim() : "";
    if (stalls)
      process.stdout.write(
        `\nWhat held the journeys up (${stallLog}):\n${stalls.split("\n").slice(-60).join("\n")}\n`,
      );
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
