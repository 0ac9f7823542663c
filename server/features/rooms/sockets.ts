import type { FastifyBaseLogger } from "fastify";
import { type ClientMessage, type EventMap, socketMessages } from "../../../contract/events";
import { roomMessages } from "../../../contract/rooms";
import type { AppContext } from "../../context";
import { AppError, forbidden } from "../../http/errors";
import type { Connection } from "../../realtime/connection";
import type { Realtime } from "../../realtime/index";
import { announceJoined, announceLeft } from "./events";
import { joinSession, leaveSession, sessionsOfOrganization } from "./participants";
import { RoomSeats } from "./seats";
import { checkSignal, SignalRouter } from "./signalling";

type SignalMessage = Extract<ClientMessage, { type: "signal" }>;

/**
 * Room seats and WebRTC signals on /api/ws. A browser takes its seat with `room.join` on a
 * socket; the seat lasts as long as that socket (closing the tab leaves the session) or until
 * `room.leave`. Signals travel only between seated participants, checked one by one.
 */
export function installRoomSockets(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  realtime: Realtime,
  log: FastifyBaseLogger,
): RoomSeats {
  const { db, clock, bus } = ctx;
  const { hub, presence } = realtime;
  const processId = presence.processId;
  const seats = new RoomSeats();
  const router = new SignalRouter(bus, processId, seats, log);
  bus.onMessage((message) => {
    router.receive(message);
    // No longer a member (left or removed): their seats in the organization's rooms are given up.
    if (message.event === "member.left" && message.topic.startsWith("org:")) {
      const { organization_id, user_id } = message.payload as EventMap["member.left"];
      unseat(organization_id, user_id).catch((error) =>
        log.warn({ err: error }, "seats of a former member not given up"),
      );
      return;
    }
    // A session ended (by its host or by the sweeper, in any process): its seats here are over.
    if (message.event !== "room.updated") return;
    const { session } = message.payload as EventMap["room.updated"];
    if (session.status === "ended") {
      const sessionId = session.id;
      for (const holder of seats.clearSession(sessionId)) {
        holder.send({ type: "room.left", session_id: sessionId, reason: "ended" });
      }
    }
  });

  const refuse = (connection: Connection, sessionId: string, error: unknown) => {
    if (!(error instanceof AppError)) log.warn({ err: error, sessionId }, "room message failed");
    const message = error instanceof AppError ? error.message : socketMessages.failed;
    connection.send({ type: "room.error", session_id: sessionId, message });
  };

  /** Gives up the seat this socket took at `joinedAt` (never a newer one of the same user). */
  const leave = async (connection: Connection, sessionId: string, joinedAt: string) => {
    const change = await leaveSession(db, clock, sessionId, connection.user.id, { processId, joinedAt });
    if (change) await announceLeft(bus, change);
  };

  const unseat = async (organizationId: string, userId: string) => {
    const held = seats.seatsOf(userId);
    if (held.length === 0) return;
    const theirs = await sessionsOfOrganization(
      db,
      organizationId,
      held.map((seat) => seat.sessionId),
    );
    for (const { sessionId, connection } of held) {
      const joinedAt = theirs.has(sessionId) ? seats.release(connection, sessionId) : null;
      if (!joinedAt) continue;
      await leave(connection, sessionId, joinedAt);
      connection.send({ type: "room.left", session_id: sessionId, reason: "ended" });
    }
  };

  hub.handle("room.join", async (connection, { session_id: sessionId }) => {
    try {
      const change = await joinSession(db, clock, connection.user, sessionId, processId);
      if (connection.isClosed) {
        // The socket closed while the join was being written: its close found no seat to give up.
        await leave(connection, sessionId, change.participant.joined_at);
        return;
      }
      const previous = seats.take(connection, sessionId, change.participant.joined_at);
      previous?.send({ type: "room.left", session_id: sessionId, reason: "replaced" });
      connection.send({ type: "room.joined", session_id: sessionId, participant: change.participant });
      await announceJoined(bus, change);
    } catch (error) {
      refuse(connection, sessionId, error);
    }
  });

  hub.handle("room.leave", async (connection, { session_id: sessionId }) => {
    try {
      const joinedAt = seats.release(connection, sessionId);
      if (joinedAt) await leave(connection, sessionId, joinedAt);
      connection.send({ type: "room.left", session_id: sessionId, reason: "left" });
    } catch (error) {
      refuse(connection, sessionId, error);
    }
  });

  const signal = async (connection: Connection, { session_id: sessionId, to, data }: SignalMessage) => {
    try {
      const from = connection.user.id;
      // An older window whose seat another took may not speak for the user.
      if (seats.holder(sessionId, from) !== connection) throw forbidden(roomMessages.signalRefused);
      const target = await checkSignal(db, { sessionId, from, to, data, processId });
      await router.route(sessionId, from, to, data, target);
    } catch (error) {
      refuse(connection, sessionId, error);
    }
  };

  hub.handle("signal", signal);

  hub.onClose((connection) => {
    for (const { sessionId, joinedAt } of seats.releaseAll(connection)) {
      leave(connection, sessionId, joinedAt).catch((error) =>
        log.warn({ err: error, sessionId }, "leaving a room on socket close failed"),
      );
    }
  });

  return seats;
}
