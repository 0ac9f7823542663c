import type { ClientMessage, ServerMessage, SignalData } from "../../../../contract/events";
import type { RoomParticipant } from "../../../../contract/rooms";
import { ReconnectingSocket } from "../../api/reconnectingSocket";

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

const RETRY_MAX_MS = 15_000;
const PING_EVERY_MS = 20_000;
/** An offer and its ICE candidates from each sender, with room to spare. */
const EARLY_SIGNALS_KEPT = 200;

/**
 * The user's seat in a session: a WebSocket of its own to /api/ws that sends `room.join` when it
 * opens. The server ties the seat to this socket, so closing the page (or `leave()`) leaves the
 * session; a dropped connection reconnects (the policy is `ReconnectingSocket`'s) and joins again.
 * Signals travel on it too.
 */
export class RoomSocket implements SignalChannel {
  private readonly transport = new ReconnectingSocket({
    onOpen: () => {
      this.seated = false;
      this.write({ type: "room.join", session_id: this.sessionId });
    },
    onMessage: (data) => this.receive(data),
    onDrop: () => {
      if (!this.stopped) this.onState({ state: "connecting" });
    },
    ping: JSON.stringify({ type: "ping" } satisfies ClientMessage),
    pingEveryMs: PING_EVERY_MS,
    maxDelayMs: RETRY_MAX_MS,
  });
  private readonly signalHandlers = new Set<(from: string, data: SignalData) => void>();
  /**
   * Signals that arrive before the media path listens: a sender offers the moment it sees this
   * seat taken, while this page is still asking the server how to reach the media. Kept for the
   * first listener of this seat (bounded), so a late joiner never misses the offer.
   */
  private early: Array<{ from: string; data: SignalData }> = [];
  private generation = 0;
  private stopped = false;
  /** This connection's join was accepted. */
  private seated = false;

  constructor(
    private readonly sessionId: string,
    private readonly onState: (state: SeatState) => void,
  ) {
    this.onState({ state: "connecting" });
    this.transport.start();
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
    this.transport.stop();
    this.onState(state);
  }

  private write(message: ClientMessage): void {
    this.transport.send(JSON.stringify(message));
  }

  private receive(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
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
