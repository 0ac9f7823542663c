import type { AddressInfo } from "node:net";
import type { Topic } from "../contract/events";
import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import type { Bus } from "../server/realtime/bus";
import { generousLimits, testConfig } from "../server/test/config";
import { pushVotespaceTargets } from "./databases";
import {
  BURST_EVENTS,
  bareBroadcast,
  Clients,
  compare,
  eventId,
  fmt,
  ROUNDS,
  SOCKETS,
  STEADY_EVENTS,
  STEADY_RATE,
  type Target,
} from "./fanout-harness";

/**
 * Fan-out of one organization's events to 1,000 sockets subscribed through the real /api/ws
 * (session cookie, subscription check, bus, topic index), beside a bare `ws` server broadcasting
 * the same bytes to 1,000 sockets, in the same run. Each round has two phases: a steady 100
 * events/s (latency from publish to delivery), then full speed with a few events in flight
 * (deliveries/s). Rounds alternate between the servers and the median round is reported, so that
 * a burst of other work on the machine does not land on one side only.
 */
/** Votespace: one signed-in user's cookie on all sockets, each subscribed to the organization. */
async function votespace(name: string, database: Database, bus: Bus): Promise<Target> {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, bus, logger: false, limits: generousLimits });
  const email = `fanout-${Date.now()}@bench.votespace.local`;
  const password = "vs-secret12";
  const organization = `Fanout ${Date.now()}`;
  const registered = await app.inject({
    method: "POST",
    url: "/api/accounts/organizations",
    payload: { full_name: "Bench", email, password, organization, country: "Kenya" },
  });
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const signIn = await app.inject({ method: "POST", url: "/api/session", payload: { email, password } });
  const cookie = `votespace_session=${signIn.cookies.find((c) => c.name === "votespace_session")?.value}`;
  const session = await app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
  const organizationId = session.json().profile.organization_id as string;
  const topic: Topic = `org:${organizationId}`;

  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  const clients = new Clients({ url: `ws://127.0.0.1:${port}/api/ws`, count: SOCKETS, cookie, topic });
  await clients.ready;
  return {
    name,
    clients,
    publish: (seq) =>
      bus.publish(topic, "channel.updated", { channel_id: eventId(seq), organization_id: organizationId }),
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
    `fan-out to ${fmt(SOCKETS)} sockets on one topic; ${ROUNDS} rounds per server, alternating: ${STEADY_EVENTS} events at ${STEADY_RATE}/s, then up to ${BURST_EVENTS} at full speed; median round`,
  );
  const targets: Target[] = [];
  try {
    targets.push(await bareBroadcast());
    await pushVotespaceTargets(targets, "Votespace /api/ws", votespace);
    await compare(targets, "events");
  } finally {
    for (const target of targets) await target.close();
  }
}
