import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type WebSocket, WebSocketServer } from "ws";
import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import type { Bus } from "../server/realtime/bus";
import { generousLimits, testConfig } from "../server/test/config";
import { pushVotespaceTargets } from "./databases";
import { benchPost, fmt, median } from "./fanout-harness";
import { SERVER_KEEP_ALIVE_MS } from "./keep-alive.mjs";
import { signedInOrganization } from "./members";
import type {
  FromGenerator,
  RealtimeMember,
  RealtimeSetup,
  RoundFigures,
  RoundRequest,
} from "./realtime-clients";

/**
 * The shape of Supabase's published realtime test, scaled to this machine: 2,000 signed-in sockets,
 * 334 text channels of 6 members (each socket subscribed to its channel), 400 senders each posting
 * every 500 ms through `POST /api/channels/:id/posts` (800 posts/s, 4,800 deliveries/s) for 20 s,
 * each with one post in flight at a time as the app's composer sends (realtime-clients.ts).
 * Per backend: delivered/expected, reordered per sender, send-to-receive p50/p99 (from each post's
 * scheduled moment), server memory per socket (heap and buffers after a full GC); beside a bare HTTP + `ws` relay speaking the same
 * protocol, in the same run. Then, on PGlite, the rate stepped down to the highest with p99 ≤ 150 ms;
 * and one organization of 2,000 members all online with a workspace socket on `org:{id}` (unread
 * counts), which must post at the per-channel rate. The load generator is its own process.
 */
const MEMBERS = Number(process.env.REALTIME_MEMBERS ?? 2_000);
const CHANNEL_SIZE = 6;
const SENDERS = Math.round(MEMBERS / 5);
const INTERVAL_MS = 500;
const DURATION_MS = Number(process.env.REALTIME_SECONDS ?? 20) * 1000;
const ROUNDS = Number(process.env.REALTIME_ROUNDS ?? 3);
const DRAIN_MS = 10_000;
const P99_GOAL_MS = 150;
/** PGlite's step-down: milliseconds between a sender's posts (800, 400, 200, 100 posts/s). */
const STEPS_MS = [500, 1000, 2000, 4000];
/** The organization scenario's interval between a sender's posts (default: the shape's 500 ms). */
const ORG_INTERVAL_MS = Number(process.env.REALTIME_ORG_INTERVAL_MS ?? INTERVAL_MS);

interface Target {
  name: string;
  generator: Generator;
  /** Server memory growth per socket once all are connected and subscribed, in KiB (liveBytes). */
  kibPerSocket: number;
  close(): Promise<void>;
}

/** The forked load generator. */
class Generator {
  private readonly child: ChildProcess;
  private reply: ((message: FromGenerator) => void) | null = null;
  readonly ready: Promise<void>;

  constructor(setup: RealtimeSetup) {
    this.child = fork(new URL("./realtime-clients.ts", import.meta.url).pathname, [], {
      execArgv: ["--import", "tsx"],
      serialization: "advanced",
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.once("error", reject);
      this.child.on("message", (message: FromGenerator) => {
        if (message.type === "ready") resolve();
        else if (message.type === "failed" && !this.reply) reject(new Error(message.message));
        else this.reply?.(message);
      });
    });
    this.child.send(setup);
  }

  round(request: Omit<RoundRequest, "type">): Promise<RoundFigures> {
    return new Promise((resolve, reject) => {
      this.reply = (message) => {
        this.reply = null;
        if (message.type === "round") resolve(message.figures);
        else reject(new Error(message.type === "failed" ? message.message : "unexpected reply"));
      };
      this.child.send({ type: "round", ...request } satisfies RoundRequest);
    });
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.send({ type: "stop" });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    this.child.kill("SIGKILL");
  }
}

const channelOf = (i: number) => Math.floor(i / CHANNEL_SIZE);
/** Senders spread over the channels: every fifth member. */
const senderIndexes = () => Array.from({ length: SENDERS }, (_, i) => i * 5);
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
/**
 * The server's live memory after a full collection: JavaScript heap used plus Buffers and
 * ArrayBuffers (socket buffers). Not RSS, which keeps freed pages and counts PGlite's WebAssembly
 * memory (outside `arrayBuffers`), which only ever grows as the database works.
 */
