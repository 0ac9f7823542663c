import { Worker } from "node:worker_threads";
import WebSocket from "ws";
import { systemClock } from "../server/lib/clock";
import { bulkVoters } from "../server/test/elections";
import { createOrganization } from "../server/test/factories";
import { call } from "../server/test/http";
import { forEachBenchApp } from "./databases";

const SOCKETS = 2_000;
/** Probes of each endpoint per window, one every PROBE_EVERY_MS (one in flight per endpoint). */
const PROBES = 300;
const PROBE_EVERY_MS = 10;
/** Re-validations forced during a window, one after the other, spaced so that each one is probed. */
const SWEEPS = 3;

/**
 * The 60-second re-validation of every socket's session and subscriptions with 2,000 signed-in
 * sockets, each holding its organization, a text channel and its own user topic: the latency of
 * `GET /api/health` and of `GET /api/session` (a session lookup) probed from another thread while
 * sweeps run, beside the same probes with no sweep in the same run. The max is the stall a
 * single request sees.
 */
export async function run(): Promise<void> {
  await forEachBenchApp(async (name, app, database) => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const admin = await createOrganization(app);
    const channel = (
      await call(app, admin.cookie).post("/api/channels", { name: "town-hall", type: "text" })
    ).json().channel;
    const voters = await bulkVoters(database.db, systemClock, admin.organizationId, SOCKETS);
    // Opened a hundred at a time (all at once overflows the listen backlog).
    const sockets: WebSocket[] = [];
    for (let start = 0; start < voters.length; start += 100) {
      const opened = voters
        .slice(start, start + 100)
        .map(({ user, cookie }) =>
          openSubscribed(base, cookie, [
            `org:${admin.organizationId}`,
            `channel:${channel.id}`,
            `user:${user.id}`,
          ]),
        );
      sockets.push(...(await Promise.all(opened)));
    }
    try {
      const cookie = voters[0]?.cookie ?? "";
      await probe(base, cookie, 50); // warm-up
      const idle = await probe(base, cookie, PROBES);
      const sweeps: number[] = [];
      const during = probe(base, cookie, PROBES);
      for (let i = 0; i < SWEEPS; i++) {
        await sleep((PROBES * PROBE_EVERY_MS) / (SWEEPS + 1));
        const started = performance.now();
        await app.realtime.hub.revalidate();
        sweeps.push(performance.now() - started);
      }
      const swept = await during;
      const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
      if (open !== SOCKETS) throw new Error(`${SOCKETS - open} sockets were closed by the sweep`);
      const line = (what: string, m: Latencies) =>
        `  ${what.padEnd(36)} p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms   max ${m.max.toFixed(1).padStart(6)} ms`;
      console.log(
        [
          `${name}: ${SOCKETS.toLocaleString("en")} signed-in sockets × 3 subscriptions, ${SWEEPS} sweeps (each ${sweeps.map((ms) => ms.toFixed(0)).join(", ")} ms)`,
          line("GET /api/health, no sweep", idle.health),
          line("GET /api/health, during sweeps", swept.health),
          line("GET /api/session, no sweep", idle.session),
          line("GET /api/session, during sweeps", swept.session),
        ].join("\n"),
      );
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });
}

function openSubscribed(base: string, cookie: string, topics: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`, { headers: { cookie } });
    let waiting = topics.length;
    socket.once("error", reject);
    socket.once("open", () => {
      for (const topic of topics) socket.send(JSON.stringify({ type: "subscribe", topic }));
    });
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; message?: string };
      if (message.type === "error") reject(new Error(message.message));
      if (message.type === "subscribed" && --waiting === 0) resolve(socket);
    });
  });
}

interface Latencies {
  p50: number;
  p99: number;
  max: number;
}
interface Probe {
  health: Latencies;
  session: Latencies;
}

/** `count` probes of each endpoint from a worker thread, one every PROBE_EVERY_MS. */
function probe(base: string, cookie: string, count: number): Promise<Probe> {
  const code = `
    const { parentPort, workerData: { base, cookie, count, every, client } } = require("node:worker_threads");
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    async function series(path, headers) {
      const { keepAliveRequest } = await import(client);
      const latencies = [];
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        const response = await keepAliveRequest(base + path, { method: "GET", headers });
        if (response.status !== 200) throw new Error(path + " answered " + response.status);
        const ms = performance.now() - t0;
        latencies.push(ms);
        await sleep(Math.max(0, every - ms));
      }
      latencies.sort((a, b) => a - b);
      const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
      return { p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] };
    }
    Promise.all([series("/api/health", {}), series("/api/session", { cookie })]).then(
      ([health, session]) => parentPort.postMessage({ health, session }),
      (error) => parentPort.postMessage({ error: String(error) }),
    );`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      // The benches' HTTP client (keep-alive.mjs), loaded by URL: the thread's code is plain JavaScript.
      workerData: {
        base,
        cookie,
        count,
        every: PROBE_EVERY_MS,
        client: new URL("./keep-alive.mjs", import.meta.url).href,
      },
    });
    worker.once("message", (message: Probe | { error: string }) => {
      if ("error" in message) reject(new Error(message.error));
      else resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
