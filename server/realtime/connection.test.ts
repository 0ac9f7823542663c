import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { type ServerMessage, SOCKET_CLOSE, socketMessages, type Topic } from "../../contract/events";
import type { User } from "../features/accounts/sessions";
import { Connection, defaultSocketLimits, type SocketLimits } from "./connection";
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
  const conn = new Connection(fake.socket, user, "session", {
    index,
    limits: { ...defaultSocketLimits, ...limits },
    mayWatch: async (_user, topic) => allow(topic),
    log: { warn: () => {} },
  });
  const say = (message: unknown) => conn.receive(Buffer.from(JSON.stringify(message)), false);
  return { conn, index, say, ...fake };
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
      { type: "subscribed", topic: a },
      { type: "subscribed", topic: b },
      { type: "error", topic: c, message: socketMessages.tooManySubscriptions },
      { type: "subscribed", topic: a },
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
    const message = { topic, event: "member.left" as const, payload: { organization_id: "o", user_id: "u" } };
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
});
