import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort, waitUntilHealthy } from "../server/test/server-process";
import { compiledServer, ensureServerBuild, serverBuildIsStale } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("npm start's compiled server starts with plain node on a new data folder and answers health", async () => {
  await ensureServerBuild();
  expect(serverBuildIsStale()).toBe(false);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SERVE_WEB: "off",
      DEMO: "off",
      SECRET_KEY: "start-test-secret-0123456789abcdef0123",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    // Nothing was compiled at start: the build above was fresh.
    expect(output).not.toContain("Compiling the server");
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
}, 90_000);

test("the compiled server is stale once a file it was built from is newer", async () => {
  await ensureServerBuild();
  const { atime, mtime } = statSync(compiledServer);
  // The compiled file dated before its sources, as after a `git pull` that changed one of them.
  utimesSync(compiledServer, atime, new Date("2000-01-01"));
  try {
    expect(serverBuildIsStale()).toBe(true);
  } finally {
    utimesSync(compiledServer, atime, mtime);
  }
  expect(serverBuildIsStale()).toBe(false);
});
