import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ServerMessage, SignalData } from "../../../contract/events";
import { roomMessages } from "../../../contract/rooms";
import { localBus } from "../../realtime/bus";
import type { Connection } from "../../realtime/connection";
import { call } from "../../test/http";
import { type ServerProcess, startServerProcess } from "../../test/server-process";
import { type TestApp, testApp } from "../../test/support";
import type { User } from "../accounts/sessions";
import { RoomSeats } from "./seats";
import { SignalRouter } from "./signalling";
import {
  listening,
  OFFER_SDP,
  RECVONLY_ANSWER_SDP,
  roomWorkspace,
  seat,
  signal,
  signalsFrom,
} from "./test-room";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  baseUrl = await listening(t);
});
afterAll(() => t.close());

const offer: SignalData = { instance: "a", description: { type: "offer", sdp: OFFER_SDP } };
const answer: SignalData = { instance: "b", description: { type: "answer", sdp: RECVONLY_ANSWER_SDP } };
const candidate: SignalData = {
  instance: "b",
  candidate: {
    candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host",
    sdpMid: "0",
    sdpMLineIndex: 0,
  },
};

/** A live session with the host, a listener and another listener seated. */
async function liveRoom(kind: "airing" | "live" = "airing") {
  const room = await roomWorkspace(t, kind);
  await call(t.app, room.host.cookie).post(`/api/rooms/sessions/${room.session.id}/start`);
  const [host, member, other] = await Promise.all(
    [room.host, room.member, room.other].map(
      async (user) => (await seat(baseUrl, user.cookie, room.session.id)).socket,
    ),
  );
  return {
    ...room,
    sockets: { host, member, other } as Record<"host" | "member" | "other", NonNullable<typeof host>>,
  };
}

const refusal = (sessionId: string) => ({
  type: "room.error",
  session_id: sessionId,
  message: roomMessages.signalRefused,
});

