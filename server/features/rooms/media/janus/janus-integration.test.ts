import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../../../http/errors";
import { ManualClock, systemClock } from "../../../../lib/clock";
import { unseal } from "../../../../lib/crypto";
import { listSessions } from "./admin";
import type { JanusConfig } from "./config";
import { findJanus } from "./install";
import type { RunningJanus } from "./launcher";
import { JANUS_UNREACHABLE, JanusMediaServer, ROOM_TRUSTED_FOR_MS } from "./media-server";
import { JanusSocket } from "./socket";
import { JANUS_MISSING, launchTestJanus } from "./testing";
import { signJanusToken, VIDEOROOM_PLUGIN } from "./tokens";
import { VideoRoomApi } from "./videoroom";

const installed = findJanus() !== undefined;
if (!installed) console.warn(`Janus integration tests skipped: ${JANUS_MISSING}`);

/** One browser-like Janus session: the participant's token on every request, as janus.ts does. */
async function joinAsParticipant(
  url: string,
  token: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const socket = await JanusSocket.open(url, "janus-protocol");
  try {
    const session = await socket.request({ janus: "create", token });
    const handle = await socket.request({
      janus: "attach",
      session_id: session.data?.id,
      plugin: VIDEOROOM_PLUGIN,
      token,
    });
    const event = new Promise<Record<string, unknown>>((resolve) => {
      socket.onMessage((message) => {
        if (message.janus === "event" && message.plugindata) resolve(message.plugindata.data);
      });
    });
    socket
      .request({ janus: "message", session_id: session.data?.id, handle_id: handle.data?.id, token, body })
      .catch(() => undefined);
    return await event;
  } finally {
    socket.close();
  }
}

