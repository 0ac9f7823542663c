/** The one WebSocket path of the server (realtime topics and room seats share it). */
const PATH = "/api/ws";
const MIN_DELAY_MS = 500;
/** Closed by the page itself after a ping went unanswered (not a server code). */
const NO_ANSWER_CODE = 4000;
/** Closed by the page itself when the browser went offline (not a server code). */
const OFFLINE_CODE = 4001;

export interface ReconnectingSocketOptions {
  /** Called on every open, the first and each after a reconnect: subscribe or join again here. */
  onOpen(): void;
  /** Every text frame from the server. */
  onMessage(data: string): void;
  /**
   * The connection was lost (not by `stop()`). `retrying` is false when the close code is one of
   * `finalCodes`: the socket then stays closed until `start()` is called again.
   */
  onDrop?(code: number, retrying: boolean): void;
  /** The frame sent every `pingEveryMs`; no frame at all from the server by the next one means the connection is dead. */
  ping: string;
  pingEveryMs: number;
  /** The longest wait between two attempts (the backoff doubles from 0.5 s up to it). */
  maxDelayMs: number;
  /** Close codes after which reconnecting would be refused again (a finished session). */
  finalCodes?: readonly number[];
  /** A number in [0, 1); tests pass their own. */
  random?: () => number;
}

/** A number in [0, 1) from the browser's generator. */
function cryptoRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/**
 * One reconnecting WebSocket to /api/ws, under both the realtime socket and a room seat. After a
 * drop it tries again with a doubling backoff and jitter (half to all of the delay, so that many
 * browsers do not all come back at once after a server restart); while the browser is offline it
 * waits for it to be online, and a page coming back online or into view tries at once. A ping
 * that gets no answer closes the quiet connection and starts afresh; a close code in `finalCodes`
 * stops retrying. What travels on it (subscriptions, seats, signals) is the owner's business.
 */
export class ReconnectingSocket {
  private socket: WebSocket | null = null;
  private running = false;
  /** Lost and not yet open again: a retry is due (on its timer, or when the browser is online). */
  private waiting = false;
  private attempt = 0;
  private answered = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly random: () => number;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.random = options.random ?? cryptoRandom;
  }

  /** Connects, unless already connected, connecting or waiting to retry; keeps connected until `stop()`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    globalThis.addEventListener?.("online", this.retryNow);
    globalThis.addEventListener?.("offline", this.pause);
    globalThis.document?.addEventListener("visibilitychange", this.onVisibility);
    this.open();
  }

  /** Closes for good (code 1000) and stops retrying, until the next `start()`. */
  stop(): void {
    this.halt();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a frame when the connection is open; says whether it went. */
  send(data: string): boolean {
    if (!this.isOpen) return false;
    this.socket?.send(data);
    return true;
  }

  private halt(): void {
    this.running = false;
    this.waiting = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    clearInterval(this.pingTimer);
    globalThis.removeEventListener?.("online", this.retryNow);
    globalThis.removeEventListener?.("offline", this.pause);
    globalThis.document?.removeEventListener("visibilitychange", this.onVisibility);
  }

  private open(): void {
    this.waiting = false;
    this.retryTimer = undefined;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${PATH}`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.answered = true;
      this.pingTimer = setInterval(this.keepalive, this.options.pingEveryMs);
      this.options.onOpen();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.answered = true;
      if (typeof event.data === "string") this.options.onMessage(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket === socket) this.lost(event.code);
    };
  }

  /** The connection went away: tell the owner, then try again unless the code forbids it. */
  private lost(code: number): void {
    this.socket = null;
    clearInterval(this.pingTimer);
    if (!this.running) return;
    if (this.options.finalCodes?.includes(code)) {
      this.halt();
      this.options.onDrop?.(code, false);
      return;
    }
    this.options.onDrop?.(code, true);
    this.waiting = true;
    this.schedule();
  }

  private schedule(): void {
    if (globalThis.navigator?.onLine === false) return; // the "online" event retries
    const delay = Math.min(this.options.maxDelayMs, MIN_DELAY_MS * 2 ** this.attempt);
    this.attempt++;
    this.retryTimer = setTimeout(() => this.open(), delay * (0.5 + this.random() / 2));
  }

  /** Back online or back in view: a pending retry happens now rather than at the end of its wait. */
  private readonly retryNow = () => {
    if (!this.waiting) return;
    clearTimeout(this.retryTimer);
    this.open();
  };

  /**
   * Offline: no attempt can succeed, so none is made until the browser is online again. A
   * connection that still looks open is let go at once (a lost network may take minutes to close
   * it, and meanwhile nothing arrives): the page says live updates are paused, and what was missed
   * is read again when it reopens.
   */
  private readonly pause = () => {
    if (this.socket) this.letGo(OFFLINE_CODE, "the browser went offline");
    if (!this.waiting) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  };

  /** Drops the connection now, without waiting for its close to be reported, and retries as after any drop. */
  private letGo(code: number, reason: string): void {
    const gone = this.socket;
    this.lost(code);
    gone?.close(code, reason);
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === "visible") this.retryNow();
  };

  /** A connection that went quiet (sleep, network change) is let go at once and started afresh. */
  private readonly keepalive = () => {
    if (!this.answered) {
      // A dead connection may take minutes to report its close: do not wait for it.
      this.letGo(NO_ANSWER_CODE, "no answer to ping");
      return;
    }
    this.answered = false;
    this.send(this.options.ping);
  };
}
