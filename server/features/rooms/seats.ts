import type { Connection } from "../../realtime/connection";

/**
 * This process's seats: which socket holds each user's place in each session, and since when. A
 * user's seat is one socket (the newest join takes it, the older window is told); the participant
 * row names the process (`process_id`), so signals for the user are delivered here and nowhere
 * else. The moment a seat was taken (the row's `joined_at`) is what its socket gives up on leaving:
 * a window closing while a newer join of the same user is written leaves nothing but its own seat.
 */
export class RoomSeats {
  private readonly bySession = new Map<string, Map<string, Connection>>();
  /** Each socket's seats: session → the joined_at of the seat. */
  private readonly byConnection = new Map<Connection, Map<string, string>>();

  /** Gives the seat (taken at `joinedAt`) to this socket; returns the socket that held it before, if another. */
  take(connection: Connection, sessionId: string, joinedAt: string): Connection | undefined {
    let seats = this.bySession.get(sessionId);
    if (!seats) {
      seats = new Map();
      this.bySession.set(sessionId, seats);
    }
    const previous = seats.get(connection.user.id);
    if (previous && previous !== connection) this.byConnection.get(previous)?.delete(sessionId);
    seats.set(connection.user.id, connection);
    let sessions = this.byConnection.get(connection);
    if (!sessions) {
      sessions = new Map();
      this.byConnection.set(connection, sessions);
    }
    sessions.set(sessionId, joinedAt);
    return previous === connection ? undefined : previous;
  }

  holder(sessionId: string, userId: string): Connection | undefined {
    return this.bySession.get(sessionId)?.get(userId);
  }

  /** The sessions in which this user holds a seat here, with the socket that holds it. */
  seatsOf(userId: string): Array<{ sessionId: string; connection: Connection }> {
    const found: Array<{ sessionId: string; connection: Connection }> = [];
    for (const [sessionId, seats] of this.bySession) {
      const connection = seats.get(userId);
      if (connection) found.push({ sessionId, connection });
    }
    return found;
  }

  /** Gives up the seat if this socket holds it; the moment it was taken, or null when it held none. */
  release(connection: Connection, sessionId: string): string | null {
    const seats = this.bySession.get(sessionId);
    if (seats?.get(connection.user.id) !== connection) return null;
    seats.delete(connection.user.id);
    if (seats.size === 0) this.bySession.delete(sessionId);
    const held = this.byConnection.get(connection);
    const joinedAt = held?.get(sessionId) ?? null;
    held?.delete(sessionId);
    return joinedAt;
  }

  /** Every seat of a closing socket, given up: each session with the moment its seat was taken. */
  releaseAll(connection: Connection): Array<{ sessionId: string; joinedAt: string }> {
    const given: Array<{ sessionId: string; joinedAt: string }> = [];
    for (const sessionId of [...(this.byConnection.get(connection)?.keys() ?? [])]) {
      const joinedAt = this.release(connection, sessionId);
      if (joinedAt) given.push({ sessionId, joinedAt });
    }
    this.byConnection.delete(connection);
    return given;
  }

  /** Forgets the seats of an ended session; returns the sockets that held them. */
  clearSession(sessionId: string): Connection[] {
    const seats = this.bySession.get(sessionId);
    if (!seats) return [];
    const holders = [...seats.values()];
    for (const connection of holders) this.release(connection, sessionId);
    return holders;
  }
}
