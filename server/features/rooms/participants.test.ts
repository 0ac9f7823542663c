// Over 300 lines: one room session's participants (joining, leaving, media states) on one shared setup.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketMessages } from "../../../contract/events";
import type { RoomView } from "../../../contract/rooms";
import { roomMessages } from "../../../contract/rooms";
import { roomParticipants, roomSessions } from "../../db/schema";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { createMediaServer } from "./media/index";
import { sweepRooms } from "./sweeper";
import { join, listening, roomWorkspace, seat } from "./test-room";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp({ ownDatabase: true });
  baseUrl = await listening(t);
});
afterAll(() => t.close());

const view = async (cookie: string, sessionId: string) =>
  (await call(t.app, cookie).get(`/api/rooms/sessions/${sessionId}`)).json() as RoomView;
const me = (cookie: string, sessionId: string, body: unknown) =>
  call(t.app, cookie).patch(`/api/rooms/sessions/${sessionId}/me`, body);
const promote = (cookie: string, sessionId: string, userId: string, role: string) =>
  call(t.app, cookie).put(`/api/rooms/sessions/${sessionId}/participants/${userId}/role`, { role });
const sweep = () => sweepRooms(t.app.context, createMediaServer(t.app.context.config), t.app.log);

/** Waits until the database shows the expected count (a socket close is handled after it arrives). */
async function countIs(sessionId: string, expected: number) {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.db
      .select({ n: roomSessions.participantCount })
      .from(roomSessions)
      .where(eq(roomSessions.id, sessionId));
    if (row?.n === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`participant_count never became ${expected}`);
}

