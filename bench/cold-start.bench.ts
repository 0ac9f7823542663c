import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureServerBuild } from "../scripts/server-build.mjs";
import { webBuildIsStale } from "../scripts/web-build";
import { freePort, waitUntilHealthy } from "../server/realtime/test-fixtures/server-process";

/**
 * Cold start on existing data: a server process started on a data folder that already holds the demo
 * data, timed from spawn until GET /api/health answers; the compiled start (`node scripts/start.mjs`,
 * what `npm start` runs) and the transpiled one (`tsx scripts/start.ts`, what it ran before), taken in
 * turns in the same run, beside a baseline of `node -e ""` (spawn to exit). SERVE_WEB=off, so that a
 * missing web/dist is not built here; the web build's staleness check, which `npm start` also runs, is
 * timed on its own. `npm start` itself (npm's own start added to the compiled one) is reported too.
 * Runs: COLD_START_RUNS (default 5).
 */

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.COLD_START_RUNS ?? 5);

const starts = {
  compiled: [process.execPath, path.join(root, "scripts/start.mjs")],
  npm: ["npm", "start", "--silent"],
  tsx: [path.join(root, "node_modules/.bin/tsx"), path.join(root, "scripts/start.ts")],
};

/** Milliseconds from spawn until the server answers health; then stops it and waits for its exit. */
async function timeStart(command: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SERVE_WEB: "off",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
    // A process group of its own: npm and tsx start the server as their child, and all of it stops.
    detached: true,
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, 5);
    return performance.now() - started;
  } finally {
    process.kill(-(child.pid as number), "SIGTERM");
    await exited;
    await groupGone(child.pid as number);
  }
}

/** Every process of the group has exited: the server itself, not only npm or tsx above it. */
async function groupGone(group: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function timeBaseline(): Promise<number> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  return new Promise((resolve) => child.once("exit", () => resolve(performance.now() - started)));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const figures = (values: number[]) =>
  `median ${median(values).toFixed(0).padStart(5)} ms   min ${Math.min(...values)
    .toFixed(0)
    .padStart(5)} ms   (${values.map((v) => v.toFixed(0)).join(", ")})`;

export async function run(): Promise<void> {
  await ensureServerBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-cold-start-"));
  try {
    await timeStart(starts.compiled, dataDir); // creates the database and the demo data: existing data from here on
    const times = {
      compiled: [] as number[],
      npm: [] as number[],
      tsx: [] as number[],
      baseline: [] as number[],
    };
    for (let i = 0; i < runs; i++) {
      times.compiled.push(await timeStart(starts.compiled, dataDir));
      times.npm.push(await timeStart(starts.npm, dataDir));
      times.tsx.push(await timeStart(starts.tsx, dataDir));
      times.baseline.push(await timeBaseline());
    }
    const checkStarted = performance.now();
    webBuildIsStale();
    const webCheck = performance.now() - checkStarted;
    console.log(
      `cold start on existing data (PGlite), ${runs} runs each, spawn until GET /api/health answers`,
    );
    console.log(`  compiled  node scripts/start.mjs  ${figures(times.compiled)}`);
    console.log(`  npm start (the compiled)         ${figures(times.npm)}`);
    console.log(`  tsx       tsx scripts/start.ts    ${figures(times.tsx)}`);
    console.log(`  baseline  node -e ""              ${figures(times.baseline)}`);
    console.log(`  ratio compiled / tsx       ${(median(times.compiled) / median(times.tsx)).toFixed(2)}`);
    console.log(
      `  ratio compiled / baseline  ${(median(times.compiled) / median(times.baseline)).toFixed(2)}`,
    );
    console.log(`  web build staleness check (npm start with SERVE_WEB on): ${webCheck.toFixed(1)} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
