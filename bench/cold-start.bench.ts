import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureServerBuild } from "../scripts/server-build.mjs";
import { webBuildIsStale } from "../scripts/web-build";
import { freePort, waitUntilHealthy } from "../server/test/server-process";

/**
 * Cold start on existing data: a server process started on a data folder that already holds the demo
 * data, timed from spawn until GET /api/health answers; the compiled start (`node scripts/start.mjs`,
 * what `npm start` runs) and the transpiled one (`tsx scripts/start.ts`, what it ran before), taken in
 * turns in the same run, beside a baseline of `node -e ""` (spawn to exit). SERVE_WEB=off, so that a
 * missing web/dist is not built here; the web build's staleness check, which `npm start` also runs, is
 * timed on its own. `npm start` itself (npm's own start added to the compiled one) is reported too,
 * and where the compiled start's time goes: the phases it marks (server/lib/startup-phases.ts), in
 * wall time and in its main thread's CPU since the process started. The compiled starts run with the
 * code cache a server writes a second after it listens (scripts/server-build.mjs runCompiled).
 * Runs: COLD_START_RUNS (default 5).
 */

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.COLD_START_RUNS ?? 5);

const starts = {
  compiled: [process.execPath, path.join(root, "scripts/start.mjs")],
  npm: ["npm", "start", "--silent"],
  tsx: [path.join(root, "node_modules/.bin/tsx"), path.join(root, "scripts/start.ts")],
};

interface Start {
  /** Spawn until health answers. */
  wall: number;
  /** CPU (user + system) the start's processes (npm, tsx, the server) used until then, from /proc. */
  cpu: number;
  /** The phases the server printed (STARTUP_PHASES=on): ms since its process started, main thread's CPU ms. */
  phases: Record<string, { wall: number; cpu?: number | null }>;
}

/**
 * Times a start until the server answers health; then stops it (`liveMs` later) and waits for all of
 * it to exit.
 */
async function timeStart(command: string[], dataDir: string, liveMs = 0): Promise<Start> {
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
      STARTUP_PHASES: "on",
    },
    stdio: ["ignore", "ignore", "pipe"],
    // A process group of its own: npm and tsx start the server as their child, and all of it stops.
    detached: true,
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, 5);
    const wall = performance.now() - started;
    const cpu = cpuOfGroup(child.pid as number);
    // The line comes with the health answer; it may reach this pipe just after it.
    while (!errors.includes("startup phases {")) await new Promise((resolve) => setTimeout(resolve, 5));
    const line = errors.slice(errors.indexOf("startup phases {") + "startup phases ".length).split("\n")[0];
    await new Promise((resolve) => setTimeout(resolve, liveMs));
    return { wall, cpu, phases: JSON.parse(line as string) };
  } finally {
    process.kill(-(child.pid as number), "SIGTERM");
    await exited;
    await groupGone(child.pid as number);
  }
}

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** CPU milliseconds (user + system) of the live processes of a process group, from /proc/<pid>/stat. */
function cpuOfGroup(group: number): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // After the command's closing parenthesis: state, ppid, pgrp, ..., utime (12th), stime (13th).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / ticksPerSecond;
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
    // A start that runs on for 2 s, as a server does: it writes V8's code cache (a second after it
    // listens), which the compiled starts below read.
    await timeStart(starts.compiled, dataDir, 2_000);
    const times = {
      compiled: [] as Start[],
      npm: [] as Start[],
      tsx: [] as Start[],
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
    const wall = (all: Start[]) => all.map((start) => start.wall);
    const cpu = (all: Start[]) => all.map((start) => start.cpu);
    const ratio = (subject: number[], baseline: number[]) => (median(subject) / median(baseline)).toFixed(2);
    console.log(`cold start on existing data (PGlite), ${runs} runs each, until GET /api/health answers`);
    console.log("wall time from spawn");
    console.log(`  compiled   node scripts/start.mjs  ${figures(wall(times.compiled))}`);
    console.log(`  npm start  (the compiled)          ${figures(wall(times.npm))}`);
    console.log(`  tsx        tsx scripts/start.ts    ${figures(wall(times.tsx))}`);
    console.log(`  baseline   node -e ""              ${figures(times.baseline)}`);
    console.log(`  ratio compiled / tsx ${ratio(wall(times.compiled), wall(times.tsx))}`);
    console.log(`  ratio npm start / tsx ${ratio(wall(times.npm), wall(times.tsx))}`);
    console.log(`  ratio compiled / baseline ${ratio(wall(times.compiled), times.baseline)}`);
    console.log("CPU time (user + system of every process of the start; less moved by other load)");
    console.log(`  compiled   ${figures(cpu(times.compiled))}`);
    console.log(`  npm start  ${figures(cpu(times.npm))}`);
    console.log(`  tsx        ${figures(cpu(times.tsx))}`);
    console.log(`  ratio compiled / tsx ${ratio(cpu(times.compiled), cpu(times.tsx))}`);
    console.log(`web build staleness check (npm start with SERVE_WEB on): ${webCheck.toFixed(1)} ms`);
    console.log(
      "compiled start's phases, medians: ms since the process started (wall) / its main thread's CPU ms",
    );
    for (const phase of Object.keys(times.compiled[0]?.phases ?? {})) {
      const at = (key: "wall" | "cpu") =>
        median(times.compiled.map((start) => start.phases[phase]?.[key] ?? 0));
      const cpu =
        times.compiled[0]?.phases[phase]?.cpu == null ? "" : ` / ${at("cpu").toFixed(0).padStart(4)}`;
      console.log(`  ${phase.padEnd(22)} ${at("wall").toFixed(0).padStart(5)}${cpu}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
