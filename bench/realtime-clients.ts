import WebSocket from "ws";
import { keepAliveRequest } from "./keep-alive.mjs";

/**
 * The load generator of `bench/realtime.bench.ts`, in its own process (forked with tsx) so that
 * neither its CPU nor its memory counts as the server's: it opens every member's socket, subscribes
 * it to the member's channel (and, in the organization scenario, to `org:{id}` as a workspace tab
 * does), then lets the senders post on a fixed schedule (open loop: a late answer never delays the
 * next post) and records every delivery: latency from the post's scheduled moment, and whether a
 * sender's later post reached a socket before its earlier one.
 */
export interface RealtimeMember {
  id: string;
  cookie?: string;
  channelId: string;
}

export interface RealtimeSetup {
  httpBase: string;
  /** `{user}` is replaced by the member's id (the bare relay's way to know them). */
  wsUrl: string;
  members: RealtimeMember[];
  /** Indexes into members of those who post. */
  senders: number[];
  /** Also subscribe every socket to this topic (a workspace tab's `org:{id}`). */
  orgTopic?: string;
}

export interface RoundRequest {
  type: "round";
  /** Milliseconds between two posts of one sender. */
  intervalMs: number;
  durationMs: number;
  /** How long to wait after the last post for deliveries still under way. */
  drainMs: number;
}

export interface RoundFigures {
  posted: number;
  acknowledged: number;
  failed: number;
  /** Deliveries expected: each post to every socket of its channel. */
  expected: number;
  delivered: number;
  reordered: number;
  p50: number;
  p99: number;
  /** Posts acknowledged per second over the sending window and the drain. */
  ackedPerSecond: number;
  /** `channel.activity` frames received per socket per second (the batching). */
  activityPerSocketSecond: number;
  /** How many posts the activity frames announced to the first socket. */
  activityPosts: number;
}

export type FromGenerator =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "round"; figures: RoundFigures };

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: Float64Array, q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const send = (message: FromGenerator) => process.send?.(message);

