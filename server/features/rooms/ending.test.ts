import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import type { MediaServer } from "./media/server";
import { listening, roomWorkspace, seat } from "./test-room";

/** The app's media server: rooms open, but closing one fails as when Janus is down. */
const closeRoom = vi.fn(async () => {
  throw new Error("Janus is down");
});
const media: MediaServer = {
  kind: "mesh",
  openRoom: async () => ({ media: "mesh", janusRoom: null, janusSecret: null }),
  join: async () => ({ kind: "mesh", iceServers: [] }),
  closeRoom,
};

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp({ media });
  baseUrl = await listening(t);
});
afterAll(() => t.close());

describe("the host's End", () => {
  it("ends and announces the session even when the media room cannot be closed", async () => {
    const { host, other, channel, session } = await roomWorkspace(t);
    await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/start`);
    const hostSeat = await seat(baseUrl, host.cookie, session.id);
    const watcher = await TestSocket.open(baseUrl, { cookie: other.cookie });
    await watcher.subscribe(`channel:${channel.id}`);
    const ended = await call(t.app, host.cookie).post(`/api/rooms/sessions/${session.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ id: session.id, status: "ended" });
    expect(closeRoom).toHaveBeenCalledTimes(1);
    expect(await watcher.next((m) => m.type === "event" && m.event === "room.updated")).toMatchObject({
      payload: { session: { id: session.id, status: "ended" } },
    });
    expect(await hostSeat.socket.next((m) => m.type === "room.left")).toMatchObject({ reason: "ended" });
    await hostSeat.socket.close();
    await watcher.close();
  });
});
