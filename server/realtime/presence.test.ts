import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../../contract/events";
import { organizationMemberships, presence, serverProcesses, users } from "../db/schema";
import { createOrganization, createVoter } from "../test/factories";
import { call } from "../test/http";
import { type TestApp, testApp } from "../test/support";
import { onlineUserIds } from "./presence";
import { TestSocket } from "./test-fixtures/client";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const open = (cookie: string) => TestSocket.open(baseUrl, { cookie });
const settled = () => t.app.realtime.presence.settled();

/** An organization with its admin watching it, and a voter who is a member. */
async function organizationWithMember() {
  const admin = await createOrganization(t.app);
  const voter = await createVoter(t.app);
  await t.database.db
    .insert(organizationMemberships)
    .values({ organizationId: admin.organizationId, userId: voter.id, role: "member" });
  const watcher = await open(admin.cookie);
  await watcher.subscribe(`org:${admin.organizationId}`);
  return { admin, voter, watcher, organizationId: admin.organizationId };
}

const presenceOf = (userId: string, online: boolean) => (m: ServerMessage) =>
  m.type === "event" &&
  m.event === "presence.updated" &&
  m.payload.user_id === userId &&
  m.payload.online === online;

describe("presence", () => {
  it("shows a member online while a socket is open, to the organization's sockets too", async () => {
    const { voter, watcher, organizationId } = await organizationWithMember();
    expect(await onlineUserIds(t.database.db, organizationId)).not.toContain(voter.id);

    const socket = await open(voter.cookie);
    await settled();
    expect(await onlineUserIds(t.database.db, organizationId)).toContain(voter.id);
    expect(await watcher.next(presenceOf(voter.id, true))).toMatchObject({
      topic: `org:${organizationId}`,
      payload: { organization_id: organizationId },
    });

    // The server hears of the close a moment after the client: wait for the announcement.
    await socket.close();
    await watcher.next(presenceOf(voter.id, false));
    expect(await onlineUserIds(t.database.db, organizationId)).not.toContain(voter.id);
    await watcher.close();
  });

  it("keeps a user online until their last socket closes", async () => {
    const { voter, watcher, organizationId } = await organizationWithMember();
    const first = await open(voter.cookie);
    const second = await open(voter.cookie);
    await first.close();
    const socketsOf = (userId: string) =>
      [...t.app.realtime.hub.connections].filter((c) => c.user.id === userId);
    await vi.waitFor(() => expect(socketsOf(voter.id)).toHaveLength(1));
    await settled();
    expect(await onlineUserIds(t.database.db, organizationId)).toContain(voter.id);
    await second.close();
    await watcher.next(presenceOf(voter.id, false));
    expect(await onlineUserIds(t.database.db, organizationId)).not.toContain(voter.id);
    await watcher.roundTrip();
    expect(watcher.received.filter(presenceOf(voter.id, false))).toHaveLength(1);
    await watcher.close();
  });

  it("never reports a user who hides their online status", async () => {
    const { voter, watcher, organizationId } = await organizationWithMember();
    await t.database.db
      .update(users)
      .set({
        settings: {
          privacy: {
            showOnlineStatus: false,
            allowDirectMessages: true,
            showReadReceipts: true,
            shareEmail: false,
          },
        },
      })
      .where(eq(users.id, voter.id));
    const socket = await open(voter.cookie);
    await settled();
    expect(await onlineUserIds(t.database.db, organizationId)).not.toContain(voter.id);
    await socket.close();
    await settled();
    await watcher.roundTrip();
    expect(
      watcher.events().filter((m) => m.event === "presence.updated" && m.payload.user_id === voter.id),
    ).toEqual([]);
    await watcher.close();
  });

  it("tells the organization at once when a member online hides, or shows again, their status", async () => {
    const { voter, watcher } = await organizationWithMember();
    const socket = await open(voter.cookie);
    await watcher.next(presenceOf(voter.id, true));
    const privacy = async (showOnlineStatus: boolean) => {
      const settings = (await call(t.app, voter.cookie).get("/api/settings")).json();
      const saved = await call(t.app, voter.cookie).put("/api/settings", {
        ...settings,
        privacy: { ...settings.privacy, showOnlineStatus },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    let from = watcher.received.length;
    await privacy(false);
    await watcher.next(presenceOf(voter.id, false), { from });
    // Another save while hidden tells no one the user is active.
    from = watcher.received.length;
    await privacy(false);
    await watcher.roundTrip();
    expect(watcher.received.slice(from).filter((m) => presenceOf(voter.id, false)(m))).toEqual([]);
    from = watcher.received.length;
    await privacy(true);
    await watcher.next(presenceOf(voter.id, true), { from });
    await socket.close();
    await watcher.close();
  });

  it("forgets a process that stopped beating for 30 s, and announces who left with it", async () => {
    const { voter, watcher, organizationId } = await organizationWithMember();
    const silent = `silent-${randomUUID()}`;
    await t.database.db.insert(serverProcesses).values({ id: silent, seenAt: sql`now()` });
    await t.database.db.insert(presence).values({ processId: silent, userId: voter.id });
    expect(await onlineUserIds(t.database.db, organizationId)).toContain(voter.id);

    await t.database.db
      .update(serverProcesses)
      .set({ seenAt: sql`now() - interval '31 seconds'` })
      .where(eq(serverProcesses.id, silent));
    expect(await onlineUserIds(t.database.db, organizationId)).not.toContain(voter.id);

    await t.app.realtime.presence.heartbeat();
    const left = await t.database.db.select().from(serverProcesses).where(eq(serverProcesses.id, silent));
    expect(left).toEqual([]);
    await watcher.next(presenceOf(voter.id, false));
    await watcher.close();
  });

  it("registers again when other processes forgot this one, restoring its users", async () => {
    const { voter, watcher, organizationId } = await organizationWithMember();
    const socket = await open(voter.cookie);
    await settled();
    const own = t.app.realtime.presence.processId;
    await t.database.db.delete(serverProcesses).where(eq(serverProcesses.id, own));
    expect(await onlineUserIds(t.database.db, organizationId)).not.toContain(voter.id);

    await t.app.realtime.presence.heartbeat();
    await settled();
    expect(await onlineUserIds(t.database.db, organizationId)).toContain(voter.id);
    await socket.close();
    await watcher.close();
  });
});