const liveBytes = async () => {
  // A second for what the previous target left to settle (its sockets closing).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

async function withGenerator(
  name: string,
  setup: RealtimeSetup,
  bytesBefore: number,
  close: () => Promise<void>,
): Promise<Target> {
  const generator = new Generator(setup);
  try {
    await generator.ready;
  } catch (error) {
    await generator.stop();
    await close();
    throw error;
  }
  const kibPerSocket = ((await liveBytes()) - bytesBefore) / 1024 / setup.members.length;
  return {
    name,
    generator,
    kibPerSocket,
    async close() {
      await generator.stop();
      await close();
    },
  };
}

/** The baseline: HTTP in, a `post.created` frame out to the channel's sockets (and, for the organization, `channel.activity` to every workspace socket, as one event per post), nothing checked or kept. */
async function bareRelay(org: boolean): Promise<Target> {
  const bytesBefore = await liveBytes();
  const topics = new Map<string, Set<WebSocket>>();
  const organizationId = randomUUID();
  const broadcast = (topic: string, frame: Buffer) => {
    for (const ws of topics.get(topic) ?? []) ws.send(frame);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://relay");
    const channelId = url.pathname.split("/")[3] ?? "";
    const from = url.searchParams.get("from") ?? "";
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const { content } = JSON.parse(Buffer.concat(chunks).toString()) as { content: string };
      const post = benchPost({
        id: randomUUID(),
        channelId,
        organizationId,
        content,
        author: { id: from, full_name: "Bench Member" },
      });
      const topic = `channel:${channelId}`;
      const payload = { channel_id: channelId, post_id: post.id, post };
      broadcast(topic, Buffer.from(JSON.stringify({ type: "event", topic, event: "post.created", payload })));
      if (org) {
        const orgTopic = `org:${organizationId}`;
        const activity = {
          organization_id: organizationId,
          channel_id: channelId,
          post_id: post.id,
          author_id: from,
        };
        broadcast(
          orgTopic,
          Buffer.from(
            JSON.stringify({ type: "event", topic: orgTopic, event: "channel.activity", payload: activity }),
          ),
        );
      }
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(post));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => {
    const mine = new Set<string>();
    ws.on("message", (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; topic: string };
      if (message.type !== "subscribe") return;
      const set = topics.get(message.topic) ?? new Set();
      set.add(ws);
      topics.set(message.topic, set);
      mine.add(message.topic);
      ws.send(JSON.stringify({ type: "subscribed", topic: message.topic, quiet_ms: 0 }));
    });
    ws.on("close", () => {
      for (const topic of mine) topics.get(topic)?.delete(ws);
    });
  });
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const channelIds = Array.from({ length: Math.ceil(MEMBERS / CHANNEL_SIZE) }, () => randomUUID());
  const members: RealtimeMember[] = Array.from({ length: MEMBERS }, (_, i) => ({
    id: randomUUID(),
    channelId: channelIds[channelOf(i)] as string,
  }));
  return withGenerator(
    `bare HTTP + ws relay${org ? ", org topic" : ""} (baseline)`,
    {
      httpBase: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${port}/`,
      members,
      senders: senderIndexes(),
      orgTopic: org ? `org:${organizationId}` : undefined,
    },
    bytesBefore,
    async () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  );
}

/** The real app: one organization, 2,000 members signed in (sessions made directly: argon2 once), channels of 6. */
async function votespace(name: string, database: Database, bus: Bus, org: boolean): Promise<Target> {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, bus, logger: false, limits: generousLimits });
  const {
    organizationId,
    adminCookie,
    members: signedIn,
  } = await signedInOrganization(app, database, MEMBERS, "realtime");
  const channelIds: string[] = [];
  for (let c = 0; c < Math.ceil(MEMBERS / CHANNEL_SIZE); c++) {
    const created = await app.inject({
      method: "POST",
      url: "/api/channels",
      payload: { name: `room-${c}`, type: "text" },
      headers: { cookie: adminCookie },
    });
    if (created.statusCode !== 201) throw new Error(`channel: ${created.body}`);
    channelIds.push(created.json().channel.id);
  }
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  const members = signedIn.map((member, i) => ({ ...member, channelId: channelIds[channelOf(i)] as string }));
  return withGenerator(
    `${name}${org ? ", org topic" : ""}`,
    {
      httpBase: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${port}/api/ws`,
      members,
      senders: senderIndexes(),
      orgTopic: org ? `org:${organizationId}` : undefined,
    },
    await liveBytes(),
    async () => {
      await app.close();
      await bus.close();
      await database.close();
    },
  );
}

const ms = (value: number) => (Number.isFinite(value) ? `${fmt(value, value < 100 ? 1 : 0)} ms` : "> drain");

