import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { listSessions } from "./admin";
import type { JanusConfig } from "./config";
import { janusConfigFiles, writeJanusConfig } from "./generate";
import type { JanusInstall } from "./install";

export type JanusLog = Pick<FastifyBaseLogger, "info" | "warn" | "error" | "debug">;

/** A Janus this process runs; `stop()` ends it (the app's shutdown calls it). */
export interface RunningJanus {
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

const READY_WITHIN_MS = 15_000;
const STOP_WITHIN_MS = 5_000;
const LINES_KEPT = 40;

/**
 * Starts Janus as a child process with a configuration generated into DATA_DIR/janus, waits until
 * its admin API answers, and restarts it (with backoff) if it dies; rooms whose Janus restarted
 * are made again when a participant next asks to join (media-server.ts).
 */
export async function launchJanus(
  config: JanusConfig,
  install: JanusInstall,
  log: JanusLog,
): Promise<RunningJanus> {
  const launch = config.launch;
  if (!launch) throw new Error("launchJanus needs JANUS=auto settings");
  const pidFile = path.join(launch.folder, "janus.pid");
  await stopLeftover(pidFile, launch.folder);
  writeJanusConfig(
    launch.folder,
    janusConfigFiles({ ...launch, tokenSecret: config.tokenSecret, adminKey: config.adminKey }, install),
  );
  if (!launch.iceIp)
    log.warn(
      "Janus: this machine has no non-loopback IPv4 address, so browsers may not reach its media (set JANUS_ICE_IP)",
    );

  let child: ChildProcess | undefined;
  let stopping = false;
  const recent: string[] = [];
  const killOnExit = () => child?.kill("SIGKILL");
  process.on("exit", killOnExit);

  const start = (): ChildProcess => {
    const started = spawn(
      install.binary,
      ["-F", launch.folder, "-C", path.join(launch.folder, "janus.jcfg")],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    if (started.pid) writeFileSync(pidFile, `${started.pid}\n`, { mode: 0o600 });
    for (const stream of [started.stdout, started.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on("line", (line) => {
        recent.push(line);
        if (recent.length > LINES_KEPT) recent.shift();
        if (line.includes("[ERR]") || line.includes("[FATAL]")) log.warn(`Janus: ${line}`);
        else log.debug(`Janus: ${line}`);
      });
    }
    return started;
  };

  child = start();
  const firstChild = child;
  const exited = new Promise<number | null>((resolve) => firstChild.once("exit", (code) => resolve(code)));
  try {
    const ready = await Promise.race([
      waitForAdmin(launch.adminPort, launch.adminSecret).then(() => true),
      exited.then(() => false),
    ]);
    if (!ready) throw new Error(`Janus exited while starting:\n${recent.slice(-15).join("\n")}`);
  } catch (error) {
    firstChild.kill("SIGKILL");
    process.off("exit", killOnExit);
    throw error;
  }
  log.info(
    `Janus is running (pid ${child.pid}, browsers connect to ${config.browserUrl}, media on ${launch.iceIp ?? "every address"} UDP ${launch.rtpPorts})`,
  );

  // Kept running: a Janus that dies is started again, sooner when it had been up a while.
  let delay = 1000;
  const watch = (running: ChildProcess) => {
    const since = Date.now();
    running.once("exit", async (code, signal) => {
      if (stopping) return;
      log.error(`Janus stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again`);
      delay = Date.now() - since > 60_000 ? 1000 : Math.min(delay * 2, 30_000);
      await sleep(delay);
      if (stopping) return;
      child = start();
      watch(child);
    });
  };
  watch(child);

  return {
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      process.off("exit", killOnExit);
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const gone = new Promise((resolve) => running.once("exit", resolve));
        running.kill("SIGTERM");
        const timer = setTimeout(() => running.kill("SIGKILL"), STOP_WITHIN_MS);
        await gone;
        clearTimeout(timer);
      }
      rmSync(pidFile, { force: true });
    },
  };
}

async function waitForAdmin(port: number, adminSecret: string): Promise<void> {
  const until = Date.now() + READY_WITHIN_MS;
  for (;;) {
    try {
      await listSessions(port, adminSecret);
      return;
    } catch (error) {
      if (Date.now() > until)
        throw new Error(`Janus's admin API did not answer on 127.0.0.1:${port}: ${error}`);
      await sleep(200);
    }
  }
}

/** A Janus left running by a process that was killed outright (its pid file names it) is ended. */
async function stopLeftover(pidFile: string, folder: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  const commandLine = `/proc/${pid}/cmdline`;
  try {
    if (readFileSync(commandLine, "utf8").includes(folder)) process.kill(pid, "SIGKILL");
  } catch {
    // not running any more
  }
  // Its ports are free once it is gone.
  for (let waited = 0; existsSync(commandLine) && waited < 3000; waited += 100) await sleep(100);
  rmSync(pidFile, { force: true });
}
