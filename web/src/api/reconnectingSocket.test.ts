import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReconnectingSocket, type ReconnectingSocketOptions } from "./reconnectingSocket";
import { FakeSocket, latest } from "./socket.fixtures";

function socketWith(extra: Partial<ReconnectingSocketOptions> = {}) {
  const options = {
    onOpen: vi.fn(),
    onMessage: vi.fn(),
    onDrop: vi.fn(),
    ping: "ping",
    pingEveryMs: 1_000,
    maxDelayMs: 4_000,
    finalCodes: [4401],
    // No jitter drawn: every wait is half its backoff step.
    random: () => 0,
    ...extra,
  };
  return { socket: new ReconnectingSocket(options), options };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

function setVisible(visible: boolean) {
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (visible ? "visible" : "hidden"),
  });
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  setOnline(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ReconnectingSocket", () => {
  it("opens to /api/ws on the page's host, says when it is open and hands on every text frame", () => {
    const { socket, options } = socketWith();
    socket.start();
    socket.start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe(`ws://${location.host}/api/ws`);
    expect(socket.send("early")).toBe(false);

    latest().open();
    expect(options.onOpen).toHaveBeenCalledTimes(1);
    expect(socket.send("hello")).toBe(true);
    expect(latest().sent).toEqual(["hello"]);
    latest().message("news");
    expect(options.onMessage).toHaveBeenCalledWith("news");
    socket.stop();
  });

  it("tries again after a drop with a doubling wait up to the cap, and starts over once open", () => {
    const { socket, options } = socketWith();
    socket.start();
    // Waits of 250, 500, 1000, 2000, then the 4000 cap's 2000, all halved by the jitter.
    for (const wait of [250, 500, 1_000, 2_000, 2_000]) {
      const before = FakeSocket.all.length;
      latest().drop(1006);
      vi.advanceTimersByTime(wait - 1);
      expect(FakeSocket.all).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
    expect(options.onDrop).toHaveBeenCalledWith(1006, true);

    latest().open();
    latest().drop(1006);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(7);
    expect(options.onOpen).toHaveBeenCalledTimes(1);
    socket.stop();
  });

  it("spreads the wait between half and all of the backoff step", () => {
    const { socket } = socketWith({ random: () => 0.999 });
    socket.start();
    latest().drop(1006);
    vi.advanceTimersByTime(498);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it("does not come back after a final close code, until started again", () => {
    const { socket, options } = socketWith();
    socket.start();
    latest().open();
    latest().drop(4401);
    expect(options.onDrop).toHaveBeenCalledWith(4401, false);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    socket.start();
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it("waits while the browser is offline and tries at once when it is back online", () => {
    const { socket } = socketWith();
    socket.start();
    latest().open();
    setOnline(false);
    latest().drop(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    setOnline(true);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it("lets an open connection go when the browser goes offline, says so, and opens again when online", () => {
    const { socket, options } = socketWith();
    socket.start();
    const first = latest();
    first.open();
    setOnline(false);
    expect(first.closedWith).toBe(4001);
    expect(options.onDrop).toHaveBeenCalledWith(4001, true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    setOnline(true);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it("going offline while a retry waits holds it until online", () => {
    const { socket } = socketWith();
    socket.start();
    latest().drop(1006);
    setOnline(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    setOnline(true);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it("a page coming back into view tries at once rather than at the end of the wait", () => {
    const { socket } = socketWith({ maxDelayMs: 30_000 });
    socket.start();
    for (let i = 0; i < 5; i++) {
      latest().drop(1006);
      vi.runOnlyPendingTimers();
    }
    const before = FakeSocket.all.length;
    latest().drop(1006);
    setVisible(false);
    expect(FakeSocket.all).toHaveLength(before);
    setVisible(true);
    expect(FakeSocket.all).toHaveLength(before + 1);
    socket.stop();
  });

  it("pings, and lets a connection that stopped answering go at once and reconnects", () => {
    const { socket, options } = socketWith();
    socket.start();
    const first = latest();
    first.open();
    vi.advanceTimersByTime(1_000);
    expect(first.sent).toEqual(["ping"]);
    first.message("pong");
    vi.advanceTimersByTime(1_000);
    expect(first.sent).toEqual(["ping", "ping"]);

    // No answer this time: closed with 4000 without waiting for the close to be reported.
    vi.advanceTimersByTime(1_000);
    expect(first.closedWith).toBe(4000);
    expect(options.onDrop).toHaveBeenCalledWith(4000, true);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(2);
    // The late close of the dead socket changes nothing.
    first.drop(4000);
    expect(options.onDrop).toHaveBeenCalledTimes(1);
    socket.stop();
  });

  it("stop() closes with 1000 and nothing comes back, not even when online or in view", () => {
    const { socket, options } = socketWith();
    socket.start();
    latest().open();
    socket.stop();
    expect(latest().closedWith).toBe(1000);
    latest().drop(1000);
    setOnline(true);
    setVisible(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(options.onDrop).not.toHaveBeenCalled();
  });
});
