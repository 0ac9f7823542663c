import type { ClientMessage, ServerMessage } from "../../../../contract/events";
import type { RoomParticipant, SignalData } from "../../../../contract/rooms";

/** Where the seat stands: taking it, held, or given up (and why). */
export type SeatState =
  | { state: "connecting" }
  | { state: "joined"; participant: RoomParticipant; generation: number }
  | { state: "refused"; message: string }
  | { state: "replaced" }
  | { state: "ended" }
  | { state: "left" };

/** Carries WebRTC signals to and from the other participants (the mesh uses it). */
export interface SignalChannel {
  send(to: string, data: SignalData): void;
  onSignal(handler: (from: string, data: SignalData) => void): () => void;
}

const PATH = "/api/ws";
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
const PING_EVERY_MS = 20_000;
/** An offer and its ICE candidates from each sender, with room to spare. */
const EARLY_SIGNALS_KEPT = 200;

/**
 * The user's seat in a session: a WebSocket of its own to /api/ws that sends `room.join` when it
 * opens. The server ties the seat to this socket, so closing the page (or `leave()`) leaves the
 * session; a dropped connection reconnects and joins again. Signals travel on it too.
 */
export class RoomSocket implements SignalChannel {
  private socket: WebSocket | null = null;
  private readonly signalHandlers = new Set<(from: string, data: SignalData) => void>();
  /**
   * Signals that arrive before the media path listens: a sender offers the moment it sees this
   * seat taken, while this page is still asking the server how to reach the media. Kept for the
   * first listener of this seat (bounded), so a late joiner never misses the offer.
   */
  private early: Array<{ from: string; data: SignalData }> = [];
  private attempt = 0;
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private answered = true;
  private stopped = false;
  /** This connection's join was accepted. */
  private seated = false;

  constructor(
    private readonly sessionId: string,
    private readonly onState: (state: SeatState) => void,
  ) {
    this.connect();
  }

  send(to: string, data: SignalData): void {
    this.write({ type: "signal", session_id: this.sessionId, to, data });
  }

  onSignal(handler: (from: string, data: SignalData) => void): () => void {
    this.signalHandlers.add(handler);
    const waiting = this.early;
    this.early = [];
    for (const { from, data } of waiting) handler(from, data);
    return () => this.signalHandlers.delete(handler);
  }

  /** Leaves the session: the socket closes and the server lets the seat go. */
  leave(): void {
    this.stop({ state: "left" });
  }

  private stop(state: SeatState): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.onState(state);
  }

  private connect(): void {
    if (this.stopped) return;
    this.onState({ state: "connecting" });
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${PATH}`);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.seated = false;
      this.answered = true;
      this.write({ type: "room.join", session_id: this.sessionId });
      this.pingTimer = setInterval(() => this.keepalive(), PING_EVERY_MS);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.stopped) return;
      this.onState({ state: "connecting" });
      const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.attempt++);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private keepalive(): void {
    if (!this.answered) {
      this.socket?.close(4000, "no answer to ping");
      return;
    }
    this.answered = false;
    this.write({ type: "ping" });
  }

  private write(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
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
    if ("session_id" in message && message.session_id !== this.sessionId) return;
    switch (message.type) {
      case "room.joined":
        this.seated = true;
        // A new seat starts afresh: what was held for the previous one is stale.
        this.early = [];
        this.onState({ state: "joined", participant: message.participant, generation: ++this.generation });
        return;
      case "room.left":
        if (message.reason === "replaced") this.stop({ state: "replaced" });
        else if (message.reason === "ended") this.stop({ state: "ended" });
        return;
      case "room.error":
        // A refused join ends the seat; a refused signal later on is the mesh's business (it
        // happens while a role change is on its way, and the peers renegotiate after it).
        if (!this.seated) this.stop({ state: "refused", message: message.message });
        else console.warn(`room: ${message.message}`);
        return;
      case "signal":
        if (this.signalHandlers.size === 0) {
          if (this.early.length < EARLY_SIGNALS_KEPT)
            this.early.push({ from: message.from, data: message.data });
          return;
        }
        for (const handler of this.signalHandlers) handler(message.from, message.data);
        return;
    }
  }
}
