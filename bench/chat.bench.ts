// Over 300 lines: one benchmark: the client driver, the bare relay baseline and Votespace measured against each other in one run.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import WebSocket, { WebSocketServer } from "ws";
import type { DirectMessage } from "../contract/chat";
import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import type { Bus } from "../server/realtime/bus";
import { generousLimits, testConfig } from "../server/test/config";
import { pushVotespaceTargets } from "./databases";
import { fmt, median } from "./fanout-harness";
import { keepAliveRequest, SERVER_KEEP_ALIVE_MS } from "./keep-alive.mjs";
import { signedInOrganization } from "./members";

/**
 * Direct messages through the real app: 500 pairs of members, each with a WebSocket on their own
 * `user:{id}` topic (1,000 sockets, 1,000 sessions), writing to each other with
 * `POST /api/chat/conversations/:id` (session, rules, rate limit, the insert, which tells the other
 * processes itself). Measured from the moment a message is posted to the moment the recipient's
 * socket has it: a steady phase (latency) and a full-speed phase (messages/s, a few seconds of
 * it). The baseline, in the same
 * run, is a bare Node HTTP + `ws` relay doing the same exchange with no session, rule or database.
 * Rounds alternate between the servers; the median round is reported. After each of its rounds the
 * real app's GET /api/health is sent from the same clients, as many and as many at once as the
 * full-speed phase: what the server answers when a request does nothing, beside the bare relay.
 */
const PAIRS = 500;
const ROUNDS = 3;
const STEADY_RATE = 50;
const STEADY_MESSAGES = 150;
/**
 * Long enough for the bare relay to reach its rate: with 600 messages (60-150 ms of it) its start
 * weighed on it more than on the slower server, and it measured 4,171-5,095 messages/s where 6,000
 * give it 6,000-10,400 (the ratio was 0.27-0.34 with 600, 0.16-0.22 with 6,000, the same day).
 */
const BURST_MESSAGES = 5_000;
const BURST_MAX_MS = 6_000;
/** Posts in flight at full speed (the load generator's connections). */
const IN_FLIGHT = 16;
const WAIT_MS = 15_000;

interface Member {
  id: string;
  /** The session cookie (real app) or nothing (bare relay). */
  cookie?: string;
}

interface ClientSetup {
  role: "chat-bench-clients";
  httpBase: string;
  /** Where a socket connects; `{user}` is replaced by the member's id (the bare relay's way to know them). */
  wsUrl: string;
  /** The real app wants a subscription to `user:{id}`; the bare relay sends to the socket directly. */
  subscribe: boolean;
  pairs: Array<[Member, Member]>;
}

type ToClients = { type: "round"; base: number } | { type: "health" } | { type: "stop" };
interface RoundFigures {
  perSecond: number;
  p50: number;
  p99: number;
}
type FromClients =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "round"; figures: RoundFigures }
  | { type: "health"; perSecond: number };

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

// ---------------------------------------------------------------------------------------------
// The clients: in a worker thread (its own core), so that they do not slow the server measured.