async function main(setup: RealtimeSetup): Promise<void> {
  const { members } = setup;
  const channelSize = new Map<string, number>();
  for (const member of members)
    channelSize.set(member.channelId, (channelSize.get(member.channelId) ?? 0) + 1);

  // Per round: scheduled moment of each post (sender × seq), and latencies as they come.
  let scheduled = new Map<string, number>();
  let latencies: number[] = [];
  let delivered = 0;
  let reordered = 0;
  let activityFrames = 0;
  let activityPosts = 0;
  /** Per socket: the last seq seen from each sender. */
  const lastSeen = members.map(() => new Map<number, number>());

  const onMessage = (index: number) => (data: Buffer) => {
    // Activity frames are counted from their head (a batch can be tens of kB); one socket's are read.
    if (data.subarray(0, 120).includes('"channel.activity"')) {
      activityFrames++;
      if (index !== 0) return;
      const text = data.toString();
      // One post per frame (before batching), or a batch of channels.
      if (!text.includes('"channels"')) activityPosts++;
      else {
        const payload = (JSON.parse(text) as { payload: { channels: Array<{ posts: number }> } }).payload;
        activityPosts += payload.channels.reduce((sum, c) => sum + c.posts, 0);
      }
      return;
    }
    const text = data.toString();
    if (!text.includes('"post.created"')) return;
    const at = now();
    // Content "rt-<sender>-<seq>": read without parsing the whole frame.
    const start = text.indexOf('"content":"rt-');
    if (start < 0) return;
    const end = text.indexOf('"', start + 14);
    const [sender, seq] = text
      .slice(start + 14, end)
      .split("-")
      .map(Number) as [number, number];
    const due = scheduled.get(`${sender}-${seq}`);
    if (due === undefined) return;
    delivered++;
    latencies.push(at - due);
    const seen = lastSeen[index] as Map<number, number>;
    const last = seen.get(sender) ?? -1;
    if (seq < last) reordered++;
    else seen.set(sender, seq);
  };

  const subscribe = (ws: WebSocket, topic: string) =>
    new Promise<void>((resolve, reject) => {
      const answer = (data: Buffer) => {
        const text = data.toString();
        if (!text.includes(topic)) return;
        if (text.startsWith('{"type":"subscribed"')) {
          ws.off("message", answer);
          resolve();
        } else if (text.startsWith('{"type":"error"')) {
          ws.off("message", answer);
          reject(new Error(text));
        }
      };
      ws.on("message", answer);
      ws.send(JSON.stringify({ type: "subscribe", topic }));
    });

  const connect = (member: RealtimeMember, index: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(setup.wsUrl.replace("{user}", member.id), {
        headers: member.cookie ? { cookie: member.cookie } : {},
      });
      ws.once("error", reject);
      ws.once("unexpected-response", (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      ws.once("open", () => {
        ws.on("message", onMessage(index));
        const topics = [`channel:${member.channelId}`, ...(setup.orgTopic ? [setup.orgTopic] : [])];
        Promise.all(topics.map((topic) => subscribe(ws, topic))).then(() => resolve(ws), reject);
      });
    });

  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < members.length; i += 50) {
      const batch = members.slice(i, i + 50).map((member, j) => connect(member, i + j));
      sockets.push(...(await Promise.all(batch)));
    }
  } catch (error) {
    send({ type: "failed", message: (error as Error).message });
    return;
  }

  let seqBase = 0;
  const round = async (request: RoundRequest): Promise<RoundFigures> => {
    scheduled = new Map();
    latencies = [];
    delivered = 0;
    reordered = 0;
    activityFrames = 0;
    activityPosts = 0;
    for (const seen of lastSeen) seen.clear();
    let posted = 0;
    let acknowledged = 0;
    let failed = 0;
    let expected = 0;
    const posts: Promise<void>[] = [];
    const start = now() + 50;
    const perSender = Math.floor(request.durationMs / request.intervalMs);
    const base = seqBase;
    seqBase += perSender;
    const post = async (sender: number, seq: number) => {
      const member = members[sender] as RealtimeMember;
      try {
        const response = await keepAliveRequest(
          `${setup.httpBase}/api/channels/${member.channelId}/posts?from=${member.id}`,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(member.cookie ? { cookie: member.cookie } : {}),
            },
            body: JSON.stringify({ content: `rt-${sender}-${seq}` }),
          },
        );
        if (response.status === 201) acknowledged++;
        else failed++;
      } catch {
        failed++;
      }
    };
    // Senders start spread over one interval, then each posts every interval.
    const events: Array<{ due: number; sender: number; seq: number }> = [];
    setup.senders.forEach((sender, i) => {
      const offset = (i * request.intervalMs) / setup.senders.length;
      for (let k = 0; k < perSender; k++)
        events.push({ due: start + offset + k * request.intervalMs, sender, seq: base + k });
    });
    events.sort((a, b) => a.due - b.due);
    // A sender has one post in flight at a time, as the app's composer sends: a post due while the
    // one before is unanswered goes when that answer comes. Its latency still counts from when it was
    // due, and a post never sent before the drain ends counts as never delivered; so a server that
    // falls behind shows in the latencies and the deliveries, and a reorder is the server's doing.
    const inFlight = new Map<number, Promise<void>>();
    for (const event of events) {
      const wait = event.due - now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const member = members[event.sender] as RealtimeMember;
      scheduled.set(`${event.sender}-${event.seq}`, event.due);
      posted++;
      expected += channelSize.get(member.channelId) ?? 0;
      const sent = (inFlight.get(event.sender) ?? Promise.resolve()).then(() =>
        post(event.sender, event.seq),
      );
      inFlight.set(event.sender, sent);
      posts.push(sent);
    }
    const sendingEnded = now();
    const answered = Promise.all(posts);
    // Wait for the answers and the deliveries, up to the drain time.
    const drainEnd = sendingEnded + request.drainMs;
    await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, request.drainMs))]);
    while (delivered < expected && now() < drainEnd) await new Promise((resolve) => setTimeout(resolve, 50));
    const ackedAt = now();
    const sorted = Float64Array.from(latencies).sort();
    // Latencies of deliveries that never came count as the drain's end (they are at least that late).
    const missing = Math.max(0, expected - delivered);
    const p = (q: number) => {
      if (missing === 0) return percentile(sorted, q);
      const rank = Math.floor(q * expected);
      return rank < sorted.length ? (sorted[rank] ?? 0) : Number.POSITIVE_INFINITY;
    };
    return {
      posted,
      acknowledged,
      failed,
      expected,
      delivered,
      reordered,
      p50: p(0.5),
      p99: p(0.99),
      ackedPerSecond: (acknowledged * 1000) / (ackedAt - start),
      activityPerSocketSecond: activityFrames / members.length / ((ackedAt - start) / 1000),
      activityPosts,
    };
  };

  process.on("message", (message: RoundRequest | { type: "stop" }) => {
    if (message.type === "round") {
      round(message).then(
        (figures) => send({ type: "round", figures }),
        (error: Error) => send({ type: "failed", message: error.message }),
      );
    } else {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
  send({ type: "ready" });
}

process.once("message", (setup: RealtimeSetup) => {
  main(setup).catch((error: Error) => send({ type: "failed", message: error.message }));
});
