import { defineConfig } from "vitest/config";
import LongestFirst from "./scripts/sequencer.ts";

const serverTests = ["server/**/*.test.ts", "contract/**/*.test.ts"];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * With a PostgreSQL server the service tests run there, and on PGlite only where the two engines
 * could part: migrations and the database layer, hand-written SQL (search, batched direct
 * messages), the sealing transactions and the realtime bus. The journeys run the whole app on PGlite besides.
 */
const pgliteTests = onPostgres
  ? [
      "server/db/**/*.test.ts",
      "server/features/search/**/*.test.ts",
      "server/features/chat/many-senders.test.ts",
      "server/features/elections/**/*.test.ts",
      "server/realtime/**/*.test.ts",
      // The outbox worker's claims (SKIP LOCKED, leases) on one connection
      "server/lib/outbox/outbox.test.ts",
      "server/lib/outbox/no-waiting-no-secrets.test.ts",
    ]
  : serverTests;

/** The group that runs once the journeys' group is done (maxWorkers below says why). */
const afterJourneys = { groupOrder: 1 };

/**
 * The service files and the journeys share their worker's modules (Vitest's isolate off): each
 * service file built the whole app's module graph again, 205 s of import in a 460 s run of the two
 * service projects here; shared, 27 s, and the run took 264 s (CPU 749 s → 372 s, every test
 * passing). A file therefore changes no module for the others: no vi.mock or stubbed globals
 * (scripts/shared-modules.test.ts holds it); a test that needs a part to behave otherwise passes it
 * to testApp, as buildApp takes its parts. What each file must run for itself goes in a setup file.
 */
const sharedModules = { isolate: false };

/**
 * Service and API tests run on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set (see above); the
 * web app's pure functions and UI kit run in jsdom ("web"); browser journeys run in Chromium against
 * an app started by e2e/global-setup.ts.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    /**
     * Vitest's default is one worker fewer than the cores: on CI's two, one file at a time. Most
     * files wait (on a browser, a commit, a socket) more than they compute, so two run at once. The
     * journeys run first, as a group of their own, three at a time: in Chromium's headless shell they
     * wait on the browser and the app more than they compute (at two, the CPU sampled over a run came
     * to about one core of the two; at three, 97 % busy and 594 s for the 118 journeys, every one
     * passing, and the whole run 1,188 s where it took 1,569 s).
     */
    maxWorkers: 2,
    // Each project's files longest first, by a past run's durations (scripts/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "server-pglite",
          sequence: afterJourneys,
          ...sharedModules,
          include: pgliteTests,
          env: { TEST_DB: "pglite" },
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: "server-pg",
                sequence: afterJourneys,
                ...sharedModules,
                include: serverTests,
                env: { TEST_DB: "postgres" },
                globalSetup: ["server/test/global-setup.ts"],
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: "scripts",
          sequence: afterJourneys,
          include: ["scripts/**/*.test.ts", "web/build/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "web",
          sequence: afterJourneys,
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["web/src/test-setup.ts"],
          // A form test that renders, uploads and saves took 5.2 s with the machine's load at 12.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          // As the service files: each journey file loaded Playwright and the app's shared code again.
          ...sharedModules,
          setupFiles: ["e2e/setup.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          // Journeys share the machine with other files: the longest take a minute alone.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // A poll waits for what the app shows, as a locator's waitFor beside it does: vitest's default
          // second is less than a live event takes to show on a machine that two journeys share.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
