import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

/**
 * The receiving side of the fan-out bench, in its own thread (its own core) so that it does not
 * slow the server it measures. Opens the sockets, subscribes them when told to, and for every
 * delivery notes the latency against the send time the main thread wrote for that event.
 */
export interface ClientsSetup {
  url: string;
  count: number;
  cookie?: string;
  topic?: string;
  /** Written by the main thread: performance time (timeOrigin-based, ms) each event was published. */
  sendTimes: SharedArrayBuffer;
  /** Deliveries per event, counted here. */
  delivered: SharedArrayBuffer;
  /**
   * Where a delivery names its sequence number: by default the last group of the event's
   * `channel_id`; with a marker, the decimal digits right after it (e.g. a message's content).
   */
  marker?: string;
}

/** `measure` starts a phase over events [from, to); `report` ends it and answers with its figures. */
export type ToClients = { type: "measure"; from: number; to: number } | { type: "report" } | { type: "stop" };
export type FromClients =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "done"; seq: number }
  | { type: "phase"; latencies: Float64Array; firstAt: number; lastAt: number };

const setup = workerData as ClientsSetup;
const port = parentPort;
if (!port) throw new Error("fanout-clients runs as a worker thread");

const sendTimes = new Float64Array(setup.sendTimes);
const delivered = new Int32Array(setup.delivered);
const now = () => performance.timeOrigin + performance.now();
const MARK = Buffer.from('"channel_id":"');
/** Ids are 00000000-0000-4000-8000-{seq in 12 hex digits}: the sequence number is the last group. */
const SEQ_OFFSET = MARK.length + 24;

let phase = { from: 0, to: 0, latencies: [] as number[], firstAt: 0, lastAt: 0 };

const CUSTOM = setup.marker ? Buffer.from(setup.marker) : null;

/** The event's sequence number, read straight from the bytes (cheap next to the server measured). */
function sequenceOf(data: Buffer): number {
  if (CUSTOM) {
    const at = data.indexOf(CUSTOM);
    if (at < 0) return -1;
    let seq = 0;
    for (
      let i = at + CUSTOM.length;
      data[i] !== undefined && (data[i] as number) >= 48 && (data[i] as number) <= 57;
      i++
    ) {
      seq = seq * 10 + (data[i] as number) - 48;
    }
    return seq;
  }
  const at = data.indexOf(MARK);
  return at < 0 ? -1 : Number.parseInt(data.toString("latin1", at + SEQ_OFFSET, at + SEQ_OFFSET + 12), 16);
}

function onDelivery(data: Buffer): void {
  const seq = sequenceOf(data);
  if (seq < 0) return;
  const t = now();
  if (seq >= phase.from && seq < phase.to) {
    phase.latencies.push(t - sendTimes[seq]);
    if (phase.firstAt === 0) phase.firstAt = t;
    phase.lastAt = t;
  }
  if (Atomics.add(delivered, seq, 1) + 1 === setup.count)
    port?.postMessage({ type: "done", seq } satisfies FromClients);
}

function connect(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(setup.url, {
      headers: setup.cookie ? { cookie: setup.cookie } : {},
      skipUTF8Validation: true,
    });
    ws.once("error", reject);
    ws.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once("open", () => {
      if (!setup.topic) return resolve(ws);
      ws.send(JSON.stringify({ type: "subscribe", topic: setup.topic }));
      ws.on("message", function answer(data: Buffer) {
        const text = data.toString();
        if (!text.startsWith('{"type":"subscribed"') && !text.startsWith('{"type":"error"')) return;
        ws.off("message", answer);
        if (text.startsWith('{"type":"error"')) reject(new Error(text));
        else resolve(ws);
      });
    });
  });
}

const sockets: WebSocket[] = [];
try {
  // A few dozen handshakes at a time: a thousand at once would only measure the accept queue.
  while (sockets.length < setup.count) {
    const batch = Math.min(50, setup.count - sockets.length);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, connect))));
  }
  for (const ws of sockets) ws.on("message", onDelivery);
  port.postMessage({ type: "ready" } satisfies FromClients);
} catch (error) {
  port.postMessage({ type: "failed", message: (error as Error).message } satisfies FromClients);
}

port.on("message", (message: ToClients) => {
  if (message.type === "measure") {
    phase = { from: message.from, to: message.to, latencies: [], firstAt: 0, lastAt: 0 };
  } else if (message.type === "report") {
    const { latencies, firstAt, lastAt } = phase;
    port.postMessage({
      type: "phase",
      latencies: Float64Array.from(latencies),
      firstAt,
      lastAt,
    } satisfies FromClients);
  } else {
    for (const ws of sockets) ws.terminate();
    port.close();
  }
});
