import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { EMPTY_SESSION_ENDS_AFTER_MS } from "../../../contract/rooms";
import type { AppContext } from "../../context";
import type { Db } from "../../db/connect";
import { roomParticipants, roomSessions } from "../../db/schema";
import { every } from "../../lib/every";
import { announceEnded, endSuspendedRooms, type RoomLog } from "./ending";
import { announceLeft } from "./events";
import type { MediaServer } from "./media/index";
import { leaveSession } from "./participants";
import { closeSession } from "./sessions";

const TICK_MS = 5_000;

/**
 * One pass of the rooms' housekeeping, safe with several processes running it at once:
 * 1. participants still marked connected whose server process is gone (its row deleted by the
 *    presence heartbeat of another process, which cleared their `process_id`) leave;
 * 2. open sessions empty for 10 minutes (by the injected clock) end;
 * 3. open sessions of suspended organizations end (normally ended at once on the suspension's
 *    event; this catches a process that missed it).
 */
export async function sweepRooms(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  media: MediaServer,
  log: RoomLog,
): Promise<{ left: number; ended: number }> {
  const { db, clock, bus } = ctx;
  const orphans = await orphanedSeats(db);
  let left = 0;
  for (const orphan of orphans) {
    // Null process only: a seat taken again meanwhile names its new process and is kept.
    const change = await leaveSession(db, clock, orphan.sessionId, orphan.userId, "orphaned");
    if (!change) continue;
    left++;
    await announceLeft(bus, change);
  }

  const cutoff = new Date(clock.now().getTime() - EMPTY_SESSION_ENDS_AFTER_MS);
  const due = await db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(
      and(
        inArray(roomSessions.status, ["waiting", "live"]),
        eq(roomSessions.participantCount, 0),
        lte(roomSessions.emptySince, cutoff),
      ),
    );
  let ended = 0;
  for (const { id } of due) {
    const session = await db.transaction(async (tx) => {
      // Checked again under the row lock: someone may have joined since.
      const [row] = await tx.select().from(roomSessions).where(eq(roomSessions.id, id)).for("update");
      if (!row || row.status === "ended" || row.participantCount > 0) return null;
      if (!row.emptySince || row.emptySince > cutoff) return null;
      return closeSession(tx, clock, id);
    });
    if (!session) continue;
    ended++;
    await announceEnded(bus, media, log, session);
  }
  ended += await endSuspendedRooms(ctx, media, log);
  return { left, ended };
}

/**
 * Seats still marked connected whose process is gone: found through their partial index
 * (room_participants_orphaned_idx), never among the seats ever taken, which stay as history.
 */
export function orphanedSeats(db: Db) {
  return db
    .select({ sessionId: roomParticipants.sessionId, userId: roomParticipants.userId })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.isConnected, true), isNull(roomParticipants.processId)));
}

/** Runs the sweep every few seconds; returns the stop function. */
export function startRoomSweeper(
  ctx: Pick<AppContext, "db" | "clock" | "bus" | "media">,
  log: FastifyBaseLogger,
  media: MediaServer = ctx.media,
): () => void {
  return every(TICK_MS, "room sweeper", log, async () => {
    const { left, ended } = await sweepRooms(ctx, media, log);
    if (left || ended) log.info({ left, ended }, "rooms swept");
  });
}
