import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { type RoomView, roomMessages } from "../../../contract/rooms";
import { organizations, roomSessions } from "../../db/schema";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { listening, roomWorkspace, seat } from "./test-room";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  baseUrl = await listening(t);
});
afterAll(() => t.close());

const open = (cookie: string, channelId: string) =>
  call(t.app, cookie).post(`/api/channels/${channelId}/room`);

describe("opening a room", () => {
  it("creates the channel's waiting session with the spec's title and description, once", async () => {
    const { host, member, channel, session } = await roomWorkspace(t, "airing");
    expect(session).toMatchObject({
      kind: "airing",
      title: `${channel.name} Live Session`,
      description: "Live audio discussion",
      status: "waiting",
      participant_count: 0,
      is_recording: false,
      host_id: host.id,
      started_at: null,
    });
    const again = (await open(member.cookie, channel.id)).json() as RoomView;
    expect(again.session.id).toBe(session.id);
    expect(again.viewer).toEqual({ user_id: member.id, can_host: false, role: "listener" });
    expect((await open(host.cookie, channel.id)).json().viewer).toMatchObject({
      can_host: true,
      role: "host",
    });
  });

  it("titles a live channel's session as a live stream, and makes viewers of members", async () => {
    const { member, channel, session } = await roomWorkspace(t, "live");
    expect(session).toMatchObject({
      kind: "live",
      title: `${channel.name} Live Stream`,
      description: "Live video streaming session",
    });
    expect((await open(member.cookie, channel.id)).json().viewer.role).toBe("viewer");
  });

  it("makes one session when many open the room at once", async () => {
    const host = await createOrganization(t.app);
    const members = await Promise.all([1, 2, 3].map(() => createMember(t.app, host.organizationId)));
    const channel = (
      await call(t.app, host.cookie).post("/api/channels", { name: "hall", type: "airing" })
    ).json().channel;
    const opened = await Promise.all(
      [host, ...members, host, ...members].map((user) => open(user.cookie, channel.id)),
    );
    const ids = new Set(opened.map((response) => response.json().session.id));
    expect(ids.size).toBe(1);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(roomSessions)
      .where(eq(roomSessions.channelId, channel.id));
    expect(rows?.n).toBe(1);
  });

  it("is not found for outsiders, and refused for a text channel", async () => {
    const { channel } = await roomWorkspace(t);
    const outsider = await createOrganization(t.app);
    const refused = await open(outsider.cookie, channel.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(messages.channelNotFound);
    const text = (
      await call(t.app, outsider.cookie).post("/api/channels", { name: "chat", type: "text" })
    ).json().channel;
    expect((await open(outsider.cookie, text.id)).json().error.message).toBe(roomMessages.notARoom);
    expect((await call(t.app).post(`/api/channels/${channel.id}/room`)).statusCode).toBe(401);
  });

  it("lets members listen in a private channel, as they read private text channels", async () => {
    const { member, session } = await roomWorkspace(t, "airing", true);
    const { answer, socket } = await seat(baseUrl, member.cookie, session.id);
    expect(answer).toMatchObject({ type: "room.joined", participant: { role: "listener" } });
    await socket.close();
  });
});

describe("the host", () => {
  it("alone starts, records and ends the session; others are refused", async () => {
    const { host, member, session } = await roomWorkspace(t);
    const stranger = await createOrganization(t.app);
    const url = `/api/rooms/sessions/${session.id}`;

    for (const action of ["start", "end"]) {
      const byMember = await call(t.app, member.cookie).post(`${url}/${action}`);
      expect(byMember.statusCode, action).toBe(403);
      expect(byMember.json().error.message).toBe(roomMessages.hostOnly);
      const byStranger = await call(t.app, stranger.cookie).post(`${url}/${action}`);
      expect(byStranger.statusCode, action).toBe(404);
    }
    // Recording needs a live session.
    const early = await call(t.app, host.cookie).put(`${url}/recording`, { is_recording: true });
    expect(early.json().error.message).toBe(roomMessages.recordingOnlyLive);

    t.clock.advance(1000);
    const started = await call(t.app, host.cookie).post(`${url}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: "live", started_at: t.clock.now().toISOString() });

    expect(
      (await call(t.app, member.cookie).put(`${url}/recording`, { is_recording: true })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, stranger.cookie).put(`${url}/recording`, { is_recording: true })).statusCode,
    ).toBe(404);
    // The host's browser records: from the room only (else "Recording" would show with nothing
    // recording, and no departure of theirs would ever stop it).
    const away = await call(t.app, host.cookie).put(`${url}/recording`, { is_recording: true });
    expect(away.statusCode).toBe(400);
    expect(away.json().error.message).toBe(roomMessages.notJoined);
    expect((await call(t.app, member.cookie).get(url)).json().session.is_recording).toBe(false);
    const hostSeat = await seat(baseUrl, host.cookie, session.id);
    const recording = await call(t.app, host.cookie).put(`${url}/recording`, { is_recording: true });
    expect(recording.json().is_recording).toBe(true);
    expect((await call(t.app, member.cookie).get(url)).json().session.is_recording).toBe(true);
    // Turning it off needs no seat. (The host leaving stops it; once it has, it is made to record again.)
    await hostSeat.socket.close();
    const recordingNow = async () =>
      (
        await t.database.db
          .select({ on: roomSessions.isRecording })
          .from(roomSessions)
          .where(eq(roomSessions.id, session.id))
      )[0]?.on;
    await expect.poll(recordingNow).toBe(false);
    await t.database.db
      .update(roomSessions)
      .set({ isRecording: true, recordingBy: host.id })
      .where(eq(roomSessions.id, session.id));
    const off = await call(t.app, host.cookie).put(`${url}/recording`, { is_recording: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().is_recording).toBe(false);

    const ended = await call(t.app, host.cookie).post(`${url}/end`);
    expect(ended.json()).toMatchObject({ status: "ended", is_recording: false, participant_count: 0 });
    expect(ended.json().ended_at).not.toBeNull();
    // Opening the room again makes a new waiting session.
    const next = (await open(member.cookie, session.channel_id)).json() as RoomView;
    expect(next.session.id).not.toBe(session.id);
    expect(next.session.status).toBe("waiting");
  });

  it("is an administrator of the organization: an organization user who is only a member is not", async () => {
    const { host, session } = await roomWorkspace(t);
    // Another organization's owner who joins as a member is an organization user but not an admin here.
    const otherOwner = await createOrganization(t.app);
    const joined = await call(t.app, otherOwner.cookie).post(
      `/api/organizations/${host.organizationId}/join`,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const refused = await call(t.app, otherOwner.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    expect(refused.statusCode).toBe(403);
  });

  it("hears of every change on the channel topic", async () => {
    const { host, member, channel, session } = await roomWorkspace(t);
    const watcher = await TestSocket.open(baseUrl, { cookie: member.cookie });
    await watcher.subscribe(`channel:${channel.id}`);
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const event = await watcher.next((m) => m.type === "event" && m.event === "room.updated");
    expect(event).toMatchObject({
      payload: { channel_id: channel.id, session: { id: session.id, status: "live" } },
    });
    await watcher.close();
  });
});

describe("a suspended organization", () => {
  it("lets its members read the room but not join it, and its host not start it", async () => {
    const { host, member, channel, session } = await roomWorkspace(t);
    await t.database.db
      .update(organizations)
      .set({ status: "suspended" })
      .where(eq(organizations.id, host.organizationId));
    expect((await open(member.cookie, channel.id)).statusCode).toBe(200);
    const { answer, socket } = await seat(baseUrl, member.cookie, session.id);
    expect(answer).toEqual({
      type: "room.error",
      session_id: session.id,
      message: messages.organizationSuspended,
    });
    await socket.close();
    const start = await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    expect(start.json().error.message).toBe(messages.organizationSuspended);

    // No open session and suspended: none is created.
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/end`);
    expect((await open(member.cookie, channel.id)).json().error.message).toBe(messages.organizationSuspended);
    const open_ = await t.database.db
      .select({ n: count() })
      .from(roomSessions)
      .where(and(eq(roomSessions.channelId, channel.id), inArray(roomSessions.status, ["waiting", "live"])));
    expect(open_[0]?.n).toBe(0);
  });
});