describe("joining", () => {
  it("seats the audience muted and the host unmuted, counting them in the same transaction", async () => {
    const { host, member, channel, session } = await roomWorkspace(t, "airing");
    const watcher = await TestSocket.open(baseUrl, { cookie: member.cookie });
    await watcher.subscribe(`channel:${channel.id}`);
    const hostSeat = await seat(baseUrl, host.cookie, session.id);
    expect(hostSeat.answer).toMatchObject({
      type: "room.joined",
      participant: { user_id: host.id, role: "host", is_muted: false, is_video_on: false },
    });
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    expect(memberSeat.answer).toMatchObject({
      participant: { role: "listener", is_muted: true, hand_raised: false, is_connected: true },
    });
    const joined = await watcher.next(
      (m) =>
        m.type === "event" && m.event === "participant.joined" && m.payload.participant.user_id === member.id,
    );
    expect(joined).toMatchObject({ payload: { participant_count: 2, session_id: session.id } });
    const room = await view(member.cookie, session.id);
    expect(room.session.participant_count).toBe(2);
    expect(room.participants.map((p) => p.role)).toEqual(["host", "listener"]);
    for (const s of [watcher, hostSeat.socket, memberSeat.socket]) await s.close();
  });

  it("in a live stream: viewers muted with video off, the host with video on", async () => {
    const { host, member, session } = await roomWorkspace(t, "live");
    const hostSeat = await seat(baseUrl, host.cookie, session.id);
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    expect(hostSeat.answer).toMatchObject({
      participant: { role: "host", is_muted: false, is_video_on: true },
    });
    expect(memberSeat.answer).toMatchObject({
      participant: { role: "viewer", is_muted: true, is_video_on: false },
    });
    await hostSeat.socket.close();
    await memberSeat.socket.close();
  });

  it("keeps a host who comes back muted and off camera when they were: a reload turns nothing on", async () => {
    const { host, session } = await roomWorkspace(t, "live");
    const first = await seat(baseUrl, host.cookie, session.id);
    expect((await me(host.cookie, session.id, { is_muted: true, is_video_on: false })).statusCode).toBe(200);
    // The reload: a new window joins while the old one still holds the seat, then the old one closes.
    const again = await seat(baseUrl, host.cookie, session.id);
    expect(again.answer).toMatchObject({ participant: { role: "host", is_muted: true, is_video_on: false } });
    await first.socket.close();
    await again.socket.close();
    // Back after leaving: still muted, the camera still off.
    const later = await seat(baseUrl, host.cookie, session.id);
    expect(later.answer).toMatchObject({ participant: { role: "host", is_muted: true, is_video_on: false } });
    expect((await me(host.cookie, session.id, { is_muted: false, is_video_on: true })).statusCode).toBe(200);
    const unmuted = await seat(baseUrl, host.cookie, session.id);
    expect(unmuted.answer).toMatchObject({ participant: { is_muted: false, is_video_on: true } });
    await later.socket.close();
    await unmuted.socket.close();
  });

  it("is refused to outsiders, as if the session did not exist, and to an ended session", async () => {
    const { host, session } = await roomWorkspace(t);
    const stranger = await createOrganization(t.app);
    const refused = await seat(baseUrl, stranger.cookie, session.id);
    expect(refused.answer).toEqual({
      type: "room.error",
      session_id: session.id,
      message: roomMessages.sessionNotFound,
    });
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/end`);
    const late = await join(refused.socket, session.id);
    expect(late).toMatchObject({ type: "room.error", message: roomMessages.sessionNotFound });
    const hostLate = await seat(baseUrl, host.cookie, session.id);
    expect(hostLate.answer).toMatchObject({ type: "room.error", message: roomMessages.sessionEnded });
    await refused.socket.close();
    await hostLate.socket.close();
  });

  it("is limited to a few joins and leaves on one socket every ten seconds", async () => {
    const { member, session } = await roomWorkspace(t);
    const { socket, answer } = await seat(baseUrl, member.cookie, session.id);
    expect(answer).toMatchObject({ type: "room.joined" });
    for (let i = 0; i < 4; i++) expect(await join(socket, session.id)).toMatchObject({ type: "room.joined" });
    expect(await join(socket, session.id)).toEqual({
      type: "room.error",
      session_id: session.id,
      message: socketMessages.tooManyMessages,
    });
    expect(socket.isOpen).toBe(true);
    await socket.close();
  });
});

describe("leaving", () => {
  it("happens when the socket closes (the tab closed): disconnected, counted, announced", async () => {
    const { host, member, channel, session } = await roomWorkspace(t, "live");
    const watcher = await TestSocket.open(baseUrl, { cookie: host.cookie });
    await watcher.subscribe(`channel:${channel.id}`);
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    await countIs(session.id, 1);
    memberSeat.socket.ws.terminate();
    const left = await watcher.next((m) => m.type === "event" && m.event === "participant.left");
    expect(left).toMatchObject({ payload: { user_id: member.id, participant_count: 0 } });
    const [row] = await t.database.db
      .select()
      .from(roomParticipants)
      .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, member.id)));
    expect(row).toMatchObject({
      isConnected: false,
      isVideoOn: false,
      isScreenSharing: false,
      processId: null,
    });
    expect(row?.leftAt).not.toBeNull();
    const [sessionRow] = await t.database.db
      .select()
      .from(roomSessions)
      .where(eq(roomSessions.id, session.id));
    expect(sessionRow?.emptySince).not.toBeNull();
    await watcher.close();
  });

  it("happens on room.leave, and a seat taken from another window survives the older one closing", async () => {
    const { member, session } = await roomWorkspace(t);
    const first = await seat(baseUrl, member.cookie, session.id);
    const second = await seat(baseUrl, member.cookie, session.id);
    expect(await first.socket.next((m) => m.type === "room.left")).toEqual({
      type: "room.left",
      session_id: session.id,
      reason: "replaced",
    });
    await first.socket.close();
    await second.socket.roundTrip();
    expect((await view(member.cookie, session.id)).session.participant_count).toBe(1);

    second.socket.send({ type: "room.leave", session_id: session.id });
    await second.socket.next((m) => m.type === "room.left");
    expect((await view(member.cookie, session.id)).session.participant_count).toBe(0);
    await second.socket.close();
  });

  it("of an older window that closes while a reload's join is being written does not undo that join", async () => {
    const { member, session } = await roomWorkspace(t);
    const before = await seat(baseUrl, member.cookie, session.id);
    t.clock.advance(2_000);
    const after = await TestSocket.open(baseUrl, { cookie: member.cookie });
    // The session's row held, as a busy database would: the reload's join waits for it first, then
    // the older window's leave (it closed before the join could take the seat from it).
    let release = () => {};
    const held = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from room_sessions where id = ${session.id} for update`);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const joined = join(after, session.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await before.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await held;
    expect((await joined).type).toBe("room.joined");
    await after.roundTrip();
    const [row] = await t.database.db
      .select({ connected: roomParticipants.isConnected })
      .from(roomParticipants)
      .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, member.id)));
    expect(row?.connected).toBe(true);
    expect((await view(member.cookie, session.id)).session.participant_count).toBe(1);
    await after.close();
  });

  it("happens for the participants of a server process that is gone", async () => {
    const { member, session } = await roomWorkspace(t);
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    // Another process's heartbeat forgot this one: the foreign key cleared process_id.
    await t.database.db
      .update(roomParticipants)
      .set({ processId: null })
      .where(eq(roomParticipants.sessionId, session.id));
    expect((await sweep()).left).toBeGreaterThanOrEqual(1);
    expect((await view(member.cookie, session.id)).session.participant_count).toBe(0);
    await memberSeat.socket.close();
  });
});

