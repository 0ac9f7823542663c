import {
  type ClientMessage,
  type EventMap,
  type EventName,
  type ServerMessage,
  SOCKET_CLOSE,
  type Topic,
} from "../../../contract/events";

export type EventMessage = Extract<ServerMessage, { type: "event" }>;

export interface TopicListener {
  /** Every event on the topic. */
  onEvent(message: EventMessage): void;
  /**
   * The server confirmed the subscription: at first, and again after every reconnect. Events
   * published while the socket was down are lost, so this is where a screen refetches.
   */
  onSubscribed?(): void;
  /** The server refused the topic (not a member, or no longer one). */
  onRefused?(message: string): void;
}

const PATH = "/api/ws";
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;
/** A client ping this often; no answer within the next period means the connection is dead. */
const PING_EVERY_MS = 25_000;
/** Sockets stay open this long after the last topic leaves, so a remounting screen does not reconnect. */
const LINGER_MS = 2_000;

/** A number in [0.5, 1): spreads reconnects of many browsers after a server restart. */
function jitter(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return 0.5 + value / 2 ** 33;
}

/**
 * One WebSocket to /api/ws for the whole page, opened while any topic is wanted. It reconnects
 * with backoff and subscribes every topic again; after the server ends it for a finished session
 * (4401) it waits for the next `subscribe` rather than retrying.
 */
class RealtimeSocket {
  private socket: WebSocket | null = null;
  private readonly topics = new Map<Topic, Set<TopicListener>>();
  private readonly eventHandlers = new Map<EventName, Set<(payload: never, topic: Topic) => void>>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private answered = true;
  private signedOut = false;

  constructor() {
    // Back online after a network change: try now rather than at the end of the backoff.
    globalThis.addEventListener?.("online", () => {
      if (!this.retryTimer) return;
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.connect();
    });
  }

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
    this.signedOut = false;
    clearTimeout(this.lingerTimer);
    if (this.socket?.readyState === WebSocket.OPEN) {
      if (fresh) this.send({ type: "subscribe", topic });
      // Already subscribed: the server will not confirm again, so confirm to this listener now.
      else listener.onSubscribed?.();
    } else this.connect();
    return () => this.unsubscribe(topic, listener);
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
    if (this.socket?.readyState === WebSocket.OPEN) this.send({ type: "unsubscribe", topic });
    if (this.topics.size === 0) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => this.disconnect(), LINGER_MS);
    }
  }

  private connect(): void {
    if (this.socket || this.retryTimer || this.signedOut || this.topics.size === 0) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${PATH}`);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.answered = true;
      for (const topic of this.topics.keys()) this.send({ type: "subscribe", topic });
      this.pingTimer = setInterval(() => this.keepalive(), PING_EVERY_MS);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (event.code === SOCKET_CLOSE.unauthorized) {
        // The session is over; the next subscribe (after signing in again) reconnects.
        this.signedOut = true;
        return;
      }
      this.scheduleReconnect();
    };
  }

  private disconnect(): void {
    if (this.topics.size > 0) return;
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  private scheduleReconnect(): void {
    if (this.topics.size === 0) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.attempt) * jitter();
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, delay);
  }

  /** A connection that went quiet (sleep, network change) is closed, so that it reconnects. */
  private keepalive(): void {
    if (!this.answered) {
      // A dead connection may take minutes to report its close: let it go and start afresh.
      const dead = this.socket;
      this.socket = null;
      clearInterval(this.pingTimer);
      dead?.close(4000, "no answer to ping");
      this.scheduleReconnect();
      return;
    }
    this.answered = false;
    this.send({ type: "ping" });
  }

  private send(message: ClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    this.answered = true;
    if (message.type === "event") {
      for (const listener of this.topics.get(message.topic) ?? []) listener.onEvent(message);
      for (const handler of this.eventHandlers.get(message.event) ?? []) {
        handler(message.payload as never, message.topic);
      }
    } else if (message.type === "subscribed") {
      for (const listener of this.topics.get(message.topic) ?? []) listener.onSubscribed?.();
    } else if (message.type === "error" && message.topic) {
      for (const listener of this.topics.get(message.topic) ?? []) listener.onRefused?.(message.message);
    }
  }
}

export const realtime = new RealtimeSocket();
