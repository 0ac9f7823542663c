import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { type ServerMessage, SOCKET_CLOSE, socketMessages, type Topic } from "../../contract/events";
import type { User } from "../features/accounts/sessions";
import { Connection, defaultSocketLimits, type FeatureMessage, type SocketLimits } from "./connection";
import { TopicIndex } from "./topics";

/** Just enough of a `ws` socket to watch what a Connection sends and how it closes. */
function fakeSocket() {
  const sent: ServerMessage[] = [];
  const state = { bufferedAmount: 0, closedWith: null as number | null, terminated: false };
  const socket = {
    OPEN: 1,
    readyState: 1,
    get bufferedAmount() {
      return state.bufferedAmount;
    },
    send(frame: Buffer) {
      sent.push(JSON.parse(frame.toString()));
    },
    close(code: number) {
      state.closedWith = code;
    },
    terminate() {
      state.terminated = true;
    },
  };
  return { socket: socket as unknown as WebSocket, sent, state };
}

function connection(limits: Partial<SocketLimits> = {}, allow: (topic: Topic) => boolean = () => true) {
  const fake = fakeSocket();
  const index = new TopicIndex<Connection>();
  const user = { id: randomUUID() } as User;
  const clock = { ms: 0 };
  /** The feature messages that got through to the feature. */
  const handled: FeatureMessage[] = [];
  const conn = new Connection(fake.socket, user, "session", {
    index,
    limits: { ...defaultSocketLimits, ...limits },
    mayWatch: async (_user, topic) => allow(topic),
    feature: async (_connection, message) => {
      handled.push(message);
    },
    log: { warn: () => {} },
    now: () => clock.ms,
  });
  const say = (message: unknown) => conn.receive(Buffer.from(JSON.stringify(message)), false);
  return { conn, index, say, clock, handled, ...fake };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const orgTopic = (): Topic => `org:${randomUUID()}`;

describe("a connection", () => {
  it("holds no more subscriptions than its limit", async () => {
    const { say, sent, index } = connection({ maxSubscriptions: 2 });
    const [a, b, c] = [orgTopic(), orgTopic(), orgTopic()];
    for (const topic of [a, b, c, a]) say({ type: "subscribe", topic });
    await settle();
    expect(sent).toEqual([
      { type: "subscribed", topic: a, quiet_ms: 0 },
      { type: "subscribed", topic: b, quiet_ms: 0 },
      { type: "error", topic: c, message: socketMessages.tooManySubscriptions },
      { type: "subscribed", topic: a, quiet_ms: 0 },
    ]);
    expect(index.count(c)).toBe(0);
  });

  it("handles messages in order, so unsubscribe after subscribe wins", async () => {
    const { say, index, conn } = connection();
    const topic = orgTopic();
    say({ type: "subscribe", topic });
    say({ type: "unsubscribe", topic });
    await settle();
    expect(index.count(topic)).toBe(0);
    expect(conn.topics.size).toBe(0);
  });

  it("is cut off (4429) when it sends faster than the server handles", async () => {
    const { say, state } = connection({ maxQueuedMessages: 4 });
    for (let i = 0; i < 10; i++) say({ type: "subscribe", topic: orgTopic() });
    expect(state.closedWith).toBe(SOCKET_CLOSE.tooManyMessages);
  });

  it("is dropped rather than buffered without bound when it stops reading", async () => {
    const { conn, index, state, sent } = connection({ maxBufferedBytes: 100 });
    const topic = orgTopic();
    index.add(topic, conn);
    const message = {
      topic,
      event: "member.left" as const,
      payload: { organization_id: "o", user_id: "u", reason: "left" as const },
    };
    index.deliver(message);
    state.bufferedAmount = 101;
    index.deliver(message);
    expect(sent).toHaveLength(1);
    expect(state.terminated).toBe(true);
  });

  it("does not subscribe when the socket closed while the check was running", async () => {
    const { say, conn, index, sent } = connection();
    const topic = orgTopic();
    say({ type: "subscribe", topic });
    conn.forget();
    await settle();
    expect(index.count(topic)).toBe(0);
    expect(sent).toEqual([]);
  });

  it("refuses signals past their rate with room.error, in order, and takes them again as the rate allows", async () => {
    const { say, sent, handled, clock, state } = connection({ signalRate: { perSecond: 10, burst: 3 } });
    const sessionId = randomUUID();
    const signal = (instance: string) => ({
      type: "signal",
      session_id: sessionId,
      to: randomUUID(),
      data: { instance, candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host" } },
    });
    for (const instance of ["a", "b", "c", "d", "e"]) say(signal(instance));
    clock.ms = 100;
    say(signal("f"));
    say(signal("g"));
    await settle();
    expect(handled.map((m) => m.type === "signal" && m.data.instance)).toEqual(["a", "b", "c", "f"]);
    const refusal = { type: "room.error", session_id: sessionId, message: socketMessages.tooManyMessages };
    expect(sent).toEqual([refusal, refusal, refusal]);
    expect(state.closedWith).toBeNull();
  });

  it("caps the bytes of signals per second", async () => {
    const { say, sent, handled, clock } = connection({ signalByteRate: { perSecond: 5000, burst: 5000 } });
    const sessionId = randomUUID();
    const offer = (instance: string) => ({
      type: "signal",
      session_id: sessionId,
      to: randomUUID(),
      data: { instance, description: { type: "offer", sdp: "a=x\r\n".repeat(300) } },
    });
    // About 2.2 kB each (JSON escapes the line breaks): two fit in the bucket, the third waits for the refill.
    for (const instance of ["a", "b", "c"]) say(offer(instance));
    clock.ms = 500;
    say(offer("d"));
    await settle();
    expect(handled.map((m) => m.type === "signal" && m.data.instance)).toEqual(["a", "b", "d"]);
    expect(sent).toEqual([
      { type: "room.error", session_id: sessionId, message: socketMessages.tooManyMessages },
    ]);
  });

  it("limits room.join and room.leave to a few every ten seconds", async () => {
    const { say, sent, handled, clock } = connection();
    const sessionId = randomUUID();
    for (let i = 0; i < 3; i++) {
      say({ type: "room.join", session_id: sessionId });
      say({ type: "room.leave", session_id: sessionId });
    }
    await settle();
    expect(handled).toHaveLength(5);
    expect(sent).toEqual([
      { type: "room.error", session_id: sessionId, message: socketMessages.tooManyMessages },
    ]);
    clock.ms = 2_000;
    say({ type: "room.join", session_id: sessionId });
    say({ type: "room.join", session_id: sessionId });
    await settle();
    expect(handled).toHaveLength(6);
    expect(sent).toHaveLength(2);
  });
});