describe("an empty session", () => {
  it("ends by itself 10 minutes after the last participant left", async () => {
    const { host, member, channel, session } = await roomWorkspace(t);
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const watcher = await TestSocket.open(baseUrl, { cookie: member.cookie });
    await watcher.subscribe(`channel:${channel.id}`);
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    await memberSeat.socket.close();
    await countIs(session.id, 0);

    t.clock.advance(9 * 60_000 + 59_000);
    await sweep();
    expect((await view(member.cookie, session.id)).session.status).toBe("live");

    // Someone comes back and leaves again: the ten minutes start over.
    const again = await seat(baseUrl, member.cookie, session.id);
    await again.socket.close();
    await countIs(session.id, 0);
    t.clock.advance(2 * 60_000);
    await sweep();
    expect((await view(member.cookie, session.id)).session.status).toBe("live");

    t.clock.advance(8 * 60_000 + 1000);
    await sweep();
    const ended = (await view(member.cookie, session.id)).session;
    expect(ended.status).toBe("ended");
    expect(ended.ended_at).toBe(t.clock.now().toISOString());
    expect(
      await watcher.next(
        (m) => m.type === "event" && m.event === "room.updated" && m.payload.session.status === "ended",
      ),
    ).toBeTruthy();
    await watcher.close();
  });

  it("with someone in it never ends by itself", async () => {
    const { member, session } = await roomWorkspace(t);
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    t.clock.advance(20 * 60_000);
    await sweep();
    expect((await view(member.cookie, session.id)).session.status).toBe("waiting");
    await memberSeat.socket.close();
  });
});

