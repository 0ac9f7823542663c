import {
  type ClientMessage,
  type EventMap,
  type EventName,
  type ServerMessage,
  SOCKET_CLOSE,
  type Topic,
} from "../../../contract/events";
import { type Moment, momentBefore, momentNow } from "./moment";
import { ReconnectingSocket } from "./reconnectingSocket";
import { onSessionKept, sessionLost } from "./sessionLost";

export type EventMessage = Extract<ServerMessage, { type: "event" }>;

export interface TopicListener {
  /** Every event on the topic. */
  onEvent(message: EventMessage): void;
  /**
   * The subscription took effect: at first, again after every reconnect, and at once for a listener
   * joining a topic already confirmed. Events published before it (while the socket was down, or
   * before it first subscribed) were not heard, but none since `since`: a read begun after that
   * missed nothing, an older one is read again (query.ts readFromNow).
   */
  onSubscribed?(since: Moment): void;
  /** The server refused the topic (not a member, or no longer one). */
  onRefused?(message: string): void;
}

/**
 * The realtime connection as the screens see it: `idle` (no screen listens), `connecting` (the first
 * attempt), `open`, or `lost` (dropped, or never reached: retrying, and live updates are paused).
 */
export type Connection = "idle" | "connecting" | "open" | "lost";
type ConnectionListener = (now: Connection, before: Connection) => void;

/**
 * The longest wait between two attempts (each a random half to whole of it): a server back after a
 * restart is found within ten seconds (at 30 the page stayed "Reconnecting..." 24 s after it was
 * back), and thousands of tabs still spread their returns over five.
 */
const RETRY_MAX_MS = 10_000;
/** A client ping this often; no answer within the next period means the connection is dead. */
const PING_EVERY_MS = 25_000;
/** Sockets stay open this long after the last topic leaves, so a remounting screen does not reconnect. */
const LINGER_MS = 2_000;

/**
 * One WebSocket to /api/ws for the whole page, opened while any topic is wanted. It reconnects
 * (the policy is `ReconnectingSocket`'s) and subscribes every topic again; after the server ends it
 * for a finished session (4401) it waits for the next `subscribe` rather than retrying.
 */
class RealtimeSocket {
  private readonly transport = new ReconnectingSocket({
    onOpen: () => {
      this.setConnection("open");
      this.heardSince.clear();
      for (const topic of this.topics.keys()) this.send({ type: "subscribe", topic });
    },
    onMessage: (data) => this.receive(data),
    ping: JSON.stringify({ type: "ping" } satisfies ClientMessage),
    pingEveryMs: PING_EVERY_MS,
    maxDelayMs: RETRY_MAX_MS,
    // The session is over (ended elsewhere, say): the tab checks it; the next subscribe (after
    // signing in again) reconnects.
    finalCodes: [SOCKET_CLOSE.unauthorized, SOCKET_CLOSE.endedElsewhere],
    onDrop: (code, retrying) => {
      // A finished session is not a lost connection: the tab signs in again (sessionLost).
      this.setConnection(retrying ? "lost" : "idle");
      if (retrying) return;
      if (code === SOCKET_CLOSE.unauthorized) sessionLost();
      if (code === SOCKET_CLOSE.endedElsewhere) sessionLost("elsewhere");
    },
  });
  private connectionNow: Connection = "idle";
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly topics = new Map<Topic, Set<TopicListener>>();
  /** The topics confirmed on this connection: since when none of their events was missed. */
  private readonly heardSince = new Map<Topic, Moment>();
  private readonly eventHandlers = new Map<EventName, Set<(payload: never, topic: Topic) => void>>();
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;

  /** Listens to a topic (a handler of its events, or a listener); returns the function that stops listening. */
  subscribe(topic: Topic, handler: TopicListener | ((message: EventMessage) => void)): () => void {
    const listener = typeof handler === "function" ? { onEvent: handler } : handler;
    let listeners = this.topics.get(topic);
    const fresh = !listeners;
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
    }
    listeners.add(listener);
    clearTimeout(this.lingerTimer);
    if (this.transport.isOpen) {
      const since = this.heardSince.get(topic);
      if (fresh) this.send({ type: "subscribe", topic });
      // Already confirmed: the server will not confirm again, so confirm to this listener now (the
      // events heard before it came were not its: it missed nothing since the last of them).
      else if (since !== undefined) listener.onSubscribed?.(since);
    } else this.start();
    return () => this.unsubscribe(topic, listener);
  }

  get connection(): Connection {
    return this.connectionNow;
  }

  /** Hears every change of `connection`; returns the removal. */
  onConnection(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  private setConnection(now: Connection): void {
    const before = this.connectionNow;
    if (now === before) return;
    this.connectionNow = now;
    for (const listener of [...this.connectionListeners]) listener(now, before);
  }

  /** Connects (a retry already waiting keeps the connection `lost` until it opens). */
  private start(): void {
    if (this.connectionNow === "idle") this.setConnection("connecting");
    this.transport.start();
  }

  /** Connects again if screens still hold topics (after a 4401, once the session is known to be there). */
  resume(): void {
    if (this.topics.size > 0) this.start();
  }

  /** Handles one event by name, on whichever subscribed topic it arrives; returns the removal. */
  on<E extends EventName>(event: E, handler: (payload: EventMap[E], topic: Topic) => void): () => void {
    let handlers = this.eventHandlers.get(event);
    if (!handlers) {
      handlers = new Set();
      this.eventHandlers.set(event, handlers);
    }
    const stored = handler as (payload: never, topic: Topic) => void;
    handlers.add(stored);
    return () => handlers.delete(stored);
  }

  private unsubscribe(topic: Topic, listener: TopicListener): void {
    const listeners = this.topics.get(topic);
    if (!listeners?.delete(listener) || listeners.size > 0) return;
    this.topics.delete(topic);
    this.heardSince.delete(topic);
    this.send({ type: "unsubscribe", topic });
    if (this.topics.size === 0) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => {
        if (this.topics.size > 0) return;
        this.transport.stop();
        this.setConnection("idle");
      }, LINGER_MS);
    }
  }

  private send(message: ClientMessage): void {
    this.transport.send(JSON.stringify(message));
  }

  private receive(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === "event") {
      if (this.heardSince.has(message.topic)) this.heardSince.set(message.topic, momentNow());
      for (const listener of this.topics.get(message.topic) ?? []) listener.onEvent(message);
      for (const handler of this.eventHandlers.get(message.event) ?? []) {
        handler(message.payload as never, message.topic);
      }
    } else if (message.type === "subscribed") {
      // The server's quiet is counted before the message travelled: since it, nothing was missed.
      // A confirmation that comes after the topic was left is not kept (the next one counts).
      const listeners = this.topics.get(message.topic);
      if (!listeners) return;
      const since = momentBefore(momentNow(), message.quiet_ms ?? 0);
      this.heardSince.set(message.topic, since);
      for (const listener of listeners) listener.onSubscribed?.(since);
    } else if (message.type === "error" && message.topic) {
      this.heardSince.delete(message.topic);
      for (const listener of this.topics.get(message.topic) ?? []) listener.onRefused?.(message.message);
    }
  }
}

export const realtime = new RealtimeSocket();
// Closed for a finished session (4401), but the session read again is there: live again, with the
// topics the screens still hold.
onSessionKept(() => realtime.resume());