async function clients(setup: ClientSetup): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const sentAt = new Map<number, number>();
  const arrived = new Map<number, () => void>();
  let latencies: number[] = [];
  let lastAt = 0;

  const onMessage = (memberId: string) => (data: Buffer) => {
    const text = data.toString();
    if (!text.includes('"message.created"')) return;
    const message = (JSON.parse(text) as { payload: DirectMessage }).payload;
    // Each message reaches both parties' sockets; it is delivered when the recipient has it.
    if (message.recipient_id !== memberId || !message.content.startsWith("seq-")) return;
    const seq = Number(message.content.slice(4));
    const start = sentAt.get(seq);
    if (start === undefined) return;
    const t = now();
    latencies.push(t - start);
    lastAt = t;
    arrived.get(seq)?.();
  };

  const connect = (member: Member) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(setup.wsUrl.replace("{user}", member.id), {
        headers: member.cookie ? { cookie: member.cookie } : {},
      });
      ws.once("error", reject);
      ws.once("unexpected-response", (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      ws.once("open", () => {
        ws.on("message", onMessage(member.id));
        if (!setup.subscribe) return resolve(ws);
        ws.send(JSON.stringify({ type: "subscribe", topic: `user:${member.id}` }));
        ws.on("message", function answer(data: Buffer) {
          const text = data.toString();
          if (!text.startsWith('{"type":"subscribed"') && !text.startsWith('{"type":"error"')) return;
          ws.off("message", answer);
          if (text.startsWith('{"type":"error"')) reject(new Error(text));
          else resolve(ws);
        });
      });
    });

  const members = setup.pairs.flat();
  const sockets: WebSocket[] = [];
  try {
    // A few dozen handshakes at a time: a thousand at once would only measure the accept queue.
    for (let i = 0; i < members.length; i += 50) {
      sockets.push(...(await Promise.all(members.slice(i, i + 50).map(connect))));
    }
  } catch (error) {
    port.postMessage({ type: "failed", message: (error as Error).message } satisfies FromClients);
    return;
  }

  /** Message `seq`: pair `seq % 500`, alternating who writes; resolves once the recipient has it. */
  const send = async (seq: number) => {
    const pair = setup.pairs[seq % setup.pairs.length] as [Member, Member];
    const [from, to] = Math.floor(seq / setup.pairs.length) % 2 === 0 ? pair : [pair[1], pair[0]];
    let answered = "no answer to its post";
    const delivered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`message ${seq} was not delivered in ${WAIT_MS} ms (${answered})`)),
        WAIT_MS,
      );
      arrived.set(seq, () => {
        clearTimeout(timer);
        arrived.delete(seq);
        resolve();
      });
    });
    sentAt.set(seq, now());
    const response = await keepAliveRequest(
      `${setup.httpBase}/api/chat/conversations/${to.id}?from=${from.id}`,
      {
        method: "POST",
        headers: { "content-type": "application/json", ...(from.cookie ? { cookie: from.cookie } : {}) },
        body: JSON.stringify({ content: `seq-${seq}` }),
      },
    );
    answered = `its post answered ${response.status}`;
    if (response.status !== 201)
      throw new Error(`message ${seq} answered ${response.status}: ${response.text}`);
    await delivered;
  };

  const round = async (base: number): Promise<RoundFigures> => {
    // Steady: a message every 1/STEADY_RATE s, latency from post to delivery.
    latencies = [];
    const steadyStart = now();
    const steady: Promise<void>[] = [];
    for (let i = 0; i < STEADY_MESSAGES; i++) {
      const due = steadyStart + (i * 1000) / STEADY_RATE;
      if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
      steady.push(send(base + i));
    }
    await Promise.all(steady);
    const sorted = [...latencies].sort((a, b) => a - b);

    // Full speed: IN_FLIGHT posts at a time, bounded in messages and in time.
    latencies = [];
    const burstStart = now();
    let next = base + STEADY_MESSAGES;
    const end = next + BURST_MESSAGES;
    let count = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < end && now() - burstStart < BURST_MAX_MS) {
          await send(next++);
          count++;
        }
      }),
    );
    return {
      perSecond: (count * 1000) / (lastAt - burstStart),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  };

  /** The server's own trivial request, as many and as many at once as the full-speed phase sends. */
  const health = async (): Promise<number> => {
    let next = 0;
    const start = now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next++ < BURST_MESSAGES) {
          const response = await keepAliveRequest(`${setup.httpBase}/api/health`, { method: "GET" });
          if (response.status !== 200) throw new Error(`health answered ${response.status}`);
        }
      }),
    );
    return (BURST_MESSAGES * 1000) / (now() - start);
  };

  port.on("message", (message: ToClients) => {
    if (message.type === "health") {
      health().then(
        (perSecond) => port.postMessage({ type: "health", perSecond } satisfies FromClients),
        (error: Error) => port.postMessage({ type: "failed", message: error.message } satisfies FromClients),
      );
    } else if (message.type === "round") {
      round(message.base).then(
        (figures) => port.postMessage({ type: "round", figures } satisfies FromClients),
        (error: Error) => port.postMessage({ type: "failed", message: error.message } satisfies FromClients),
      );
    } else {
      for (const ws of sockets) ws.terminate();
      port.close();
    }
  });
  port.postMessage({ type: "ready" } satisfies FromClients);
}

