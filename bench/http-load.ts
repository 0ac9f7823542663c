import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Measurement } from "./measure";

export interface LoadRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The status that counts as success. */
  expect: number;
}

/** Requests sent `concurrency` at a time; lanes of one load run side by side, each measured on its own. */
export interface Lane {
  requests: LoadRequest[];
  concurrency: number;
}

/**
 * Sends the requests from a process of its own (so the load generator takes neither the server's
 * event loop nor its CPU figures), `concurrency` at a time; rate and latency percentiles in ms.
 */
export async function httpLoad(requests: LoadRequest[], concurrency: number): Promise<Measurement> {
  const [measured] = await httpLoadLanes([{ requests, concurrency }]);
  return measured as Measurement;
}

/** Several lanes at once (say, voters with a password to check beside those without): one figure per lane. */
export function httpLoadLanes(lanes: Lane[]): Promise<Measurement[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL("./http-load.child.mjs", import.meta.url)), {
      execArgv: [],
      serialization: "advanced",
    });
    child.once("message", (message: Measurement[] | { error: string }) => {
      if ("error" in message) reject(new Error(message.error));
      else resolve(message);
      child.kill();
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send({ lanes });
  });
}
