import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Where PostgreSQL's server programs are (Debian's layout; PG_BIN overrides). */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

const isRoot = process.getuid?.() === 0;

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function clusterUnavailable(): string | null {
  for (const program of ["initdb", "pg_ctl", "postgres"]) {
    if (!existsSync(path.join(PG_BIN, program)))
      return `${path.join(PG_BIN, program)} is missing (set PG_BIN)`;
  }
  if (isRoot) {
    // pg_ctl refuses to run as root: the cluster belongs to the postgres user.
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
      execFileSync("runuser", ["--help"], { stdio: "ignore" });
    } catch {
      return "running as root without a postgres user or runuser to own the cluster";
    }
  }
  return null;
}

/** A PostgreSQL server of a test's own, in a temporary folder, that the test may stop and start. */
export interface Cluster {
  url: string;
  /** Stops it ("fast": sessions are terminated, as a restart does); resolves when it is down. */
  stop(): void;
  start(): void;
  /** Stops it for good and removes its folder. */
  destroy(): void;
  log(): string;
}

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "votespace-cluster-"));
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await freePort();
  const run = (program: string, args: string[]) => {
    const command = [path.join(PG_BIN, program), ...args];
    const [file, ...rest] = isRoot ? ["runuser", "-u", "postgres", "--", ...command] : command;
    execFileSync(file as string, rest, { stdio: "pipe", timeout: 60_000 });
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-l", logFile, "-w", "-t", "60", "-o", options, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
