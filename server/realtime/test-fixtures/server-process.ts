import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/** A real Votespace server process (server/main.ts, as `npm start` runs it) on a PostgreSQL database. */
export interface ServerProcess {
  baseUrl: string;
  /** What the process wrote, for a failing test to show. */
  output(): string;
  /** SIGTERM, as a process manager stops it; resolves when it exited. */
  stop(): Promise<void>;
  /** The process has not exited. */
  alive(): boolean;
}

/** `env` adds to (or overrides) the process's environment: STORAGE=s3 and its S3_* variables, say. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-process-"));
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/dev-entry.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SECRET_KEY: "two-process-test-secret-0123456789abcdef",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SERVE_WEB: "off",
      DEMO: "off",
      LOG_LEVEL: "warn",
      ...env,
    },
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
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
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
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Polls GET /api/health every `intervalMs` until it answers 200; throws when the child exits first. */
export async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error("no healthy answer within 30 s");
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
