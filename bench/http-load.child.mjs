// The load generator of bench/http-load.ts, in plain JavaScript so node runs it as is, in a process of its own.
import { keepAliveRequest } from "./keep-alive.mjs";

let failure = null;

/** One lane: its requests, `concurrency` at a time; its own rate (over its own duration) and percentiles. */
async function runLane({ requests, concurrency }) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length && !failure) {
        const request = requests[next++];
        const t0 = performance.now();
        const response = await keepAliveRequest(request.url, request);
        if (response.status !== request.expect)
          failure = `${request.method} ${request.url} answered ${response.status}: ${response.text}`;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    count: requests.length,
    seconds,
    perSecond: requests.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

process.once("message", async ({ lanes }) => {
  const before = process.cpuUsage();
  const measured = await Promise.all(lanes.map(runLane));
  const used = process.cpuUsage(before);
  // The load generator's own CPU for the whole load (every lane): what the requests cost the client side.
  const loadCpuMs = (used.user + used.system) / 1000;
  process.send(failure ? { error: failure } : measured.map((m) => ({ ...m, loadCpuMs })));
});
