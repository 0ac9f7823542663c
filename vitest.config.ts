import { defineConfig } from "vitest/config";

const serverTests = ["server/**/*.test.ts", "contract/**/*.test.ts"];

/**
 * Service and API tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; the web
 * app's pure functions and UI kit run in jsdom ("web"); browser journeys run in Chromium against an
 * app started by e2e/global-setup.ts.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "server-pglite",
          include: serverTests,
          env: { TEST_DB: "pglite" },
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "server-pg",
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
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
