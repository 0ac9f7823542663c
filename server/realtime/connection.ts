import type { RawData, WebSocket } from "ws";
import {
  type ClientMessage,
  clientMessageSchema,
  type ServerMessage,
  SIGNAL_MAX_BYTES,
  SOCKET_CLOSE,
  socketMessages,
  type Topic,
} from "../../contract/events";
import { messages } from "../../contract/messages";
import type { User } from "../features/accounts/sessions";
import { hasDisallowedText } from "../http/input";
import { type Rate, TokenBucket } from "./token-bucket";
import type { TopicIndex } from "./topics";

/** How much one socket may ask of the server. */
export interface SocketLimits {
  /** Largest client message; larger ones close the socket (1009). */
  maxMessageBytes: number;
  /** Largest WebRTC signal (`type: "signal"`, SDPs of several kB); only signals may exceed maxMessageBytes. */
  maxSignalBytes: number;
  maxSubscriptions: number;
  /** Client messages waiting to be handled; a client that floods past this is cut off. */
  maxQueuedMessages: number;
  /** The same for WebRTC signals, which come in bursts (offers and candidates to everyone). */
  maxQueuedSignals: number;
  /** Unsent bytes a socket may pile up before it is cut off as too slow. */
  maxBufferedBytes: number;
  /** WebRTC signals per second (a burst at start-up); past it a signal is refused with `room.error`. */
  signalRate: Rate;
  /** Bytes of WebRTC signals per second, the same way (a signal may be 32 kB). */
  signalByteRate: Rate;
  /** `room.join` and `room.leave` together, the same way (a seat is a database transaction). */
  seatRate: Rate;
}

export const defaultSocketLimits: SocketLimits = {
  maxMessageBytes: 4096,
  maxSignalBytes: SIGNAL_MAX_BYTES,
  maxSubscriptions: 100,
  maxQueuedMessages: 32,
  maxQueuedSignals: 128,
  maxBufferedBytes: 4 * 1024 * 1024,
  signalRate: { perSecond: 50, burst: 100 },
  signalByteRate: { perSecond: 256 * 1024, burst: 512 * 1024 },
  seatRate: { perSecond: 0.5, burst: 5 },
};

/** Client messages a feature handles rather than the socket itself (room seats, WebRTC signals). */
export type FeatureMessage = Exclude<ClientMessage, { type: "subscribe" | "unsubscribe" | "ping" }>;

export interface ConnectionDeps {
  index: TopicIndex<Connection>;
  limits: SocketLimits;
  /** The subscription check (organizations policy). */
  mayWatch(user: User, topic: Topic): Promise<boolean>;
  /** How long the topic has gone without an event (TopicQuiet); none: nothing is known (0). */
  quietFor?(topic: Topic): number;
  /** Hands a feature's message to the feature (see SocketHub.handle). */
  feature?(connection: Connection, message: FeatureMessage): Promise<void>;
  log: { warn(details: object, message: string): void };
  /** Milliseconds for the rate buckets (tests pass their own). */
  now?: () => number;
}

/**
 * One signed-in socket: its subscriptions and the protocol of `ClientMessage`. Messages are handled
 * one at a time, in order, so a subscribe and an unsubscribe of one topic never cross while the
 * subscription check waits on the database.
 */
export class Connection {
  readonly topics = new Set<Topic>();
  /** Answered the last keepalive ping. */
  alive = true;
  private closed = false;
  private queued = 0;
  private queuedSignals = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly signals: TokenBucket;
  private readonly signalBytes: TokenBucket;
  private readonly seats: TokenBucket;

