import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule, TestRunEndReason, Vitest } from "vitest/node";
import { stallLog } from "../e2e/stalls";
import { durationKey, durationsFile, durationsJson, readDurations } from "./sequencer";

/**
 * Ends the run with one plain line, 'N passed, N failed, N skipped', that any CI can read; when a
 * test failed, after what held the journeys' app up meanwhile (e2e/stalls.ts), where a log's tail shows it.
 * With TEST_DURATIONS=save, a run that passed writes its files' durations into the list the
 * sequencer orders by (scripts/sequencer.ts), over the same files' earlier figures.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = Date.now();
  private root = "";

  onInit(vitest: Vitest): void {
    this.startedAt = Date.now();
    this.root = vitest.config.root;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): void {
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
    // Only a whole run that passed: an interrupted one reports 0 s for the files it never began.
    if (process.env.TEST_DURATIONS === "save" && reason === "passed" && unhandledErrors.length === 0)
      this.saveDurations(testModules);
  }

  /** Each file that ran a test and passed, over its earlier figure; the rest keep theirs. */
  private saveDurations(testModules: ReadonlyArray<TestModule>): void {
    const seconds = readDurations();
    for (const module of testModules) {
      const ran = [...module.children.allTests()].some((test) => test.result().state === "passed");
      if (module.state() !== "passed" || !ran) continue;
      seconds[durationKey(module.project.name, this.root, module.moduleId)] =
        Math.round(module.diagnostic().duration / 100) / 10;
    }
    writeFileSync(durationsFile, durationsJson(seconds));
    process.stdout.write(`Durations written to ${durationsFile}.\n`);
  }
}