if (!isMainThread && (workerData as ClientSetup | undefined)?.role === "chat-bench-clients") {
  void clients(workerData as ClientSetup);
}

// ---------------------------------------------------------------------------------------------
// The servers under test, and the driver.

class Clients {
  private readonly worker: Worker;
  private reply: ((message: FromClients) => void) | null = null;
  readonly ready: Promise<void>;

  constructor(setup: Omit<ClientSetup, "role">) {
    // Worker threads do not inherit tsx's loader: load this file there through it.
    const file = JSON.stringify(new URL(import.meta.url).href);
    this.worker = new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${file}, ${file}))`, {
      eval: true,
      workerData: { role: "chat-bench-clients", ...setup } satisfies ClientSetup,
    });
    this.ready = new Promise((resolve, reject) => {
      // A client thread that dies fails the round it was in (else the bench would wait for it forever).
      this.worker.on("error", (error) => {
        reject(error);
        this.reply?.({ type: "failed", message: error.message });
      });
      this.worker.on("message", (message: FromClients) => {
        if (message.type === "ready") resolve();
        else if (message.type === "failed" && !this.reply) reject(new Error(message.message));
        else this.reply?.(message);
      });
    });
  }

  round(base: number): Promise<RoundFigures> {
    return this.ask({ type: "round", base }).then((message) => {
      if (message.type !== "round") throw new Error("unexpected reply");
      return message.figures;
    });
  }

  /** GET /api/health at full speed from the same clients: the server's own trivial request's rate. */
  health(): Promise<number> {
    return this.ask({ type: "health" }).then((message) => {
      if (message.type !== "health") throw new Error("unexpected reply");
      return message.perSecond;
    });
  }

  private ask(question: ToClients): Promise<FromClients> {
    return new Promise((resolve, reject) => {
      this.reply = (message) => {
        this.reply = null;
        if (message.type === "failed") reject(new Error(message.message));
        else resolve(message);
      };
      this.worker.postMessage(question satisfies ToClients);
    });
  }

  async stop(): Promise<void> {
    this.worker.postMessage({ type: "stop" } satisfies ToClients);
    await this.worker.terminate();
  }
}

interface Target {
  name: string;
  clients: Clients;
  /** Whether the server answers GET /api/health (the real app; the bare relay has no routes). */
  health?: boolean;
  close(): Promise<void>;
}

const ids = () => Array.from({ length: PAIRS }, () => [randomUUID(), randomUUID()] as [string, string]);

/** The baseline: plain HTTP in, the same event shape out to both parties' sockets, nothing checked or kept. */
async function bareRelay(): Promise<Target> {
  const sockets = new Map<string, Set<WebSocket>>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://relay");
    const to = url.pathname.split("/")[4] ?? "";
    const from = url.searchParams.get("from") ?? "";
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const { content } = JSON.parse(Buffer.concat(chunks).toString()) as { content: string };
      const message: DirectMessage = {
        id: randomUUID(),
        sender_id: from,
        recipient_id: to,
        content,
        created_at: new Date().toISOString(),
        read_at: null,
      };
      for (const user of [to, from]) {
        const frame = JSON.stringify({
          type: "event",
          topic: `user:${user}`,
          event: "message.created",
          payload: message,
        });
        for (const ws of sockets.get(user) ?? []) ws.send(frame);
      }
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(message));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws, request) => {
    const user = new URL(request.url ?? "/", "http://relay").searchParams.get("user") ?? "";
    const set = sockets.get(user) ?? new Set();
    set.add(ws);
    sockets.set(user, set);
    ws.on("close", () => set.delete(ws));
  });
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const clients = new Clients({
    httpBase: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/?user={user}`,
    subscribe: false,
    pairs: ids().map(([a, b]) => [{ id: a }, { id: b }]),
  });
  await clients.ready;
  return {
    name: "bare HTTP + ws relay (baseline)",
    clients,
    async close() {
      await clients.stop();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The real app with 1,000 members of one organization, each signed in (sessions made directly: argon2 once). */
async function votespace(name: string, database: Database, bus: Bus): Promise<Target> {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, bus, logger: false, limits: generousLimits });
  const { members: signedIn } = await signedInOrganization(app, database, PAIRS * 2, "chat");

  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  const member = (i: number): Member => signedIn[i] as Member;
  const clients = new Clients({
    httpBase: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/api/ws`,
    subscribe: true,
    pairs: Array.from({ length: PAIRS }, (_, i) => [member(2 * i), member(2 * i + 1)]),
  });
  await clients.ready;
  return {
    name,
    clients,
    health: true,
    async close() {
      await clients.stop();
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

export async function run(): Promise<void> {
  console.log(
    `direct messages between ${fmt(PAIRS)} pairs (${fmt(PAIRS * 2)} sockets), post → recipient's socket; ${ROUNDS} rounds per server, alternating: ${STEADY_MESSAGES} messages at ${STEADY_RATE}/s, then up to ${BURST_MESSAGES} with ${IN_FLIGHT} in flight; median round`,
  );
  const targets: Target[] = [];
  try {
    targets.push(await bareRelay());
    await pushVotespaceTargets(targets, "Votespace chat", votespace);
    const rounds = new Map<Target, RoundFigures[]>(targets.map((target) => [target, []]));
    const healthRates = new Map<Target, number[]>(targets.map((target) => [target, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const target of targets) {
        const figures = await target.clients
          .round(r * (STEADY_MESSAGES + BURST_MESSAGES))
          .catch((error: Error) => {
            throw new Error(`${target.name}, round ${r + 1}: ${error.message}`);
          });
        rounds.get(target)?.push(figures);
        if (target.health) healthRates.get(target)?.push(await target.clients.health());
      }
    }
    const summary = targets.map((target) => {
      const list = rounds.get(target) ?? [];
      return {
        name: target.name,
        rate: median(list.map((f) => f.perSecond)),
        p50: median(list.map((f) => f.p50)),
        p99: median(list.map((f) => f.p99)),
        health: median(healthRates.get(target) ?? []),
      };
    });
    const [baseline, ...subjects] = summary;
    if (!baseline) return;
    for (const figures of summary) {
      console.log(
        `  ${figures.name.padEnd(40)} full speed ${fmt(figures.rate).padStart(6)} messages/s   at ${STEADY_RATE}/s: p50 ${fmt(figures.p50, 2)} ms  p99 ${fmt(figures.p99, 2)} ms`,
      );
    }
    for (const subject of subjects) {
      console.log(
        `  ${subject.name.padEnd(40)} ratio ${(subject.rate / baseline.rate).toFixed(2)} of the bare rate; p99 ${(subject.p99 / baseline.p99).toFixed(1)}× the bare p99`,
      );
      console.log(
        `  ${"".padEnd(40)} its GET /api/health from the same clients: ${fmt(subject.health)}/s, ${(subject.health / baseline.rate).toFixed(2)} of the bare rate; messages ${(subject.rate / subject.health).toFixed(2)} of it`,
      );
    }
  } finally {
    for (const target of targets) await target.close();
  }
}
