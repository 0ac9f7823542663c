import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { WebSocketServer } from "ws";
import type { ServerMessage, Topic } from "../contract/events";
import type { ClientsSetup, FromClients, ToClients } from "./fanout-clients";

/**
 * The shared machinery of the fan-out benches: 1,000 receiving sockets in a worker thread, rounds
 * of a steady 100 events/s (latency) then full speed (deliveries/s), and the bare `ws` broadcast
 * baseline. A bench supplies targets: a server with its clients and how it publishes event `seq`.
 */
export const SOCKETS = 1_000;
export const ROUNDS = 3;
export const STEADY_RATE = 100;
export const STEADY_EVENTS = 200;
export const BURST_EVENTS = 200;
const BURST_MAX_MS = 1_500;
/** No new round starts after this long, so that a busy machine still finishes within a minute. */
export const ROUNDS_WITHIN_MS = 30_000;
/** Events published but not yet delivered to every socket, at full speed. */
const IN_FLIGHT = 16;
export const ROUND_EVENTS = STEADY_EVENTS + BURST_EVENTS;
const TOTAL_EVENTS = ROUNDS * ROUND_EVENTS;
/** How long one event may take to reach every socket before the run is declared broken. */
const WAIT_MS = 10_000;

export const now = () => performance.timeOrigin + performance.now();
export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

/** Ids whose last group is the sequence number, so the clients read it without parsing JSON. */
/** A post as `post.created` carries it, for the bare baselines: they send the bytes Votespace sends. */
export function benchPost(post: {
  id: string;
  channelId: string;
  organizationId: string;
  content: string;
  author: { id: string; full_name: string };
}) {
  return {
    id: post.id,
    channel_id: post.channelId,
    organization_id: post.organizationId,
    content: post.content,
    author: post.author,
    attachment: null,
    image_url: null,
    forwarded_from: null,
    likes_count: 0,
    comments_count: 0,
    user_liked: false,
    is_pinned: false,
    is_bookmarked: false,
    reactions: [],
    created_at: new Date().toISOString(),
    edited_at: null,
  };
}

export const eventId = (seq: number) => `00000000-0000-4000-8000-${seq.toString(16).padStart(12, "0")}`;

/** The receiving thread, and a promise per event that settles once all sockets have it. */
export class Clients {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, () => void>();
  private readonly doneSeqs = new Set<number>();
  private reportReply: ((message: Extract<FromClients, { type: "phase" }>) => void) | null = null;
  readonly sendTimes: Float64Array;
  readonly ready: Promise<void>;