describe("mute, video, screen and hand", () => {
  it("follow the role: listeners cannot unmute but raise their hand; the host promotes and lowers", async () => {
    const { host, member, other, channel, session } = await roomWorkspace(t, "airing");
    const seats = await Promise.all([host, member, other].map((u) => seat(baseUrl, u.cookie, session.id)));
    const watcher = await TestSocket.open(baseUrl, { cookie: host.cookie });
    await watcher.subscribe(`channel:${channel.id}`);

    const unmute = await me(member.cookie, session.id, { is_muted: false });
    expect(unmute.statusCode).toBe(400);
    expect(unmute.json().error.message).toBe(roomMessages.listenersCannotSpeak);
    expect((await me(member.cookie, session.id, { is_video_on: true })).json().error.message).toBe(
      roomMessages.videoOnlyLive,
    );
    const hand = await me(member.cookie, session.id, { hand_raised: true });
    expect(hand.json()).toMatchObject({ hand_raised: true, role: "listener" });
    expect(
      await watcher.next(
        (m) => m.type === "event" && m.event === "participant.updated" && m.payload.participant.hand_raised,
      ),
    ).toBeTruthy();

    // Only the host promotes: a member and another organization's admin are refused.
    expect((await promote(other.cookie, session.id, member.id, "speaker")).statusCode).toBe(403);
    const stranger = await createOrganization(t.app);
    expect((await promote(stranger.cookie, session.id, member.id, "speaker")).statusCode).toBe(404);
    expect((await promote(host.cookie, session.id, member.id, "viewer")).json().error.message).toBe(
      roomMessages.roleForKind,
    );
    expect((await promote(host.cookie, session.id, host.id, "listener")).json().error.message).toBe(
      roomMessages.cannotChangeHost,
    );

    const promoted = await promote(host.cookie, session.id, member.id, "speaker");
    expect(promoted.json()).toMatchObject({ role: "speaker", hand_raised: false, is_muted: true });
    expect((await me(member.cookie, session.id, { is_muted: false })).json().is_muted).toBe(false);
    expect((await me(member.cookie, session.id, { hand_raised: true })).json().error.message).toBe(
      roomMessages.handAudienceOnly,
    );

    const lowered = await promote(host.cookie, session.id, member.id, "listener");
    expect(lowered.json()).toMatchObject({ role: "listener", is_muted: true });
    // A speaker who rejoins stays a speaker; a lowered one does not.
    expect((await view(member.cookie, session.id)).viewer.role).toBe("listener");
    for (const s of [...seats.map((x) => x.socket), watcher]) await s.close();
  });

  it("in a live stream: speakers turn on video and share their screen, viewers cannot", async () => {
    const { host, member, session } = await roomWorkspace(t, "live");
    const seats = await Promise.all([host, member].map((u) => seat(baseUrl, u.cookie, session.id)));
    expect((await me(member.cookie, session.id, { is_video_on: true })).json().error.message).toBe(
      roomMessages.videoSendersOnly,
    );
    expect((await me(member.cookie, session.id, { is_screen_sharing: true })).statusCode).toBe(400);
    expect((await me(member.cookie, session.id, { is_video_on: false })).statusCode).toBe(200);
    const sharing = await me(host.cookie, session.id, { is_screen_sharing: true, is_video_on: false });
    expect(sharing.json()).toMatchObject({ is_screen_sharing: true, is_video_on: false });
    await promote(host.cookie, session.id, member.id, "speaker");
    expect((await me(member.cookie, session.id, { is_video_on: true })).json().is_video_on).toBe(true);
    // Lowered back: camera and screen off.
    expect((await promote(host.cookie, session.id, member.id, "viewer")).json()).toMatchObject({
      role: "viewer",
      is_video_on: false,
      is_screen_sharing: false,
    });
    for (const s of seats) await s.socket.close();
  });

  it("never leave someone moved back to the audience unmuted or on camera when they race the host", async () => {
    const { host, member, session } = await roomWorkspace(t, "live");
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const seats = await Promise.all([host, member].map((u) => seat(baseUrl, u.cookie, session.id)));
    for (let round = 0; round < 8; round++) {
      expect((await promote(host.cookie, session.id, member.id, "speaker")).statusCode).toBe(200);
      await Promise.all([
        promote(host.cookie, session.id, member.id, "viewer"),
        me(member.cookie, session.id, { is_muted: false, is_video_on: true }),
      ]);
      const [row] = await t.database.db
        .select()
        .from(roomParticipants)
        .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, member.id)));
      expect(row).toMatchObject({ role: "viewer", isMuted: true, isVideoOn: false });
    }
    for (const s of seats) await s.socket.close();
  });

  it("are refused to someone not in the session", async () => {
    const { member, session } = await roomWorkspace(t);
    const refused = await me(member.cookie, session.id, { hand_raised: true });
    expect(refused.json().error.message).toBe(roomMessages.notJoined);
    expect((await me(member.cookie, session.id, {})).statusCode).toBe(400);
    expect((await me(member.cookie, session.id, { is_muted: true, extra: 1 })).statusCode).toBe(400);
  });
});

describe("the media endpoint", () => {
  it("answers connected participants only", async () => {
    const { member, other, session } = await roomWorkspace(t);
    const memberSeat = await seat(baseUrl, member.cookie, session.id);
    const url = `/api/rooms/sessions/${session.id}/media`;
    expect((await call(t.app, member.cookie).get(url)).json()).toEqual({ kind: "mesh", iceServers: [] });
    expect((await call(t.app, other.cookie).get(url)).json().error.message).toBe(roomMessages.notJoined);
    const stranger = await createOrganization(t.app);
    expect((await call(t.app, stranger.cookie).get(url)).statusCode).toBe(404);
    await memberSeat.socket.close();
    await countIs(session.id, 0);
    expect((await call(t.app, member.cookie).get(url)).statusCode).toBe(403);
  });
});
