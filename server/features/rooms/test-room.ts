import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { ServerMessage, SignalData } from "../../../contract/events";
import type { RoomView } from "../../../contract/rooms";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import type { TestApp } from "../../test/support";

/** Room tests: the app listening (sockets need a port), an organization with a room channel, seats. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export async function roomWorkspace(t: TestApp, kind: "airing" | "live" = "airing", isPrivate = false) {
  const host = await createOrganization(t.app);
  const member = await createMember(t.app, host.organizationId, { full_name: "Abena Owusu" });
  const other = await createMember(t.app, host.organizationId, { full_name: "Kojo Antwi" });
  const created = await call(t.app, host.cookie).post("/api/channels", {
    name: `${kind}-${Math.random().toString(36).slice(2, 8)}`,
    type: kind,
    is_private: isPrivate,
  });
  expect(created.statusCode, created.body).toBe(201);
  const channel = created.json().channel as { id: string; name: string };
  const opened = await call(t.app, host.cookie).post(`/api/channels/${channel.id}/room`);
  expect(opened.statusCode, opened.body).toBe(200);
  const view = opened.json() as RoomView;
  return { host, member, other, channel, session: view.session };
}

/** A socket seated in a session (waits for `room.joined`, or returns the refusal). */
export async function seat(baseUrl: string, cookie: string, sessionId: string) {
  const socket = await TestSocket.open(baseUrl, { cookie });
  const answer = await join(socket, sessionId);
  return { socket, answer };
}

export async function join(socket: TestSocket, sessionId: string): Promise<ServerMessage> {
  const from = socket.received.length;
  socket.send({ type: "room.join", session_id: sessionId });
  return socket.next(
    (m) => (m.type === "room.joined" || m.type === "room.error") && m.session_id === sessionId,
    { from },
  );
}

/**
 * Sends a signal; resolves with its refusal, or null when it went through. Signals are handled in
 * order on a queue of their own, so a probe that is always refused (for a session that does not
 * exist) answers after the first one's outcome is known.
 */
export async function signal(socket: TestSocket, sessionId: string, to: string, data: SignalData) {
  const from = socket.received.length;
  const probe = randomUUID();
  socket.send({ type: "signal", session_id: sessionId, to, data });
  socket.send({ type: "signal", session_id: probe, to: randomUUID(), data });
  await socket.next((m) => m.type === "room.error" && m.session_id === probe, { from });
  return (
    socket.received.slice(from).find((m) => m.type === "room.error" && m.session_id === sessionId) ?? null
  );
}

/** The signals a socket received from one sender. */
export function signalsFrom(socket: TestSocket, from: string) {
  return socket.received.filter(
    (m): m is Extract<ServerMessage, { type: "signal" }> => m.type === "signal" && m.from === from,
  );
}

export const OFFER_SDP = [
  "v=0",
  "o=- 1 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "m=audio 9 UDP/TLS/RTP/SAVPF 111",
  "a=mid:0",
  "a=sendrecv",
  "",
].join("\r\n");
export const RECVONLY_ANSWER_SDP = OFFER_SDP.replace("a=sendrecv", "a=recvonly");
