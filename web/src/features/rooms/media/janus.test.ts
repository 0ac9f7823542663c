import { describe, expect, it, vi } from "vitest";

/** What the path asked its publisher to send, in order; the first send (the publish) waits to be let go. */
const sent: Array<MediaStream | null> = [];
let letPublishGo: () => void = () => {};

vi.mock("./janus-session", () => ({
  JanusSession: {
    open: async () => ({
      onLost: undefined,
      close() {},
      attach: async () => ({
        onEvent: undefined,
        onHangup: undefined,
        message: async () => ({ data: { private_id: 7, publishers: [] } }),
      }),
    }),
  },
}));
vi.mock("./janus-publisher", () => ({
  JanusPublisher: class {
    send(stream: MediaStream | null): Promise<void> {
      sent.push(stream);
      if (sent.length > 1) return Promise.resolve();
      return new Promise<void>((resolve) => {
        letPublishGo = resolve;
      });
    }
    close() {}
  },
}));
vi.mock("./janus-subscriber", () => ({
  JanusSubscriber: class {
    add() {}
    remove() {}
    forget() {}
    close() {}
  },
}));

const { createJanusPath } = await import("./janus");

const stream = (name: string) => ({ id: name }) as unknown as MediaStream;
const join = {
  kind: "janus" as const,
  iceServers: [],
  url: "ws://janus.test",
  room: 1,
  token: `${Math.floor(Date.now() / 1000) + 600},janus,janus.plugin.videoroom:sig`,
  pin: "pin",
  display: "host",
};

describe("the Janus path's outgoing stream", () => {
  it("is the latest one set: a call that waited for the connection does not send the stream it was given after a newer", async () => {
    const path = createJanusPath(join);
    const microphone = stream("microphone");
    const camera = stream("microphone and camera");
    // Set while connecting: it waits for the connection, which publishes it.
    const first = path.setLocalStream(microphone);
    await vi.waitFor(() => expect(sent).toEqual([microphone]));
    // The camera comes while that publish is on its way: sent at once, after it.
    const second = path.setLocalStream(camera);
    letPublishGo();
    await Promise.all([first, second]);
    expect(sent).toEqual([microphone, camera]);
    path.close();
  });
});