  constructor(
    readonly socket: WebSocket,
    readonly user: User,
    readonly sessionId: string,
    private readonly deps: ConnectionDeps,
  ) {
    const now = deps.now ?? (() => performance.now());
    this.signals = new TokenBucket(deps.limits.signalRate, now);
    this.signalBytes = new TokenBucket(deps.limits.signalByteRate, now);
    this.seats = new TokenBucket(deps.limits.seatRate, now);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A published event, serialized once for all subscribers. */
  sendFrame(frame: Buffer): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      // The client stopped reading; holding more for it would grow memory without bound.
      this.deps.log.warn({ userId: this.user.id }, "realtime socket too slow; disconnected");
      this.socket.terminate();
      return;
    }
    this.socket.send(frame, { binary: false });
  }

  send(message: ServerMessage): void {
    this.sendFrame(Buffer.from(JSON.stringify(message)));
  }

  /**
   * Queues a client message; a client far ahead of the server is cut off rather than buffered.
   * WebRTC signals have a budget of their own: a browser starting to send offers to every
   * participant at once, each followed by its ICE candidates, legitimately sends a burst.
   * Room messages also have a rate (signals, their bytes, seat changes): one over it is refused
   * with `room.error`, in order with the others; a flood still fills the queue and is cut off.
   */
  receive(data: RawData, isBinary: boolean): void {
    this.alive = true;
    const message = parseClientMessage(data, isBinary);
    const signal = "type" in message && message.type === "signal";
    const size = rawSize(data);
    // Only signals (SDPs) may be larger than the usual limit; the socket itself allows the larger size.
    if (!signal && size > this.deps.limits.maxMessageBytes) {
      this.close(1009, socketMessages.tooLarge);
      return;
    }
    const queued = signal ? this.queuedSignals : this.queued;
    if (queued >= (signal ? this.deps.limits.maxQueuedSignals : this.deps.limits.maxQueuedMessages)) {
      this.close(SOCKET_CLOSE.tooManyMessages, socketMessages.tooManyMessages);
      return;
    }
    if (signal) this.queuedSignals++;
    else this.queued++;
    const overRate = this.overRate(message, size);
    this.queue = this.queue
      .then(() => (overRate ? this.refuseOverRate(overRate) : this.handle(message)))
      .catch((error) => {
        this.deps.log.warn({ err: error, userId: this.user.id }, "realtime message failed");
        this.send({ type: "error", message: socketMessages.failed });
      })
      .finally(() => {
        if (signal) this.queuedSignals--;
        else this.queued--;
      });
  }

  /** The session of a room message over its rate, else null. */
  private overRate(message: ClientMessage | { error: string }, size: number): { sessionId: string } | null {
    if ("error" in message) return null;
    if (message.type === "signal") {
      const within = this.signals.take() && this.signalBytes.take(size);
      return within ? null : { sessionId: message.session_id };
    }
    if (message.type === "room.join" || message.type === "room.leave")
      return this.seats.take() ? null : { sessionId: message.session_id };
    return null;
  }

  private async refuseOverRate({ sessionId }: { sessionId: string }): Promise<void> {
    if (this.closed) return;
    this.send({ type: "room.error", session_id: sessionId, message: socketMessages.tooManyMessages });
  }

  /** Leaves every topic; called once when the socket closes. */
  forget(): void {
    this.closed = true;
    for (const topic of this.topics) this.deps.index.remove(topic, this);
    this.topics.clear();
  }

  /** Drops a subscription the user may no longer hold, and says so. */
  revoke(topic: Topic): void {
    if (!this.topics.delete(topic)) return;
    this.deps.index.remove(topic, this);
    this.send({ type: "error", topic, message: socketMessages.notAllowed });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
  }

  private async handle(message: ClientMessage | { error: string }): Promise<void> {
    if (this.closed) return;
    if ("error" in message) {
      this.send({ type: "error", message: message.error });
      return;
    }
    switch (message.type) {
      case "ping":
        this.send({ type: "pong" });
        return;
      case "unsubscribe":
        if (this.topics.delete(message.topic)) this.deps.index.remove(message.topic, this);
        this.send({ type: "unsubscribed", topic: message.topic });
        return;
      case "subscribe":
        await this.subscribe(message.topic);
        return;
      default:
        if (this.deps.feature) await this.deps.feature(this, message);
        else this.send({ type: "error", message: socketMessages.invalidMessage });
    }
  }

  private async subscribe(topic: Topic): Promise<void> {
    if (this.topics.has(topic)) {
      this.send({ type: "subscribed", topic, quiet_ms: this.deps.quietFor?.(topic) ?? 0 });
      return;
    }
    if (this.topics.size >= this.deps.limits.maxSubscriptions) {
      this.send({ type: "error", topic, message: socketMessages.tooManySubscriptions });
      return;
    }
    const allowed = await this.deps.mayWatch(this.user, topic);
    if (this.closed) return;
    if (!allowed) {
      this.send({ type: "error", topic, message: socketMessages.notAllowed });
      return;
    }
    this.topics.add(topic);
    this.deps.index.add(topic, this);
    this.send({ type: "subscribed", topic, quiet_ms: this.deps.quietFor?.(topic) ?? 0 });
  }
}

/** The client's message, or what is wrong with it; nothing a client sends can throw past here. */
export function parseClientMessage(data: RawData, isBinary: boolean): ClientMessage | { error: string } {
  if (isBinary) return { error: socketMessages.notJson };
  let value: unknown;
  try {
    value = JSON.parse(rawText(data));
  } catch {
    return { error: socketMessages.notJson };
  }
  if (hasDisallowedText(value)) return { error: messages.textNotAllowed };
  const parsed = clientMessageSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const onTopic = parsed.error.issues.some((issue) => issue.path[0] === "topic");
  return { error: onTopic ? socketMessages.topicInvalid : socketMessages.invalidMessage };
}

function rawSize(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, chunk) => total + chunk.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}