function line(name: string, rounds: RoundFigures[], kibPerSocket: number): string {
  const m = (pick: (f: RoundFigures) => number) => median(rounds.map(pick));
  const delivered = m((f) => f.delivered / f.expected);
  return [
    `  ${name.padEnd(48)}`,
    `acked ${fmt(m((f) => f.ackedPerSecond)).padStart(4)} posts/s`,
    `delivered ${(delivered * 100).toFixed(1)} %`,
    `reordered ${fmt(m((f) => f.reordered))}`,
    `p50 ${ms(m((f) => f.p50))}  p99 ${ms(m((f) => f.p99))}`,
    `${fmt(kibPerSocket, 1)} KiB/socket`,
    `activity ${fmt(
      m((f) => f.activityPerSocketSecond),
      2,
    )} frames/socket/s`,
  ].join("  ");
}

async function measure(
  target: Target,
  rounds: number,
  intervalMs = INTERVAL_MS,
  durationMs = DURATION_MS,
): Promise<RoundFigures[]> {
  const list: RoundFigures[] = [];
  try {
    for (let r = 0; r < rounds; r++)
      list.push(await target.generator.round({ intervalMs, durationMs, drainMs: DRAIN_MS }));
    console.log(line(target.name, list, target.kibPerSocket));
  } finally {
    await target.close();
  }
  return list;
}

export async function run(): Promise<void> {
  const offered = (SENDERS * 1000) / INTERVAL_MS;
  console.log(
    `${fmt(MEMBERS)} signed-in sockets, ${fmt(Math.ceil(MEMBERS / CHANNEL_SIZE))} text channels of ${CHANNEL_SIZE}, ${fmt(SENDERS)} senders each posting every ${INTERVAL_MS} ms (${fmt(offered)} posts/s, ${fmt(offered * CHANNEL_SIZE)} deliveries/s) for ${DURATION_MS / 1000} s; ${ROUNDS} rounds, medians; latency from each post's scheduled moment, drain ${DRAIN_MS / 1000} s`,
  );
  const only = process.env.REALTIME_ONLY;
  const scenario = (name: string) => !only || only.split(",").includes(name);
  if (scenario("shape")) {
    await measure(await bareRelay(false), ROUNDS);
    const built: Array<{ name: string; database: Database; bus: Bus }> = [];
    await pushVotespaceTargets(built, "Votespace", async (name, database, bus) => ({ name, database, bus }));
    for (const { name, database, bus } of built) {
      await measure(await votespace(name, database, bus, false), ROUNDS);
    }
  }
  if (scenario("steps")) {
    console.log(
      `PGlite stepped down to the highest rate with p99 ≤ ${P99_GOAL_MS} ms (one round of ${DURATION_MS / 1000} s each):`,
    );
    for (const intervalMs of STEPS_MS) {
      const built: Array<{ name: string; database: Database; bus: Bus }> = [];
      await pushVotespaceTargets(
        built,
        `Votespace at ${fmt((SENDERS * 1000) / intervalMs)} posts/s`,
        async (name, database, bus) => ({ name, database, bus }),
      );
      // PGlite only (BENCH_ON=PostgreSQL leaves none: the step is then skipped, not run on another).
      const pglite = built.find((target) => target.name.includes("PGlite"));
      for (const other of built.filter((target) => target !== pglite)) {
        await other.bus.close();
        await other.database.close();
      }
      if (!pglite) {
        console.log("  skipped: PGlite is not among this run's databases (BENCH_ON)");
        break;
      }
      const [figures] = await measure(
        await votespace(pglite.name, pglite.database, pglite.bus, false),
        1,
        intervalMs,
      );
      if (figures && figures.p99 <= P99_GOAL_MS && figures.delivered === figures.expected) {
        console.log(
          `  PGlite sustains ${fmt((SENDERS * 1000) / intervalMs)} posts/s with p99 ≤ ${P99_GOAL_MS} ms`,
        );
        break;
      }
    }
  }
  if (scenario("org")) {
    console.log(
      `one organization, every member online with a workspace socket on org:{id} (unread counts), offered ${fmt((SENDERS * 1000) / ORG_INTERVAL_MS)} posts/s (one round):`,
    );
    await measure(await bareRelay(true), 1, ORG_INTERVAL_MS);
    const built: Array<{ name: string; database: Database; bus: Bus }> = [];
    await pushVotespaceTargets(built, "Votespace", async (name, database, bus) => ({ name, database, bus }));
    for (const { name, database, bus } of built)
      await measure(await votespace(name, database, bus, true), 1, ORG_INTERVAL_MS);
  }
}
