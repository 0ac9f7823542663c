import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomParticipants, roomSessions } from "../../db/schema";
import { TestSocket } from "../../realtime/test-fixtures/client";
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

describe("a member removed from the organization", () => {
  it("gives up their seat in its room at once, and may not take it again", async () => {
    const { host, member, session } = await roomWorkspace(t);
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const { socket, answer } = await seat(baseUrl, member.cookie, session.id);
    expect(answer.type).toBe("room.joined");

    const removed = await call(t.app, host.cookie).delete(
      `/api/organizations/${host.organizationId}/members/${member.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await socket.next((m) => m.type === "room.left" && m.session_id === session.id)).toEqual({
      type: "room.left",
      session_id: session.id,
      reason: "ended",
    });
    const [row] = await t.database.db
      .select({ connected: roomParticipants.isConnected })
      .from(roomParticipants)
      .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, member.id)));
    expect(row?.connected).toBe(false);
    const media = await call(t.app, member.cookie).get(`/api/rooms/sessions/${session.id}/media`);
    expect(media.statusCode).toBe(404);
    await socket.close();
  });
});

describe("a recording host whose browser goes away", () => {
  it("stops the recording: no one is told they are recorded when nothing records", async () => {
    const { host, member, other, channel, session } = await roomWorkspace(t, "live");
    const url = `/api/rooms/sessions/${session.id}`;
    await call(t.app, host.cookie).post(`${url}/start`);
    const hostSeat = await seat(baseUrl, host.cookie, session.id);
    const viewer = await seat(baseUrl, member.cookie, session.id);
    const watcher = await TestSocket.open(baseUrl, { cookie: other.cookie });
    await watcher.subscribe(`channel:${channel.id}`);
    const on = await call(t.app, host.cookie).put(`${url}/recording`, { is_recording: true });
    expect(on.statusCode, on.body).toBe(200);
    const recording = async () =>
      (
        await t.database.db
          .select({ on: roomSessions.isRecording, by: roomSessions.recordingBy })
          .from(roomSessions)
          .where(eq(roomSessions.id, session.id))
      )[0];

    // A viewer leaving changes nothing.
    await viewer.socket.close();
    await watcher.next(
      (m) => m.type === "event" && m.event === "participant.left" && m.payload.user_id === member.id,
    );
    expect(await recording()).toEqual({ on: true, by: host.id });

    // The host's tab closes (a crash, a lost network): recording stops, and everyone hears so.
    const from = watcher.received.length;
    await hostSeat.socket.close();
    expect(
      await watcher.next((m) => m.type === "event" && m.event === "room.updated", { from }),
    ).toMatchObject({
      payload: { session: { id: session.id, is_recording: false } },
    });
    expect(await recording()).toEqual({ on: false, by: null });
    await watcher.close();
  });
});