describe("signals", () => {
  it("carry the host's offer to a listener and the listener's receive-only answer and candidates back", async () => {
    const { host, member, session, sockets } = await liveRoom();
    expect(await signal(sockets.host, session.id, member.id, offer)).toBeNull();
    await sockets.member.next((m) => m.type === "signal");
    expect(signalsFrom(sockets.member, host.id)).toEqual([
      { type: "signal", session_id: session.id, from: host.id, data: offer },
    ]);
    expect(await signal(sockets.member, session.id, host.id, answer)).toBeNull();
    expect(await signal(sockets.member, session.id, host.id, candidate)).toBeNull();
    await sockets.host.next((m) => m.type === "signal" && !!m.data.candidate);
    expect(signalsFrom(sockets.host, member.id).map((m) => m.data)).toEqual([answer, candidate]);
    for (const s of Object.values(sockets)) await s.close();
  });

  it("may be several kB (an SDP), while other messages stay under 4 kB", async () => {
    const { member, session, sockets } = await liveRoom("live");
    const big: SignalData = {
      instance: "a",
      description: { type: "offer", sdp: `${OFFER_SDP}${"a=candidate:padding\r\n".repeat(600)}` },
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(10_000);
    expect(await signal(sockets.host, session.id, member.id, big)).toBeNull();
    const received = await sockets.member.next((m) => m.type === "signal");
    expect(received).toMatchObject({ data: big });
    // A subscribe padded past 4 kB still closes the socket.
    sockets.other.send({ type: "ping", pad: "x".repeat(5000) });
    expect((await sockets.other.closed).code).toBe(1009);
    // And a signal past the signal limit too.
    sockets.member.send({
      type: "signal",
      session_id: session.id,
      to: randomUUID(),
      data: { instance: "a", description: { type: "answer", sdp: "x".repeat(40_000) } },
    });
    expect((await sockets.member.closed).code).toBe(1009);
    await sockets.host.close();
  });

  it("may come in a burst (offers and candidates to everyone at once), in order, without tripping the flood limit", async () => {
    const { host, member, session, sockets } = await liveRoom();
    const burst = Array.from({ length: 60 }, (_, i) => ({ ...candidate, instance: `c${i}` }));
    for (const data of burst)
      sockets.host.send({ type: "signal", session_id: session.id, to: member.id, data });
    await sockets.member.next(() => signalsFrom(sockets.member, host.id).length === 60);
    expect(signalsFrom(sockets.member, host.id).map((m) => m.data.instance)).toEqual(
      burst.map((d) => d.instance),
    );
    expect(sockets.host.isOpen).toBe(true);
    for (const s of Object.values(sockets)) await s.close();
  });

  it("are refused from a listener who offers media, or answers to send, and between two listeners", async () => {
    const { host, member, other, session, sockets } = await liveRoom();
    expect(await signal(sockets.member, session.id, host.id, offer)).toEqual(refusal(session.id));
    const sendingAnswer = { ...answer, description: { type: "answer" as const, sdp: OFFER_SDP } };
    expect(await signal(sockets.member, session.id, host.id, sendingAnswer)).toEqual(refusal(session.id));
    expect(await signal(sockets.member, session.id, other.id, candidate)).toEqual(refusal(session.id));
    await sockets.host.roundTrip();
    expect(signalsFrom(sockets.host, member.id)).toEqual([]);
    await sockets.other.roundTrip();
    expect(sockets.other.received.some((m) => m.type === "signal")).toBe(false);
    for (const s of Object.values(sockets)) await s.close();
  });

  it("are refused from a listener whose answer leaves a media section without a receive-only direction", async () => {
    const { host, member, session, sockets } = await liveRoom("live");
    const answerWith = (sdp: string): SignalData => ({ instance: "b", description: { type: "answer", sdp } });
    const twoSections = (audio: string, video: string) =>
      [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111",
        "a=mid:0",
        ...audio.split("|").filter(Boolean),
        "m=video 9 UDP/TLS/RTP/SAVPF 96",
        "a=mid:1",
        ...video.split("|").filter(Boolean),
        "",
      ].join("\r\n");
    // No direction line at all counts as sendrecv in WebRTC.
    const silent = answerWith(OFFER_SDP.replace("a=sendrecv\r\n", ""));
    expect(await signal(sockets.member, session.id, host.id, silent)).toEqual(refusal(session.id));
    // One section receives, the other says nothing.
    const half = answerWith(twoSections("a=recvonly", ""));
    expect(await signal(sockets.member, session.id, host.id, half)).toEqual(refusal(session.id));
    // A session-level sendrecv with receive-only sections is refused too.
    const sessionLevel = answerWith(
      twoSections("a=recvonly", "a=inactive").replace("t=0 0", "t=0 0\r\na=sendrecv"),
    );
    expect(await signal(sockets.member, session.id, host.id, sessionLevel)).toEqual(refusal(session.id));
    // Every section receive-only or inactive: accepted.
    const fine = answerWith(twoSections("a=recvonly", "a=inactive"));
    expect(await signal(sockets.member, session.id, host.id, fine)).toBeNull();
    await sockets.host.next((m) => m.type === "signal");
    expect(signalsFrom(sockets.host, member.id).map((m) => m.data)).toEqual([fine]);
    for (const s of Object.values(sockets)) await s.close();
  });

  it("flow from a promoted speaker", async () => {
    const { host, member, other, session, sockets } = await liveRoom();
    await call(t.app, host.cookie).put(`/api/rooms/sessions/${session.id}/participants/${member.id}/role`, {
      role: "speaker",
    });
    expect(await signal(sockets.member, session.id, other.id, offer)).toBeNull();
    expect(await sockets.other.next((m) => m.type === "signal")).toMatchObject({ from: member.id });
    for (const s of Object.values(sockets)) await s.close();
  });

  it("are refused before the session starts, and to someone not seated", async () => {
    const room = await roomWorkspace(t);
    const hostSeat = await seat(baseUrl, room.host.cookie, room.session.id);
    const memberSeat = await seat(baseUrl, room.member.cookie, room.session.id);
    expect(await signal(hostSeat.socket, room.session.id, room.member.id, offer)).toEqual(
      refusal(room.session.id),
    );
    await call(t.app, room.host.cookie).post(`/api/rooms/sessions/${room.session.id}/start`);
    expect(await signal(hostSeat.socket, room.session.id, room.other.id, offer)).toEqual(
      refusal(room.session.id),
    );
    expect(await signal(hostSeat.socket, room.session.id, room.host.id, offer)).toEqual(
      refusal(room.session.id),
    );
    await hostSeat.socket.close();
    await memberSeat.socket.close();
  });

  it("never cross sessions or organizations", async () => {
    const a = await liveRoom();
    const b = await liveRoom();
    // Host of A, seated in A, names B's session: not seated there.
    expect(await signal(a.sockets.host, b.session.id, b.member.id, offer)).toEqual(refusal(b.session.id));
    // Host of A names A's session but a recipient seated only in B.
    expect(await signal(a.sockets.host, a.session.id, b.member.id, offer)).toEqual(refusal(a.session.id));
    // B's host (another organization's admin) cannot be seated in A at all.
    const intruder = await seat(baseUrl, b.host.cookie, a.session.id);
    expect(intruder.answer).toMatchObject({ type: "room.error", message: roomMessages.sessionNotFound });
    expect(await signal(intruder.socket, a.session.id, a.member.id, offer)).toEqual(refusal(a.session.id));
    await a.sockets.member.roundTrip();
    expect(a.sockets.member.received.some((m) => m.type === "signal")).toBe(false);
    for (const s of [...Object.values(a.sockets), ...Object.values(b.sockets), intruder.socket])
      await s.close();
  });

  it("are refused from an older window whose seat another window took", async () => {
    const { host, member, session, sockets } = await liveRoom();
    const newer = await seat(baseUrl, host.cookie, session.id);
    expect(await signal(sockets.host, session.id, member.id, offer)).toEqual(refusal(session.id));
    expect(await signal(newer.socket, session.id, member.id, offer)).toBeNull();
    for (const s of [...Object.values(sockets), newer.socket]) await s.close();
  });
});

describe("signals between server processes", () => {
  it("are split to fit a NOTIFY and put back together by the process that holds the recipient", async () => {
    const bus = localBus();
    const sent: ServerMessage[] = [];
    const recipient = { user: { id: randomUUID() } as User, send: (m: ServerMessage) => sent.push(m) };
    const theirSeats = new RoomSeats();
    const sessionId = randomUUID();
    theirSeats.take(recipient as unknown as Connection, sessionId, new Date().toISOString());
    const log = { info() {}, warn() {}, error() {} };
    const ours = new SignalRouter(bus, randomUUID(), new RoomSeats(), log);
    const theirProcess = randomUUID();
    const theirs = new SignalRouter(bus, theirProcess, theirSeats, log);
    const parts: number[] = [];
    bus.onMessage((message) => {
      parts.push(JSON.stringify(message).length);
      theirs.receive(message);
      ours.receive(message);
    });
    const data: SignalData = { instance: "x", description: { type: "offer", sdp: "a=x\r\n".repeat(3000) } };
    await ours.route(sessionId, randomUUID(), recipient.user.id, data, theirProcess);
    expect(parts.length).toBeGreaterThan(5);
    expect(Math.max(...parts)).toBeLessThan(8000);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "signal", session_id: sessionId, data });
  });
});

