import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureServerBuild } from "../../scripts/server-build.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** A real Votespace server process: dist/server.cjs, as `npm start` runs it. */
export interface ServerProcess {
  baseUrl: string;
  /** What the process wrote, for a failing test to show. */
  output(): string;
  /** SIGTERM, as a process manager stops it; resolves when it exited. */
  stop(): Promise<void>;
  /** kill -9: no shutdown at all; resolves when it is gone. */
  kill(): Promise<void>;
  /** The process has not exited. */
  alive(): boolean;
}

/**
 * The database a server process runs on: a PostgreSQL server's URL, or (null) the embedded one in
 * `dataDir`, which then outlives the process (a restart finds its data); without `dataDir` a folder
 * of the process's own is made and removed with it.
 */
export async function startServerProcess(
  databaseUrl: string | null,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "votespace-process-"));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SECRET_KEY: "two-process-test-secret-0123456789abcdef",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SERVE_WEB: "off",
    DEMO: "off",
    LOG_LEVEL: "warn",
    ...env,
  };
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  // The server as `npm start` runs it: compiled once (a few milliseconds when it is fresh), then
  // started with plain node in about 1 s, where tsx took about 3 s to transpile and load its modules.
  await ensureServerBuild();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = end("SIGTERM");
  try {
    await waitUntilHealthy(baseUrl, child);
  } catch (error) {
    await stop();
    throw new Error(`server process did not start: ${(error as Error).message}\n${output}`);
  }
  return {
    baseUrl,
    output: () => output,
    stop,
    kill: end("SIGKILL"),
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/**
 * A PostgreSQL database of a test's own on the server of `serverUrl` (a test that starts a real
 * server process with production limits would meet the shared test database's rows); `drop` removes it.
 */
export async function ownPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Polls GET /api/health every `intervalMs` until it answers 200; throws when the child exits first. */
export async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error("no healthy answer within 60 s");
}

/** A port the system just handed out: free unless someone takes it in the next instant. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
