import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORDING_UPLOAD_WINDOW_MS, type Recording, roomMessages } from "../../../contract/rooms";
import { roomSessions } from "../../db/schema";
import type { TestSocket } from "../../realtime/test-fixtures/client";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { listening, roomWorkspace, seat } from "./test-room";

let t: TestApp;
let baseUrl: string;
/** The recording hosts' seats: their browsers, in the room, record. */
const seats: TestSocket[] = [];
beforeAll(async () => {
  // Two uploads per host and hour; every test below but the last has a host of its own.
  t = await testApp({ limits: { recordingsPerUser: { max: 2, windowSeconds: 3600 } } });
  baseUrl = await listening(t);
});
afterAll(async () => {
  for (const socket of seats) await socket.close();
  await t.close();
});

/** The EBML header every WebM file starts with, then some bytes. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
  Buffer.alloc(2048, 7),
]);

function upload(sessionId: string, cookie: string, filename: string, bytes: Buffer) {
  const boundary = "----votespace-recording";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: video/webm\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/rooms/sessions/${sessionId}/recordings`,
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
  });
}

/** A room whose host started the session, took their seat and turned recording on. */
async function recordedRoom(kind: "airing" | "live") {
  const room = await roomWorkspace(t, kind);
  const host = call(t.app, room.host.cookie);
  expect((await host.post(`/api/rooms/sessions/${room.session.id}/start`)).statusCode).toBe(200);
  seats.push((await seat(baseUrl, room.host.cookie, room.session.id)).socket);
  const on = await host.put(`/api/rooms/sessions/${room.session.id}/recording`, { is_recording: true });
  expect(on.statusCode, on.body).toBe(200);
  return room;
}

describe("recordings", () => {
  it("are uploaded by the host as WebM, listed in the channel and downloaded by members", async () => {
    const { host, member, channel, session } = await recordedRoom("live");
    const saved = await upload(session.id, host.cookie, "debate.webm", WEBM);
    expect(saved.statusCode, saved.body).toBe(201);
    const recording = saved.json() as Recording;
    expect(recording).toMatchObject({
      filename: "debate.webm",
      content_type: "video/webm",
      size: WEBM.length,
    });
    const listed = (await call(t.app, member.cookie).get(`/api/channels/${channel.id}/recordings`)).json();
    expect(listed.recordings.map((r: Recording) => r.id)).toEqual([recording.id]);
    const file = await call(t.app, member.cookie).get(recording.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment/);
    expect(file.rawPayload.equals(WEBM)).toBe(true);
    const stranger = await createOrganization(t.app);
    expect((await call(t.app, stranger.cookie).get(recording.url)).statusCode).toBe(404);
    expect(
      (await call(t.app, stranger.cookie).get(`/api/channels/${channel.id}/recordings`)).statusCode,
    ).toBe(404);
  });

  it("of an audio room are stored as audio", async () => {
    const { host, session } = await recordedRoom("airing");
    const saved = await upload(session.id, host.cookie, "town-hall", WEBM);
    expect(saved.json()).toMatchObject({ filename: "town-hall.webm", content_type: "audio/webm" });
  });

  it("are refused from anyone but the host, and when the file is not WebM", async () => {
    const { member, host, session } = await recordedRoom("live");
    const byMember = await upload(session.id, member.cookie, "x.webm", WEBM);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(roomMessages.hostOnly);
    const stranger = await createOrganization(t.app);
    expect((await upload(session.id, stranger.cookie, "x.webm", WEBM)).statusCode).toBe(404);
    const notWebm = await upload(session.id, host.cookie, "x.webm", Buffer.from("just text"));
    expect(notWebm.statusCode).toBe(400);
    expect(notWebm.json().error.message).toBe(roomMessages.recordingRefused);
  });

  it("are taken only for a recorded session, live or ended within the hour", async () => {
    const unrecorded = await roomWorkspace(t, "live");
    const refusedWhileWaiting = await upload(unrecorded.session.id, unrecorded.host.cookie, "x.webm", WEBM);
    expect(refusedWhileWaiting.statusCode).toBe(400);
    expect(refusedWhileWaiting.json().error.message).toBe(roomMessages.recordingNotExpected);
    await call(t.app, unrecorded.host.cookie).post(`/api/rooms/sessions/${unrecorded.session.id}/start`);
    expect((await upload(unrecorded.session.id, unrecorded.host.cookie, "x.webm", WEBM)).statusCode).toBe(
      400,
    );

    const { host, session } = await recordedRoom("live");
    const hostCall = call(t.app, host.cookie);
    // Recording stopped, then the session ended: the upload that follows is still taken.
    await hostCall.put(`/api/rooms/sessions/${session.id}/recording`, { is_recording: false });
    await hostCall.post(`/api/rooms/sessions/${session.id}/end`);
    // Moving the session's end back rather than the clock forward keeps the host signed in.
    const endedAgo = (ms: number) =>
      t.app.context.db
        .update(roomSessions)
        .set({ endedAt: new Date(t.clock.now().getTime() - ms) })
        .where(eq(roomSessions.id, session.id));
    await endedAgo(RECORDING_UPLOAD_WINDOW_MS - 60_000);
    expect((await upload(session.id, host.cookie, "late.webm", WEBM)).statusCode).toBe(201);
    await endedAgo(RECORDING_UPLOAD_WINDOW_MS + 60_000);
    const tooLate = await upload(session.id, host.cookie, "later.webm", WEBM);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.message).toBe(roomMessages.recordingNotExpected);
  });

  it("are limited per host", async () => {
    const { host, session } = await recordedRoom("airing");
    expect((await upload(session.id, host.cookie, "1.webm", WEBM)).statusCode).toBe(201);
    expect((await upload(session.id, host.cookie, "2.webm", WEBM)).statusCode).toBe(201);
    const third = await upload(session.id, host.cookie, "3.webm", WEBM);
    expect(third.statusCode).toBe(429);
    expect(third.headers["retry-after"]).toBeDefined();
  });
});
