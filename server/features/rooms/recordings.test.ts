import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Recording, roomMessages } from "../../../contract/rooms";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { roomWorkspace } from "./test-room";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

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

describe("recordings", () => {
  it("are uploaded by the host as WebM, listed in the channel and downloaded by members", async () => {
    const { host, member, channel, session } = await roomWorkspace(t, "live");
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
    const { host, session } = await roomWorkspace(t, "airing");
    const saved = await upload(session.id, host.cookie, "town-hall", WEBM);
    expect(saved.json()).toMatchObject({ filename: "town-hall.webm", content_type: "audio/webm" });
  });

  it("are refused from anyone but the host, and when the file is not WebM", async () => {
    const { member, host, session } = await roomWorkspace(t, "live");
    const byMember = await upload(session.id, member.cookie, "x.webm", WEBM);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(roomMessages.hostOnly);
    const stranger = await createOrganization(t.app);
    expect((await upload(session.id, stranger.cookie, "x.webm", WEBM)).statusCode).toBe(404);
    const notWebm = await upload(session.id, host.cookie, "x.webm", Buffer.from("just text"));
    expect(notWebm.statusCode).toBe(400);
    expect(notWebm.json().error.message).toBe(roomMessages.recordingRefused);
  });
});
