import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHAT_MESSAGE_MAX, type DirectMessage } from "../../contract/chat";
import type { ServerMessage } from "../../contract/events";
import { organizationMemberships } from "../db/schema";
import { createOrganization, createVoter } from "../test/factories";
import { call } from "../test/http";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import { type TestApp, testApp } from "../test/support";
import { onlineUserIds } from "./presence";
import { TestSocket } from "./test-fixtures/client";

/**
 * Two real server processes (server/main.ts) on the run's PostgreSQL database: an event published
 * in one reaches a socket connected to the other, through LISTEN/NOTIFY. The embedded database
 * allows one process only, so this runs on PostgreSQL alone.
 */
describe.skipIf(process.env.TEST_DB !== "postgres")("two server processes on one PostgreSQL", () => {
  let t: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    // Accounts are made in this process (generous rate limits); their sessions live in the database.
    t = await testApp();
    [a, b] = await Promise.all([
      startServerProcess(inject("postgresUrl")),
      startServerProcess(inject("postgresUrl")),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
  });

  /** An organization's administrator and a voter who is a member of it. */
  const adminAndMember = async () => {
    const admin = await createOrganization(t.app);
    const voter = await createVoter(t.app);
    await t.database.db
      .insert(organizationMemberships)
      .values({ organizationId: admin.organizationId, userId: voter.id, role: "member" });
    return { admin, voter };
  };

  const presenceOf = (userId: string, online: boolean) => (m: ServerMessage) =>
    m.type === "event" &&
    m.event === "presence.updated" &&
    m.payload.user_id === userId &&
    m.payload.online === online;

  it("a direct message written on A is told to B by its own write, as answered; a refused or repeated one is told to no one", {
    timeout: 30_000,
  }, async () => {
    const { admin, voter } = await adminAndMember();
    const onB = await TestSocket.open(b.baseUrl, { cookie: voter.cookie });
    expect(await onB.subscribe(`user:${voter.id}`)).toMatchObject({ type: "subscribed" });
    const send = (content: string, id?: string) =>
      fetch(`${a.baseUrl}/api/chat/conversations/${voter.id.toUpperCase()}`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: JSON.stringify({ content, id }),
      });
    const sent = async (content: string, id?: string) => {
      const answered = await send(content, id);
      expect(answered.status, a.output()).toBe(201);
      return (await answered.json()) as DirectMessage;
    };
    const heard = (message: DirectMessage) =>
      onB.next((m) => m.type === "event" && m.event === "message.created" && m.payload.id === message.id);
    const privacy = async (allowDirectMessages: boolean) => {
      const settings = (await call(t.app, voter.cookie).get("/api/settings")).json();
      const saved = await call(t.app, voter.cookie).put("/api/settings", {
        ...settings,
        privacy: { ...settings.privacy, allowDirectMessages },
      });
      expect(saved.statusCode).toBe(200);
    };

    await privacy(false);
    expect((await send("Not now")).status).toBe(403);
    await privacy(true);
    // Ids in capitals (a UUID in either case is one): told as written, in small letters.
    const id = randomUUID().toUpperCase();
    const first = await sent("Across processes", id);
    expect(first.id).toBe(id.toLowerCase());
    // Heard on B exactly as A answered it (the time as the statement wrote it in the notice).
    expect(await heard(first)).toMatchObject({ topic: `user:${voter.id}`, payload: first });
    // The longest message in the widest characters (3 bytes each) still travels.
    const longest = await sent("票".repeat(CHAT_MESSAGE_MAX));
    expect(await heard(longest)).toMatchObject({ payload: longest });
    // Sent again after a lost answer: answered as written, not told again.
    expect(await sent("Across processes", id)).toEqual(first);
    const last = await sent("And the last");
    await heard(last);
    const told = onB.received.flatMap((m) =>
      m.type === "event" && m.event === "message.created" ? [m.payload] : [],
    );
    expect(told.map((m) => (m as DirectMessage).id)).toEqual([first.id, longest.id, last.id]);
    await onB.close();
  });

  it("carries events published in process A to a socket on process B", { timeout: 30_000 }, async () => {
    const { admin, voter } = await adminAndMember();

    const onB = await TestSocket.open(b.baseUrl, { cookie: admin.cookie });
    expect(await onB.subscribe(`org:${admin.organizationId}`)).toMatchObject({ type: "subscribed" });

    // A route on A publishes after its commit.
    const created = await fetch(`${a.baseUrl}/api/channels`, {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ organization_id: admin.organizationId, name: "across-processes", type: "text" }),
    });
    expect(created.status, a.output()).toBe(201);
    const channelId = ((await created.json()) as { channel: { id: string } }).channel.id;
    expect(await onB.next((m) => m.type === "event" && m.event === "channel.created")).toMatchObject({
      payload: { channel_id: channelId, organization_id: admin.organizationId },
    });

    // Presence: the voter connects to A; B's socket hears it, and "online" counts across processes.
    const onA = await TestSocket.open(a.baseUrl, { cookie: voter.cookie });
    await onB.next(presenceOf(voter.id, true));
    expect(await onlineUserIds(t.database.db, admin.organizationId)).toContain(voter.id);

    // Process A stops: on its way out it says the voter left.
    await a.stop();
    expect((await onA.closed).code).toBe(1001);
    await onB.next(presenceOf(voter.id, false));
    expect(await onlineUserIds(t.database.db, admin.organizationId)).not.toContain(voter.id);
    await onB.close();
  });
});