describe.skipIf(!installed)("Janus, launched with the generated configuration", () => {
  let config: JanusConfig;
  let janus: RunningJanus;
  let media: JanusMediaServer;
  let api: VideoRoomApi;
  const secretKey = "test-secret-key-0123456789abcdef0123456789";

  beforeAll(async () => {
    const launched = await launchTestJanus();
    if (!launched) throw new Error(JANUS_MISSING);
    ({ config, janus } = launched);
    media = new JanusMediaServer(config, secretKey, systemClock, []);
    api = new VideoRoomApi(config.apiUrl, config.tokenSecret, config.adminKey, systemClock);
  }, 30_000);

  afterAll(async () => {
    await janus?.stop();
  });

  it("runs only VideoRoom and the WebSocket transport", async () => {
    const socket = await JanusSocket.open(config.apiUrl, "janus-protocol");
    const info = await socket.request({ janus: "info" });
    socket.close();
    expect(Object.keys(info.plugins as object)).toEqual([VIDEOROOM_PLUGIN]);
    expect(Object.keys(info.transports as object)).toEqual(["janus.transport.websockets"]);
    expect(info.auth_token).toBe(true);
  });

  it("has no demo rooms and creates none for anyone without the admin key", async () => {
    expect(await api.exists(1234)).toBe(false);
    expect(await api.exists(5678)).toBe(false);
    const intruder = new VideoRoomApi(
      config.apiUrl,
      config.tokenSecret,
      "not-the-admin-key-0123456789abcdef",
      systemClock,
    );
    await expect(intruder.create({ room: 777, secret: "s", pin: "p", description: "x" })).rejects.toThrow(
      /admin_key/,
    );
  });

  it("refuses requests without a valid token", async () => {
    const forged = signJanusToken(
      "another-secret-0123456789abcdef0123456789",
      new Date(Date.now() + 60_000),
      [VIDEOROOM_PLUGIN],
    );
    const expired = signJanusToken(config.tokenSecret, new Date(Date.now() - 1000), [VIDEOROOM_PLUGIN]);
    const socket = await JanusSocket.open(config.apiUrl, "janus-protocol");
    try {
      await expect(socket.request({ janus: "create" })).rejects.toThrow(/Unauthorized/);
      await expect(socket.request({ janus: "create", token: forged })).rejects.toThrow(/Unauthorized/);
      await expect(socket.request({ janus: "create", token: expired })).rejects.toThrow(/Unauthorized/);
    } finally {
      socket.close();
    }
  });

  it("creates a room per session, lets in a participant with the join's token and pin, and destroys it", async () => {
    const opened = await media.openRoom("session-1");
    expect(opened.media).toBe("janus");
    expect(opened.janusSecret).not.toContain(":");
    const session = { id: "session-1", ...opened };
    const room = opened.janusRoom as number;
    expect(await api.exists(room)).toBe(true);

    const join = await media.join(session, "user-1", "listener");
    if (join.kind !== "janus") throw new Error("not a Janus join");
    expect(join).toMatchObject({ url: config.browserUrl, room, display: "user-1" });

    const joined = await joinAsParticipant(config.apiUrl, join.token, {
      request: "join",
      ptype: "publisher",
      room,
      pin: join.pin,
      display: join.display,
    });
    expect(joined.videoroom).toBe("joined");

    const wrongPin = await joinAsParticipant(config.apiUrl, join.token, {
      request: "join",
      ptype: "publisher",
      room,
      pin: "guessed",
      display: "intruder",
    });
    expect(wrongPin.error_code).toBe(433);

    await media.closeRoom(session);
    expect(await api.exists(room)).toBe(false);
    // Closing twice is fine (the rooms service may retry).
    await media.closeRoom(session);
  });

  it("makes a session's room again when Janus lost it (a restart)", async () => {
    const opened = await media.openRoom("session-2");
    const session = { id: "session-2", ...opened };
    // Gone, as after a restart of Janus (rooms live in its memory).
    await media.closeRoom(session);
    expect(await api.exists(opened.janusRoom as number)).toBe(false);
    await media.join(session, "user-2", "host");
    expect(await api.exists(opened.janusRoom as number)).toBe(true);
    await media.closeRoom(session);
  });

  it("trusts a room it confirmed for a while, then checks it again", async () => {
    const clock = new ManualClock(new Date());
    const cached = new JanusMediaServer(config, secretKey, clock, []);
    const opened = await cached.openRoom("session-3");
    const session = { id: "session-3", ...opened };
    const room = opened.janusRoom as number;
    await cached.join(session, "user-3", "host");
    // Lost behind this process's back (as when Janus restarts): a join soon after does not ask Janus.
    await api.destroy(room, unseal(secretKey, "janus-room-secret", opened.janusSecret as string));
    await cached.join(session, "user-3", "host");
    expect(await api.exists(room)).toBe(false);
    clock.advance(ROOM_TRUSTED_FOR_MS);
    await cached.join(session, "user-3", "host");
    expect(await api.exists(room)).toBe(true);
    await cached.closeRoom(session);
  });

  it("leaves no Janus session behind after the server's requests", async () => {
    const launch = config.launch;
    if (!launch) throw new Error("no launch settings");
    await api.exists(42);
    // Janus frees a destroyed session at once; participants' sessions above closed with their sockets.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listSessions(launch.adminPort, launch.adminSecret)).toEqual([]);
  });
});

describe("Janus out of reach", () => {
  it("answers 503 with a message to try again, not a 500", async () => {
    const unreachable: JanusConfig = {
      mode: "external",
      browserUrl: "ws://127.0.0.1:9",
      apiUrl: "ws://127.0.0.1:9",
      tokenSecret: "t".repeat(40),
      adminKey: "k".repeat(40),
    };
    const media = new JanusMediaServer(
      unreachable,
      "test-secret-key-0123456789abcdef0123456789",
      systemClock,
      [],
    );
    const failure = await media.openRoom("session-x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(503);
    expect((failure as AppError).message).toBe(JANUS_UNREACHABLE);
  });
});
