import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignalData } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import { organizations, roomParticipants, roomSessions } from "../../db/schema";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { signedInAdmin } from "../platform-admin/test-helpers";
import type { MediaServer, MediaSession } from "./media/server";
import { sweepRooms } from "./sweeper";
import { listening, OFFER_SDP, roomWorkspace, seat, signal } from "./test-room";

let t: TestApp;
let baseUrl: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await testApp({ ownDatabase: true });
  baseUrl = await listening(t);
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const offer: SignalData = { instance: "a", description: { type: "offer", sdp: OFFER_SDP } };

/** A live airing session with its host and a member seated, and a member watching the channel. */
async function runningRoom() {
  const room = await roomWorkspace(t);
  await call(t.app, room.host.cookie).post(`/api/rooms/sessions/${room.session.id}/start`);
  const host = (await seat(baseUrl, room.host.cookie, room.session.id)).socket;
  const member = (await seat(baseUrl, room.member.cookie, room.session.id)).socket;
  const watcher = await TestSocket.open(baseUrl, { cookie: room.other.cookie });
  await watcher.subscribe(`channel:${room.channel.id}`);
  return { ...room, sockets: [host, member, watcher] as const };
}

/** Suspends in the database only, as if this process missed the admin's event. */
const suspendQuietly = (organizationId: string) =>
  t.database.db
    .update(organizations)
    .set({ status: "suspended" })
    .where(eq(organizations.id, organizationId));

async function sessionRow(sessionId: string) {
  const [row] = await t.database.db.select().from(roomSessions).where(eq(roomSessions.id, sessionId));
  return row;
}

/** A media server that remembers the rooms it was asked to close. */
function recordingMedia(): MediaServer & { closed: string[] } {
  const closed: string[] = [];
  return {
    kind: "mesh",
    closed,
    openRoom: async () => ({ media: "mesh", janusRoom: null, janusSecret: null }),
    join: async () => ({ kind: "mesh", iceServers: [] }),
    closeRoom: async (session: MediaSession) => {
      closed.push(session.id);
    },
  };
}

describe("a suspension", () => {
  it("refuses the media and signals of a running room at once", async () => {
    const { host, member, session, sockets } = await runningRoom();
    const mediaUrl = `/api/rooms/sessions/${session.id}/media`;
    expect((await call(t.app, member.cookie).get(mediaUrl)).statusCode).toBe(200);
    expect(await signal(sockets[0], session.id, member.id, offer)).toBeNull();

    await suspendQuietly(host.organizationId);
    const media = await call(t.app, member.cookie).get(mediaUrl);
    expect(media.statusCode).toBe(403);
    expect(media.json().error.message).toBe(messages.organizationSuspended);
    expect(await signal(sockets[0], session.id, member.id, offer)).toEqual({
      type: "room.error",
      session_id: session.id,
      message: messages.organizationSuspended,
    });
    for (const socket of sockets) await socket.close();
  });

  it("by the platform admin ends the organization's open sessions as the host's End does", async () => {
    const { host, session, channel, sockets } = await runningRoom();
    const [hostSocket, memberSocket, watcher] = sockets;
    const suspended = await call(t.app, admin.cookie).put(
      `/api/admin/organizations/${host.organizationId}/status`,
      { status: "suspended" },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    const updated = await watcher.next(
      (m) => m.type === "event" && m.event === "room.updated" && m.payload.session.id === session.id,
    );
    expect(updated).toMatchObject({ payload: { channel_id: channel.id, session: { status: "ended" } } });
    for (const seated of [hostSocket, memberSocket])
      expect(await seated.next((m) => m.type === "room.left")).toEqual({
        type: "room.left",
        session_id: session.id,
        reason: "ended",
      });
    expect(await sessionRow(session.id)).toMatchObject({ status: "ended", participantCount: 0 });
    const still = await t.database.db
      .select()
      .from(roomParticipants)
      .where(eq(roomParticipants.sessionId, session.id));
    expect(still.every((p) => !p.isConnected)).toBe(true);
    for (const socket of sockets) await socket.close();
  });

  it("that a process missed is caught by the sweeper, which closes the media room", async () => {
    const { host, session, sockets } = await runningRoom();
    const other = await roomWorkspace(t);
    await suspendQuietly(host.organizationId);
    const media = recordingMedia();
    const { ended } = await sweepRooms(t.app.context, media, t.app.log);
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(media.closed).toContain(session.id);
    expect((await sessionRow(session.id))?.status).toBe("ended");
    // Another organization's room is left alone.
    expect((await sessionRow(other.session.id))?.status).toBe("waiting");
    for (const socket of sockets) await socket.close();
  });
});

describe("ending a session", () => {
  it("announces the end even when the media server cannot close its room", async () => {
    const { host, session, channel, sockets } = await runningRoom();
    await suspendQuietly(host.organizationId);
    const failing: MediaServer = {
      ...recordingMedia(),
      closeRoom: async () => {
        throw new Error("Janus is down");
      },
    };
    const { ended } = await sweepRooms(t.app.context, failing, t.app.log);
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await sockets[2].next((m) => m.type === "event" && m.event === "room.updated")).toMatchObject({
      payload: { channel_id: channel.id, session: { id: session.id, status: "ended" } },
    });
    for (const socket of sockets) await socket.close();
  });
});
