import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { stallLog } from "../e2e/stalls";
import { durationKey, durationsFile } from "./sequencer";

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
    if (process.env.TEST_DURATIONS === "save" && failed === 0) this.saveDurations(testModules);
  }

  private saveDurations(testModules: ReadonlyArray<TestModule>): void {
    const seconds = JSON.parse(readFileSync(durationsFile, "utf8")) as Record<string, number>;
    for (const module of testModules)
      seconds[durationKey(module.project.name, this.root, module.moduleId)] =
        Math.round(module.diagnostic().duration / 100) / 10;
    const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
    process.stdout.write(`Durations written to ${durationsFile}.\n`);
  }
}
