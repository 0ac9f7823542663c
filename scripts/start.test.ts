import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort, waitUntilHealthy } from "../server/test/server-process";
import { compiledServer, ensureServerBuild, runCompiled, serverBuildIsStale } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs `node scripts/start.mjs` until health answers 200 (and `until`, when given, holds), then stops
 * it; returns what it printed.
 */
async function startAndStop(until?: () => boolean): Promise<string> {
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
    for (const started = Date.now(); until && !until() && Date.now() - started < 10_000; )
      await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  return output;
}

test("npm start's compiled server starts with plain node on a new data folder and answers health", async () => {
  await ensureServerBuild();
  expect(serverBuildIsStale()).toBe(false);
  const output = await startAndStop();
  // Nothing was compiled at start: the build above was fresh.
  expect(output).not.toContain("Compiling the server");
}, 90_000);

test("a start keeps V8's code for the next, and replaces a cache made from another build", async () => {
  await ensureServerBuild();
  const cacheFile = `${compiledServer}.cache`;
  const digest = createHash("sha1").update(readFileSync(compiledServer)).digest();
  // A cache of another build: V8 checks only the source's length, so the digest must refuse it.
  writeFileSync(
    cacheFile,
    Buffer.concat([createHash("sha1").update("another build").digest(), randomBytes(4096)]),
  );
  await startAndStop();
  // Refused, and replaced by the one the start made once it listened.
  const cache = readFileSync(cacheFile);
  expect(cache.subarray(0, digest.length).equals(digest)).toBe(true);
  expect(cache.length).toBeGreaterThan(100_000);
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

test("V8's code cache runs only with the source it was made from", async () => {
  const file = path.join(dataDir, "compiled.cjs");
  const source = (value: string) => `module.exports = { value: "${value}", listening: Promise.resolve() };\n`;
  writeFileSync(file, source("AAAA"));
  await runCompiled(file, { keepAfterMs: 0 }).listening; // no cache yet: made once listening settles
  expect(runCompiled(file).exports.value).toBe("AAAA"); // with the cache
  // Another build of the same length: V8 alone would take the cache and run "AAAA".
  writeFileSync(file, source("BBBB"));
  const next = runCompiled(file, { keepAfterMs: 0 });
  expect(next.exports.value).toBe("BBBB");
  await next.listening;
  expect(runCompiled(file).exports.value).toBe("BBBB");
});
