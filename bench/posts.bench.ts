import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { Topic } from "../contract/events";
import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import type { Bus } from "../server/realtime/bus";
import { generousLimits, testConfig } from "../server/test/config";
import { pushVotespaceTargets } from "./databases";
import { benchPost, Clients, compare, SOCKETS, type Target } from "./fanout-harness";
import { keepAliveRequest } from "./keep-alive.mjs";

/**
 * Messages posted through the HTTP API (session, permission check, insert, load, event) to a
 * channel with 1,000 subscribed sockets: posts/s, deliveries/s and post-to-delivery latency, beside
 * a bare `ws` server broadcasting a frame of the same size to 1,000 sockets, in the same run.
 */
const MARKER = '"content":"seq-';

async function bare(): Promise<Target> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  const clients = new Clients({
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    count: SOCKETS,
    marker: MARKER,
  });
  await clients.ready;
  // A frame shaped like a post.created event, so both sides send the same bytes per delivery.
  const frame = (seq: number) =>
    JSON.stringify({
      type: "event",
      topic: "channel:00000000-0000-4000-8000-000000000000",
      event: "post.created",
      payload: {
        channel_id: "00000000-0000-4000-8000-000000000000",
        post_id: "00000000-0000-4000-8000-000000000001",
        post: benchPost({
          id: "00000000-0000-4000-8000-000000000001",
          channelId: "00000000-0000-4000-8000-000000000000",
          organizationId: "00000000-0000-4000-8000-000000000002",
          content: `seq-${seq}`,
          author: { id: "00000000-0000-4000-8000-000000000003", full_name: "Bench Poster" },
        }),
      },
    });
  return {
    name: "bare ws broadcast (baseline)",
    clients,
    publish(seq) {
      const bytes = Buffer.from(frame(seq));
      for (const client of wss.clients) client.send(bytes, { binary: false });
    },
    async close() {
      await clients.stop();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

async function votespace(name: string, database: Database, bus: Bus): Promise<Target> {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, bus, logger: false, limits: generousLimits });
  const email = `posts-${Date.now()}@bench.votespace.local`;
  await app.inject({
    method: "POST",
    url: "/api/accounts/organizations",
    payload: {
      full_name: "Bench Poster",
      email,
      password: "vs-secret12",
      organization: `Posts ${Date.now()}`,
      country: "Ghana",
    },
  });
  const signIn = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email, password: "vs-secret12" },
  });
  const cookie = `votespace_session=${signIn.cookies.find((c) => c.name === "votespace_session")?.value}`;
  const channel = (
    await app.inject({
      method: "POST",
      url: "/api/channels",
      payload: { name: "bench", type: "text" },
      headers: { cookie },
    })
  ).json().channel;
  const topic: Topic = `channel:${channel.id}`;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const clients = new Clients({
    url: `ws://127.0.0.1:${base.split(":")[2]}/api/ws`,
    count: SOCKETS,
    cookie,
    topic,
    marker: MARKER,
  });
  await clients.ready;
  return {
    name,
    clients,
    async publish(seq) {
      const response = await keepAliveRequest(`${base}/api/channels/${channel.id}/posts`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ content: `seq-${seq}` }),
      });
      if (response.status !== 201)
        throw new Error(`post ${seq} answered ${response.status}: ${response.text}`);
    },
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
    `messages posted over HTTP to a channel with ${SOCKETS} subscribed sockets (deliveries = posts × sockets)`,
  );
  const targets: Target[] = [];
  try {
    targets.push(await bare());
    await pushVotespaceTargets(targets, "Votespace POST /posts", votespace);
    await compare(targets, "posts");
  } finally {
    for (const target of targets) await target.close();
  }
}
