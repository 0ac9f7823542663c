import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_CLOSE, socketMessages, type Topic } from "../../contract/events";
import { organizationMemberships, sessions } from "../db/schema";
import { createOrganization, createVoter, signIn } from "../test/factories";
import { type TestApp, testApp } from "../test/support";
import { TestSocket, UpgradeRefused } from "./test-fixtures/client";

let t: TestApp;
let baseUrl: string;

const lines: string[] = [];

beforeAll(async () => {
  t = await testApp({ logger: { level: "info", stream: { write: (line) => void lines.push(line) } } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const open = (cookie: string) => TestSocket.open(baseUrl, { cookie });

async function refusal(headers: Record<string, string>): Promise<number> {
  try {
    const socket = await TestSocket.open(baseUrl, headers);
    await socket.close();
    return 101;
  } catch (error) {
    if (error instanceof UpgradeRefused) return error.status;
    throw error;
  }
}

async function createChannel(cookie: string, organizationId: string): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/channels",
    headers: { cookie },
    payload: { organization_id: organizationId, name: `room-${Date.now()}`, type: "text" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().channel.id;
}

describe("the upgrade", () => {
  it("is refused without a session, with an unknown one, and from another site", async () => {
    const admin = await createOrganization(t.app);
    expect(await refusal({})).toBe(401);
    expect(await refusal({ cookie: "votespace_session=not-a-session" })).toBe(401);
    expect(await refusal({ cookie: admin.cookie, origin: "https://evil.example" })).toBe(403);
    expect(await refusal({ cookie: admin.cookie, origin: baseUrl })).toBe(101);
  });

  it("answers a plain GET (no upgrade) with an error in the one shape", async () => {
    const admin = await createOrganization(t.app);
    const response = await t.app.inject({ method: "GET", url: "/api/ws", headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(socketMessages.upgradeRequired);
  });
});

describe("subscriptions", () => {
  it("are allowed for the user's own organization, channel and user topic", async () => {
    const admin = await createOrganization(t.app);
    const channelId = await createChannel(admin.cookie, admin.organizationId);
    const socket = await open(admin.cookie);
    for (const topic of [
      `org:${admin.organizationId}`,
      `channel:${channelId}`,
      `user:${admin.id}`,
    ] as Topic[]) {
      expect(await socket.subscribe(topic)).toMatchObject({ type: "subscribed", topic });
    }
    await socket.close();
  });

  it("are refused for another organization, its channels and another user", async () => {
    const admin = await createOrganization(t.app);
    const other = await createOrganization(t.app);
    const voter = await createVoter(t.app);
    const foreignChannel = await createChannel(other.cookie, other.organizationId);
    const socket = await open(voter.cookie);
    for (const topic of [
      `org:${other.organizationId}`,
      `channel:${foreignChannel}`,
      `user:${admin.id}`,
    ] as Topic[]) {
      expect(await socket.subscribe(topic)).toEqual({
        type: "error",
        topic,
        message: socketMessages.notAllowed,
      });
    }
    expect(t.app.realtime.hub.subscriberCount(`org:${other.organizationId}`)).toBe(0);
    expect(socket.isOpen).toBe(true);
    await socket.close();
  });
});

describe("delivery", () => {
  it("brings a published event to subscribed sockets only, and stops after unsubscribe", async () => {
    const admin = await createOrganization(t.app);
    const topic: Topic = `org:${admin.organizationId}`;
    const subscribed = await open(admin.cookie);
    const bystander = await open(admin.cookie);
    await subscribed.subscribe(topic);

    // Another member's presence: the sockets' own (the admin coming online) may arrive at any time.
    const payload = { organization_id: admin.organizationId, user_id: randomUUID(), online: true };
    const ours = (m: { payload?: unknown }) =>
      (m.payload as { user_id?: string }).user_id === payload.user_id;
    await t.app.realtime.bus.publish(topic, "presence.updated", payload);
    expect(await subscribed.next((m) => m.type === "event" && ours(m))).toEqual({
      type: "event",
      topic,
      event: "presence.updated",
      payload,
    });

    subscribed.send({ type: "unsubscribe", topic });
    await subscribed.next((m) => m.type === "unsubscribed");
    await t.app.realtime.bus.publish(topic, "presence.updated", { ...payload, online: false });
    await subscribed.roundTrip();
    await bystander.roundTrip();
    expect(subscribed.events().filter(ours)).toHaveLength(1);
    expect(bystander.events()).toHaveLength(0);
    await subscribed.close();
    await bystander.close();
  });

  it("carries what a route publishes after its change commits", async () => {
    const admin = await createOrganization(t.app);
    const socket = await open(admin.cookie);
    await socket.subscribe(`org:${admin.organizationId}`);
    const channelId = await createChannel(admin.cookie, admin.organizationId);
    const event = await socket.next((m) => m.type === "event" && m.event === "channel.created");
    expect(event).toMatchObject({
      payload: { channel_id: channelId, organization_id: admin.organizationId },
    });
    await socket.close();
  });
});

describe("malformed messages", () => {
  it("get an error and leave the socket open", async () => {
    const voter = await createVoter(t.app);
    const socket = await open(voter.cookie);
    const cases: Array<[unknown, string]> = [
      ["not json", socketMessages.notJson],
      ["[1,2]", socketMessages.invalidMessage],
      ["null", socketMessages.invalidMessage],
      [{ type: "shout" }, socketMessages.invalidMessage],
      [{ type: "ping", extra: 1 }, socketMessages.invalidMessage],
      [{ type: "subscribe" }, socketMessages.topicInvalid],
      [{ type: "subscribe", topic: "org:not-a-uuid" }, socketMessages.topicInvalid],
      [{ type: "subscribe", topic: `ORG:${voter.id}` }, socketMessages.topicInvalid],
      [{ type: "subscribe", topic: { $gt: "" } }, socketMessages.topicInvalid],
    ];
    for (const [message, answer] of cases) {
      const from = socket.received.length;
      socket.send(message);
      expect(await socket.next((m) => m.type === "error", { from })).toEqual({
        type: "error",
        message: answer,
      });
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await socket.next((m) => m.type === "error" && m.message === socketMessages.notJson)).toBeTruthy();
    await socket.roundTrip();
    expect(socket.isOpen).toBe(true);
    await socket.close();
  });

  it("larger than the limit close the socket (1009), and the server carries on", async () => {
    const voter = await createVoter(t.app);
    const socket = await open(voter.cookie);
    socket.send({ type: "ping", pad: "x".repeat(5000) });
    expect((await socket.closed).code).toBe(1009);
    const again = await open(voter.cookie);
    await again.roundTrip();
    await again.close();
  });

  it("over the socket's own limit close it (1009), the client's doing: no server error in the log", async () => {
    const voter = await createVoter(t.app);
    const socket = await open(voter.cookie);
    const errorsBefore = lines.filter((line) => JSON.parse(line).level >= 50).length;
    socket.send({ type: "ping", pad: "x".repeat(200_000) });
    expect((await socket.closed).code).toBe(1009);
    await expect.poll(() => lines.some((line) => line.includes("the client broke the protocol"))).toBe(true);
    expect(lines.filter((line) => JSON.parse(line).level >= 50).length).toBe(errorsBefore);
  });
});

describe("re-validation", () => {
  it("closes the sockets of a session that is gone (4401) and keeps the others", async () => {
    const voter = await createVoter(t.app);
    const staying = await createVoter(t.app);
    const leaving = await open(voter.cookie);
    const stays = await open(staying.cookie);
    // Gone with no event heard here (a process that missed it): the sweep finds it.
    await t.database.db.delete(sessions).where(eq(sessions.userId, voter.id));
    await t.app.realtime.hub.revalidate();
    expect(await leaving.closed).toEqual({
      code: SOCKET_CLOSE.unauthorized,
      reason: socketMessages.sessionExpired,
    });
    await stays.roundTrip();
    await stays.close();
  });

  it("closes at once, with no sweep, the sockets of sessions ended elsewhere (4402: not expired), and keeps the one that asked", async () => {
    const voter = await createVoter(t.app);
    const laptop = await open(voter.cookie);
    const phoneCookie = await signIn(t.app, voter.input.email, voter.input.password);
    const phone = await open(phoneCookie);
    const ended = await t.app.inject({
      method: "DELETE",
      url: "/api/profile/sessions",
      headers: { cookie: phoneCookie },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await laptop.closed).toEqual({
      code: SOCKET_CLOSE.endedElsewhere,
      reason: socketMessages.sessionEnded,
    });
    await phone.roundTrip();
    await phone.close();
  });

  it("closes sockets whose session went idle past its timeout, without extending it", async () => {
    const voter = await createVoter(t.app);
    const socket = await open(voter.cookie);
    t.clock.advance(29 * 60_000);
    await t.app.realtime.hub.revalidate();
    await socket.roundTrip();
    t.clock.advance(2 * 60_000);
    await t.app.realtime.hub.revalidate();
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.unauthorized);
  });

  it("drops the subscription of a user who left the organization", async () => {
    const admin = await createOrganization(t.app);
    const voter = await createVoter(t.app);
    await t.database.db
      .insert(organizationMemberships)
      .values({ organizationId: admin.organizationId, userId: voter.id, role: "member" });
    const topic: Topic = `org:${admin.organizationId}`;
    const socket = await open(voter.cookie);
    expect(await socket.subscribe(topic)).toMatchObject({ type: "subscribed", topic });

    await t.database.db
      .delete(organizationMemberships)
      .where(
        and(
          eq(organizationMemberships.organizationId, admin.organizationId),
          eq(organizationMemberships.userId, voter.id),
        ),
      );
    await t.app.realtime.hub.revalidate();
    expect(await socket.next((m) => m.type === "error" && m.topic === topic)).toEqual({
      type: "error",
      topic,
      message: socketMessages.notAllowed,
    });
    await t.app.realtime.bus.publish(topic, "member.left", {
      organization_id: admin.organizationId,
      user_id: voter.id,
      reason: "left",
    });
    await socket.roundTrip();
    expect(socket.events().filter((m) => m.event === "member.left")).toEqual([]);
    await socket.close();
  });
});

describe("keepalive", () => {
  it("answers the client's ping and cuts off a socket that stopped answering protocol pings", async () => {
    const voter = await createVoter(t.app);
    const socket = await open(voter.cookie);
    await socket.roundTrip();
    // A peer that vanished answers no pings: stop this client from answering by pausing its reads.
    socket.ws.pause();
    t.app.realtime.hub.keepalive();
    t.app.realtime.hub.keepalive();
    socket.ws.resume();
    expect((await socket.closed).code).toBe(1006);
  });
});
