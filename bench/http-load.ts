import { Worker } from "node:worker_threads";
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
 * Sends the requests from a worker thread (its own event loop, so the load generator does not
 * steal the server's), `concurrency` at a time; rate and latency percentiles in ms.
 */
export async function httpLoad(requests: LoadRequest[], concurrency: number): Promise<Measurement> {
  const [measured] = await httpLoadLanes([{ requests, concurrency }]);
  return measured as Measurement;
}

/** Several lanes at once (say, voters with a password to check beside those without): one figure per lane. */
export function httpLoadLanes(lanes: Lane[]): Promise<Measurement[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./http-load.worker.mjs", import.meta.url), { workerData: { lanes } });
    worker.once("message", (message: Measurement[] | { error: string }) => {
      if ("error" in message) reject(new Error(message.error));
      else resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
