import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";

/**
 * PostgreSQL's own CPU, read from /proc/<pid>/schedstat (time on a CPU, in nanoseconds) of the
 * server processes that serve one database (pg_stat_activity names them); /proc/<pid>/stat's user
 * and system time where schedstat is missing, in clock ticks (10 ms here: a 30 ms statement read
 * as 20 or 40). The database server must run on this machine; without /proc access to it every
 * figure is null and the bench says so.
 */
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

function cpuMs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {}
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

export class BackendCpu {
  private constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
  ) {}

  /** A meter on `database`'s backends, through its own connection to another database (not counted). */
  static async open(adminUrl: string, database: string): Promise<BackendCpu | null> {
    const admin = new pg.Client({ connectionString: adminUrl });
    admin.on("error", () => {});
    await admin.connect();
    const meter = new BackendCpu(admin, database);
    const pids = await meter.pids();
    if (pids.length === 0 || pids.every((pid) => cpuMs(pid) === null)) {
      await admin.end();
      return null;
    }
    return meter;
  }

  private async pids(): Promise<number[]> {
    const rows = await this.admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [this.database],
    );
    return rows.rows.map((row) => row.pid);
  }

  /**
   * CPU ms the database's backends spent while `during` ran. Connections open before and after (a
   * pool) are read at both ends, with nothing polling in between (the server under test shares this
   * process). With `poll`, short-lived connections (pgbench's) are also read every few ms while
   * they live, counted from zero (their connection start included).
   */
  async measure<T>(during: () => Promise<T>, poll = false): Promise<{ result: T; cpuMs: number }> {
    const seen = new Map<number, { first: number; last: number }>();
    const sample = (pids: number[], isStart: boolean) => {
      for (const pid of pids) {
        const now = cpuMs(pid);
        if (now === null) continue;
        const known = seen.get(pid);
        if (known) known.last = now;
        else seen.set(pid, { first: isStart ? now : 0, last: now });
      }
    };
    sample(await this.pids(), true);
    let running = true;
    const poller = (async () => {
      while (poll && running) {
        sample(await this.pids(), false);
        // Between reads of the same pids, only /proc (cheap): pg_stat_activity every 20 ms.
        for (let i = 0; i < 4 && running; i++) {
          sample([...seen.keys()], false);
          await sleep(5);
        }
      }
    })();
    const result = await during();
    running = false;
    await poller;
    sample(await this.pids(), false);
    let total = 0;
    for (const { first, last } of seen.values()) total += last - first;
    return { result, cpuMs: total };
  }

  close(): Promise<void> {
    return this.admin.end();
  }
}

export interface PgbenchFigures {
  transactions: number;
  perSecond: number;
}

/** pgbench's connection arguments and environment for `url`. */
function pgbenchTarget(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const where = new URL(url);
  return {
    args: [
      "-h",
      // A socket folder given as `?host=` (the server's connection goes that way too), else the host.
      where.searchParams.get("host") ?? where.hostname,
      "-p",
      where.port || "5432",
      "-U",
      decodeURIComponent(where.username || "postgres"),
      where.pathname.slice(1),
    ],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(where.password) },
  };
}

/** /usr/bin/pgbench's TPC-B-like transaction on `url`'s database (scale 1, created once). */
export async function pgbench(url: string, clients: number, perClient: number): Promise<PgbenchFigures> {
  const { args, env } = pgbenchTarget(url);
  const { stdout } = await promisify(execFile)(
    "pgbench",
    ["-c", String(clients), "-j", "2", "-t", String(perClient), "-n", ...args],
    { env },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  return { transactions: clients * perClient, perSecond: Number(tps?.[1] ?? 0) };
}

export async function pgbenchInit(url: string): Promise<void> {
  const { args, env } = pgbenchTarget(url);
  await promisify(execFile)("pgbench", ["-i", "-s", "1", "-q", ...args], { env });
}
