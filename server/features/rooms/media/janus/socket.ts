import { randomUUID } from "node:crypto";
import WebSocket from "ws";

/** One reply of Janus to a request (success, error, pong...), matched by its transaction. */
export interface JanusReply {
  janus: string;
  transaction?: string;
  data?: { id?: number } & Record<string, unknown>;
  plugindata?: { plugin: string; data: Record<string, unknown> };
  error?: { code: number; reason: string };
  [key: string]: unknown;
}

export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

const REPLY_TIMEOUT_MS = 5000;

/**
 * A WebSocket to Janus's API ("janus-protocol") or its admin API ("janus-admin-protocol"). Janus
 * answers synchronous requests with the request's transaction; `ack`s are skipped because we only
 * make synchronous requests from the server.
 */
export class JanusSocket {
  private readonly pending = new Map<string, { resolve(reply: JanusReply): void; reject(e: Error): void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (raw) => {
      let reply: JanusReply;
      try {
        reply = JSON.parse(String(raw)) as JanusReply;
      } catch {
        return;
      }
      if (!reply.transaction || reply.janus === "ack") return;
      const waiter = this.pending.get(reply.transaction);
      if (!waiter) return;
      this.pending.delete(reply.transaction);
      if (reply.janus === "error")
        waiter.reject(new JanusError(`Janus: ${reply.error?.reason ?? "error"}`, reply.error?.code));
      else waiter.resolve(reply);
    });
    socket.on("close", () => this.failAll(new JanusError("Janus closed the connection")));
    socket.on("error", (error) => this.failAll(new JanusError(`Janus: ${error.message}`)));
  }

  static open(url: string, protocol: "janus-protocol" | "janus-admin-protocol"): Promise<JanusSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, protocol, { handshakeTimeout: REPLY_TIMEOUT_MS });
      socket.once("open", () => resolve(new JanusSocket(socket)));
      socket.once("error", (error) =>
        reject(new JanusError(`Janus is not reachable at ${url}: ${error.message}`)),
      );
    });
  }

  request(message: Record<string, unknown>): Promise<JanusReply> {
    const transaction = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusError(`Janus did not answer "${String(message.janus)}" in time`));
      }, REPLY_TIMEOUT_MS);
      this.pending.set(transaction, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.socket.send(JSON.stringify({ ...message, transaction }));
    });
  }

  /** Every message Janus sends, events included (tests watch plugin events with it). */
  onMessage(listener: (message: JanusReply) => void): void {
    this.socket.on("message", (raw) => {
      try {
        listener(JSON.parse(String(raw)) as JanusReply);
      } catch {
        // not JSON: ignored like above
      }
    });
  }

  close(): void {
    this.socket.close();
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
