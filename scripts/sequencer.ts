import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each test file took in a whole run, by `project:path` (refreshed as summary-reporter.ts says). */
export const durationsFile = path.join(import.meta.dirname, "test-durations.json");

export const durationKey = (project: string, root: string, moduleId: string) =>
  `${project}:${path.relative(root, moduleId)}`;

/**
 * Vitest's order (its groups, its projects in turn), with each project's files longest first, by the
 * durations of a past run: the longest files no longer start last and leave one worker running while
 * the others wait. Vitest itself orders by its cache of the last run, which a clean clone (CI) lacks,
 * and then by file size, which put the 3-minute accessibility journeys at 449 s of a 726 s run. A file
 * not in the list (a new one) goes first, as Vitest runs an unknown file first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = JSON.parse(readFileSync(durationsFile, "utf8")) as Record<string, number>;
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification) =>
      seconds[durationKey(spec.project.name, root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    const order = new Map((await super.sort(files)).map((spec, index) => [spec, index]));
    const rank = (spec: TestSpecification) => order.get(spec) ?? 0;
    // Within a run of one project's files as Vitest placed them, the longest first.
    return [...order.keys()].sort((a, b) =>
      a.project === b.project ? expected(b) - expected(a) || rank(a) - rank(b) : rank(a) - rank(b),
    );
  }
}