/**
 * Two real server processes on one PostgreSQL: the host's socket on one, the listener's on the
 * other; a several-kB offer crosses through NOTIFY in parts, the answer comes back.
 */
describe.skipIf(process.env.TEST_DB !== "postgres")("signals across two server processes", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startServerProcess(inject("postgresUrl")),
      startServerProcess(inject("postgresUrl")),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("reach a participant seated through another process", { timeout: 30_000 }, async () => {
    const room = await roomWorkspace(t, "live");
    await call(t.app, room.host.cookie).post(`/api/rooms/sessions/${room.session.id}/start`);
    const onA = await seat(a.baseUrl, room.host.cookie, room.session.id);
    const onB = await seat(b.baseUrl, room.member.cookie, room.session.id);
    expect(onA.answer, a.output()).toMatchObject({ type: "room.joined" });
    expect(onB.answer, b.output()).toMatchObject({ type: "room.joined" });
    const big: SignalData = {
      instance: "a",
      description: { type: "offer", sdp: `${OFFER_SDP}${"a=candidate:padding\r\n".repeat(700)}` },
    };
    expect(await signal(onA.socket, room.session.id, room.member.id, big)).toBeNull();
    expect(await onB.socket.next((m) => m.type === "signal", { timeoutMs: 10_000 })).toEqual({
      type: "signal",
      session_id: room.session.id,
      from: room.host.id,
      data: big,
    });
    expect(await signal(onB.socket, room.session.id, room.host.id, answer)).toBeNull();
    expect(await onA.socket.next((m) => m.type === "signal", { timeoutMs: 10_000 })).toMatchObject({
      from: room.member.id,
      data: answer,
    });
    await onA.socket.close();
    await onB.socket.close();
  });
});
