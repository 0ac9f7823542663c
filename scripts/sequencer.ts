import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each test file took in a whole run, by `project:path` (refreshed as summary-reporter.ts says). */
export const durationsFile = path.join(import.meta.dirname, "test-durations.json");

export const durationKey = (project: string, root: string, moduleId: string) =>
  `${project}:${path.relative(root, moduleId)}`;

/** The durations kept, or none (a missing or unreadable file orders as Vitest does). */
export function readDurations(): Record<string, number> {
  try {
    return existsSync(durationsFile)
      ? (JSON.parse(readFileSync(durationsFile, "utf8")) as Record<string, number>)
      : {};
  } catch {
    return {};
  }
}

/** The durations as the file keeps them: by key, one to a line, as Biome formats JSON. */
export const durationsJson = (seconds: Record<string, number>) =>
  `${JSON.stringify(Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2)}\n`;

/**
 * Vitest's order (its groups, its projects in turn), with each project's files longest first, by the
 * durations of a past run: the longest files no longer start last and leave one worker running while
 * the others wait. Vitest itself orders by its cache of the last run, which a clean clone (CI) lacks,
 * and then by file size, which put the 3-minute accessibility journeys at 449 s of a 726 s run. A file
 * with no figure of its own takes the same file's in another project (a service file on PGlite, its
 * figure on PostgreSQL); one with none at all (a new file) goes first, as Vitest runs an unknown file first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = readDurations();
    const byPath = new Map<string, number>();
    for (const [key, value] of Object.entries(seconds)) {
      const file = key.slice(key.indexOf(":") + 1);
      byPath.set(file, Math.max(value, byPath.get(file) ?? 0));
    }
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification) =>
      seconds[durationKey(spec.project.name, root, spec.moduleId)] ??
      byPath.get(path.relative(root, spec.moduleId)) ??
      Number.POSITIVE_INFINITY;
    const placed = (await super.sort(files)).map((spec, rank) => ({ spec, rank, seconds: expected(spec) }));
    // Within a run of one project's files as Vitest placed them, the longest first.
    placed.sort((a, b) =>
      a.spec.project === b.spec.project ? b.seconds - a.seconds || a.rank - b.rank : a.rank - b.rank,
    );
    return placed.map(({ spec }) => spec);
  }
}
