import { spawnSync } from "node:child_process";
import pg from "pg";
import { ensureChromium } from "./chromium";
import { ensureJanus } from "./janus";

/**
 * `npm test`: lint, type check, then every test (service and API tests on PostgreSQL when one is found,
 * else on PGlite; browser journeys in Chromium). Exits non-zero on the first failing step.
 */
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

async function findPostgres(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return LOCAL_POSTGRES;
  } catch {
    return undefined;
  }
}

run("lint (biome)", "npx", ["biome", "check", "."]);
run("lint (no raw colours outside the tokens)", "npx", ["tsx", "scripts/check-colours.ts"]);
run("type check (tsc)", "npx", ["tsc", "--noEmit", "-p", "."]);

const postgres = await findPostgres();
if (postgres)
  console.log(
    `\nDatabase tests run on PostgreSQL (${postgres.replace(/:[^:@/]*@/, ":***@")}), and those where the engines could part on PGlite too.`,
  );
else
  console.log(
    "\nNo PostgreSQL found (TEST_DATABASE_URL unset, nothing on 127.0.0.1:5432): database tests run on PGlite only.",
  );
try {
  ensureChromium();
  ensureChromium("full"); // the browser-notification journey's (scripts/chromium.ts)
  // The Janus SFU tests and journeys need Janus; they are skipped, with a message, without it.
  ensureJanus();
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exit(1);
}

const extra = process.argv.slice(2);
run("tests (vitest)", "npx", ["vitest", "run", ...extra], {
  ...process.env,
  TEST_DATABASE_URL: postgres ?? "",
});
