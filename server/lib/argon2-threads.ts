import { Worker } from "node:worker_threads";
import type { Options } from "@node-rs/argon2";
import { requireFromRoot } from "../root";
import { limitConcurrency } from "./concurrency";

/**
 * argon2 on threads of its own at the lowest CPU priority (nice 19, Linux). Off the event loop is
 * not enough on a small machine: a password check takes a core for tens of milliseconds, and at
 * normal priority it competes with the event loop and PostgreSQL, so every voter's vote slows when
 * a few have "require password to vote" on. At nice 19 the scheduler gives the hash only what the
 * others leave: the voter who chose it waits; the others do not. At most `threads` run at once.
 *
 * Each thread runs @node-rs/argon2's synchronous functions; the code is inline (`eval`) so the
 * compiled server (dist/server.cjs) needs no file beside it.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
try {
  // /proc/thread-self names this thread's id; setpriority on it lowers this thread alone.
  const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(tid, 19);
} catch {}
const argon2 = require(workerData.argon2);
parentPort.on("message", ({ id, op, a, b, options }) => {
  try {
    const result = op === "hash" ? argon2.hashSync(a, options) : argon2.verifySync(a, b);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/** The thread itself failed (it could not start, load argon2, or it exited): not an answer about a password. */
export class Argon2ThreadError extends Error {}

interface Job {
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

class Argon2Thread {
  private readonly worker: Worker;
  private readonly jobs = new Map<number, Job>();
  private nextId = 0;
  /** The thread failed or exited: its jobs are refused and the pool drops it. */
  dead = false;

  constructor(argon2Path: string) {
    this.worker = new Worker(THREAD_CODE, { eval: true, workerData: { argon2: argon2Path } });
    this.worker.on("message", ({ id, result, error }) => {
      const job = this.jobs.get(id);
      this.jobs.delete(id);
      if (this.jobs.size === 0) this.worker.unref();
      if (error) job?.reject(new Error(error));
      else job?.resolve(result);
    });
    this.worker.on("error", (error) =>
      this.die(new Argon2ThreadError(`argon2 thread failed: ${error.message}`)),
    );
    this.worker.on("exit", () => this.die(new Argon2ThreadError("argon2 thread exited")));
    // An idle thread does not keep the process alive; one at work does (see run). After the
    // listeners: adding one refs the thread again.
    this.worker.unref();
  }

  private die(error: Error) {
    this.dead = true;
    for (const job of this.jobs.values()) job.reject(error);
    this.jobs.clear();
    this.worker.unref();
  }

  run(op: "hash" | "verify", a: string, b: string, options?: Options): Promise<string | boolean> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Argon2ThreadError("argon2 thread exited"));
      this.jobs.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, op, a, b, options });
    });
  }
}

/** `argon2Path`: the module the threads load (a test names one that fails). */
export function argon2Threads(threads: number, argon2Path = requireFromRoot.resolve("@node-rs/argon2")) {
  const idle: Argon2Thread[] = [];
  const turn = limitConcurrency(threads);
  const onThread = <T>(job: (thread: Argon2Thread) => Promise<T>) =>
    turn(async () => {
      // A thread that died while idle is dropped here, not handed a job it would refuse.
      let thread = idle.pop();
      while (thread?.dead) thread = idle.pop();
      thread ??= new Argon2Thread(argon2Path);
      try {
        return await job(thread);
      } finally {
        if (!thread.dead) idle.push(thread);
      }
    });
  return {
    hash: (password: string, options: Options) =>
      onThread((t) => t.run("hash", password, "", options)) as Promise<string>,
    verify: (passwordHash: string, password: string) =>
      onThread((t) => t.run("verify", passwordHash, password)) as Promise<boolean>,
  };
}