  constructor(setup: Omit<ClientsSetup, "sendTimes" | "delivered">) {
    const sendTimes = new SharedArrayBuffer(TOTAL_EVENTS * 8);
    const delivered = new SharedArrayBuffer(TOTAL_EVENTS * 4);
    this.sendTimes = new Float64Array(sendTimes);
    // The worker is TypeScript too, and worker threads do not inherit tsx's loader: load it there.
    const file = JSON.stringify(new URL("./fanout-clients.ts", import.meta.url).href);
    this.worker = new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${file}, ${file}))`, {
      eval: true,
      workerData: { ...setup, sendTimes, delivered } satisfies ClientsSetup,
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on("error", reject);
      this.worker.on("message", (message: FromClients) => {
        if (message.type === "ready") resolve();
        else if (message.type === "failed")
          reject(new Error(`clients could not connect: ${message.message}`));
        else if (message.type === "done") {
          this.doneSeqs.add(message.seq);
          this.waiting.get(message.seq)?.();
        } else this.reportReply?.(message);
      });
    });
  }

  tell(message: ToClients): void {
    this.worker.postMessage(message);
  }

  /** Resolves when every socket has received event `seq`. */
  delivered(seq: number): Promise<void> {
    if (this.doneSeqs.has(seq)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`event ${seq} did not reach all sockets`)), WAIT_MS);
      this.waiting.set(seq, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  report(): Promise<Extract<FromClients, { type: "phase" }>> {
    return new Promise((resolve) => {
      this.reportReply = resolve;
      this.tell({ type: "report" });
    });
  }

  async stop(): Promise<void> {
    this.tell({ type: "stop" });
    await this.worker.terminate();
  }
}

function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export interface Round {
  steady: Figures;
  burst: Figures;
}

/** A server under test: its clients, and how it publishes event `seq` to them. */
export interface Target {
  name: string;
  clients: Clients;
  publish(seq: number): Promise<void> | void;
  close(): Promise<void>;
}

/** One round of both phases, on events numbered from `base`. */
export async function round(target: Target, base: number): Promise<Round> {
  const { clients, publish } = target;
  const steadyEnd = base + STEADY_EVENTS;
  clients.tell({ type: "measure", from: base, to: steadyEnd });
  const start = now();
  for (let seq = base; seq < steadyEnd; seq++) {
    const due = start + ((seq - base) * 1000) / STEADY_RATE;
    if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
    clients.sendTimes[seq] = now();
    await publish(seq);
  }
  for (let seq = base; seq < steadyEnd; seq++) await clients.delivered(seq);
  const steady = await clients.report();

  clients.tell({ type: "measure", from: steadyEnd, to: base + ROUND_EVENTS });
  const burstStart = now();
  let end = steadyEnd;
  // Bounded in events and in time, so a slow machine still finishes the run.
  while (end < base + ROUND_EVENTS && now() - burstStart < BURST_MAX_MS) {
    if (end - IN_FLIGHT >= steadyEnd) await clients.delivered(end - IN_FLIGHT);
    clients.sendTimes[end] = now();
    await publish(end);
    end++;
  }
  for (let seq = steadyEnd; seq < end; seq++) await clients.delivered(seq);
  const burst = await clients.report();

  const figures = (phase: typeof steady, count: number, from: number): Figures => {
    const sorted = phase.latencies.sort();
    return {
      perSecond: (count * SOCKETS * 1000) / (phase.lastAt - from),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  };
  return {
    steady: figures(steady, STEADY_EVENTS, start),
    burst: figures(burst, end - steadyEnd, burstStart),
  };
}

const frameOf = (topic: Topic, organizationId: string, seq: number): ServerMessage => ({
  type: "event",
  topic,
  event: "channel.updated",
  payload: { channel_id: eventId(seq), organization_id: organizationId },
});

/** The baseline: a bare `ws` server sending one serialized frame to every client. */
export async function bareBroadcast(): Promise<Target> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  const organizationId = eventId(0);
  const clients = new Clients({
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    count: SOCKETS,
  });
  await clients.ready;
  return {
    name: "bare ws broadcast (baseline)",
    clients,
    publish(seq) {
      const frame = Buffer.from(JSON.stringify(frameOf(`org:${organizationId}`, organizationId, seq)));
      for (const client of wss.clients) client.send(frame, { binary: false });
    },
    async close() {
      await clients.stop();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The median of the rounds, figure by figure. */
export function summary(rounds: Round[]): { rate: number; p50: number; p99: number } {
  return {
    rate: median(rounds.map((r) => r.burst.perSecond)),
    p50: median(rounds.map((r) => r.steady.p50)),
    p99: median(rounds.map((r) => r.steady.p99)),
  };
}

/** Runs rounds over the targets (alternating) and prints each one's median figures and its ratio to the first. */
export async function compare(targets: Target[], unit: string): Promise<void> {
  const rounds = new Map<Target, Round[]>(targets.map((target) => [target, []]));
  const started = now();
  let done = 0;
  while (done < ROUNDS && (done === 0 || now() - started < ROUNDS_WITHIN_MS)) {
    for (const target of targets) rounds.get(target)?.push(await round(target, done * ROUND_EVENTS));
    done++;
  }
  if (done < ROUNDS)
    console.log(`  (the machine is slow: ${done} of ${ROUNDS} rounds within the time bound)`);
  const [baseline, ...subjects] = targets.map((target) => ({
    name: target.name,
    ...summary(rounds.get(target) ?? []),
  }));
  if (!baseline) return;
  for (const figures of [baseline, ...subjects]) {
    console.log(
      `  ${figures.name.padEnd(44)} full speed ${fmt(figures.rate).padStart(9)} deliveries/s (${fmt(figures.rate / SOCKETS)} ${unit}/s)   at ${STEADY_RATE} ${unit}/s: p50 ${fmt(figures.p50, 2)} ms  p99 ${fmt(figures.p99, 2)} ms`,
    );
  }
  for (const subject of subjects) {
    const ratio = subject.rate / baseline.rate;
    const met = ratio >= 0.5 && subject.p99 < 50;
    console.log(
      `  ${subject.name.padEnd(44)} ratio ${ratio.toFixed(2)} of the bare rate (target ≥ 0.50 and p99 < 50 ms: ${met ? "met" : "MISSED"})`,
    );
  }
}
