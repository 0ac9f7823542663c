import { and, eq, inArray } from "drizzle-orm";
import type { EventMap } from "../../../contract/events";
import type { AppContext } from "../../context";
import { organizations, roomSessions } from "../../db/schema";
import type { Bus, BusMessage } from "../../realtime/bus";
import { announceSession } from "./events";
import type { MediaServer } from "./media/server";
import type { SessionRow } from "./presenter";
import { closeSession } from "./sessions";

export interface RoomLog {
  warn(details: object, message: string): void;
}

/**
 * After a session ended in the database (host's End, the sweeper, a suspension): everyone is told
 * first (`room.updated` lets the seats go in every process), then the media room is closed. The
 * session is over whatever Janus says: a media server that is down is logged, never an error of
 * the ending, and its room dies with Janus's next restart at the latest.
 */
export async function announceEnded(bus: Bus, media: MediaServer, log: RoomLog, session: SessionRow) {
  try {
    await announceSession(bus, session);
  } finally {
    await media
      .closeRoom(session)
      .catch((error) =>
        log.warn({ err: error, sessionId: session.id }, "media room of an ended session not closed"),
      );
  }
}

/**
 * Ends the open sessions of suspended organizations (one of them, or all): a suspension stops a
 * running room as the host's End does. Each end re-checks the row under its lock, so several
 * processes doing this at once end each session once. Returns how many this call ended.
 */
export async function endSuspendedRooms(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  media: MediaServer,
  log: RoomLog,
  organizationId?: string,
): Promise<number> {
  const { db, clock, bus } = ctx;
  const open = await db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .innerJoin(organizations, eq(organizations.id, roomSessions.organizationId))
    .where(
      and(
        inArray(roomSessions.status, ["waiting", "live"]),
        eq(organizations.status, "suspended"),
        organizationId ? eq(roomSessions.organizationId, organizationId) : undefined,
      ),
    );
  let ended = 0;
  for (const { id } of open) {
    const session = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(roomSessions).where(eq(roomSessions.id, id)).for("update");
      if (!row || row.status === "ended") return null;
      return closeSession(tx, clock, id);
    });
    if (!session) continue;
    ended++;
    await announceEnded(bus, media, log, session);
  }
  return ended;
}

/**
 * The bus receiver that ends an organization's rooms as soon as the platform admin suspends it
 * (`organization.status_changed`, published after the status committed); the sweeper catches any
 * a process missed.
 */
export function endRoomsOnSuspension(
  ctx: Pick<AppContext, "db" | "clock" | "bus">,
  media: MediaServer,
  log: RoomLog,
): (message: BusMessage) => void {
  return (message) => {
    if (message.event !== "organization.status_changed") return;
    const { organization_id: organizationId, status } =
      message.payload as EventMap["organization.status_changed"];
    if (status !== "suspended") return;
    endSuspendedRooms(ctx, media, log, organizationId).catch((error) =>
      log.warn({ err: error, organizationId }, "rooms of a suspended organization not ended"),
    );
  };
}
