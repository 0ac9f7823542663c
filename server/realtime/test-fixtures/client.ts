import WebSocket from "ws";
import type { ServerMessage, Topic } from "../../../contract/events";

/** A real `ws` client on /api/ws that keeps what it receives, for tests to wait on. */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.received.push(JSON.parse(data.toString()) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on("close", (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(baseUrl: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/ws`, { headers });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new TestSocket(ws)));
      ws.once("unexpected-response", (_request, response) => {
        reject(new UpgradeRefused(response.statusCode ?? 0));
        response.resume();
        ws.terminate();
      });
      ws.once("error", reject);
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** Waits for a message that matches, received since the start or after `from`. */
  async next(
    match: (message: ServerMessage) => boolean,
    { timeoutMs = 5_000, from = 0 } = {},
  ): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || !this.isOpen) {
        throw new Error(`no matching message; received: ${JSON.stringify(this.received)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Subscribes and waits for the answer: `subscribed` or an error on that topic. */
  async subscribe(topic: Topic): Promise<ServerMessage> {
    const from = this.received.length;
    this.send({ type: "subscribe", topic });
    return this.next((m) => (m.type === "subscribed" || m.type === "error") && m.topic === topic, { from });
  }

  /** A ping answered proves every earlier message was handled (the server handles them in order). */
  async roundTrip(): Promise<void> {
    const from = this.received.length;
    this.send({ type: "ping" });
    await this.next((m) => m.type === "pong", { from });
  }

  events(): Array<Extract<ServerMessage, { type: "event" }>> {
    return this.received.filter((m): m is Extract<ServerMessage, { type: "event" }> => m.type === "event");
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`);
  }
}
