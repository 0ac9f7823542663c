// Test data of the socket tests: a WebSocket the test drives (stubbed as the global `WebSocket`).
import { afterEach, beforeEach, vi } from "vitest";
/** A WebSocket the test drives: it opens, answers and closes when told. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  /** The server side. */
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  message(data: string) {
    this.onmessage?.({ data });
  }
  drop(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

/** The socket opened last. */
export const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

/**
 * Each test of the file with fake timers and FakeSocket as the global `WebSocket`, none left over.
 * `advancing`: the fake clock moves on by itself (tests that wait for queries), and a socket
 * lingering after its last topic is let close after each test, so that the next opens its own.
 */
export function withFakeSockets({ advancing = false } = {}): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: advancing });
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    if (advancing) vi.advanceTimersByTime(2_000);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
