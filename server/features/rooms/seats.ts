import type { Connection } from "../../realtime/connection";

/**
 * This process's seats: which socket holds each user's place in each session. A user's seat is
 * one socket (the newest join takes it, the older window is told); the participant row names
 * the process (`process_id`), so signals for the user are delivered here and nowhere else.
 */
export class RoomSeats {
  private readonly bySession = new Map<string, Map<string, Connection>>();
  private readonly byConnection = new Map<Connection, Set<string>>();

  /** Gives the seat to this socket; returns the socket that held it before, if another. */
  take(connection: Connection, sessionId: string): Connection | undefined {
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
      sessions = new Set();
      this.byConnection.set(connection, sessions);
    }
    sessions.add(sessionId);
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

  /** Gives up the seat if this socket holds it; true when it did. */
  release(connection: Connection, sessionId: string): boolean {
    const seats = this.bySession.get(sessionId);
    if (seats?.get(connection.user.id) !== connection) return false;
    seats.delete(connection.user.id);
    if (seats.size === 0) this.bySession.delete(sessionId);
    this.byConnection.get(connection)?.delete(sessionId);
    return true;
  }

  /** Every seat of a closing socket, given up; returns their sessions. */
  releaseAll(connection: Connection): string[] {
    const sessions = [...(this.byConnection.get(connection) ?? [])];
    for (const sessionId of sessions) this.release(connection, sessionId);
    this.byConnection.delete(connection);
    return sessions;
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
