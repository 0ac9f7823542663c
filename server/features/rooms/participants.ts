import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { MyStateInput, RoomParticipant } from "../../../contract/rooms";
import { roomMessages } from "../../../contract/rooms";
import type { Db, Tx } from "../../db/connect";
import { roomParticipants, roomSessions, users } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import type { User } from "../accounts/sessions";
import { requireChannelChecks } from "../channels/checks";
import { requireActiveOrganization } from "../organizations/policy";
import { connectedRow, lockedForHost, requireOpen, sendsMedia, sessionAccess } from "./policy";
import { type ParticipantRow, presentParticipant, type SessionRow } from "./presenter";
import { roleOnJoin } from "./sessions";

/** What a change did, for the events published after commit. */
export interface ParticipantChange {
  session: SessionRow;
  participant: RoomParticipant;
  participantCount: number;
  /** The one who left was recording: recording stopped with them (the session says so). */
  recordingStopped?: boolean;
}

/**
 * Counts the connected participants into the session row. Every transaction that connects or
 * disconnects someone holds the session row (FOR UPDATE) first, so counts never cross; an empty
 * session remembers since when it is empty (it ends by itself 10 minutes later). `also`: what
 * else the change writes to the session row, in the same update.
 */
async function recount(
  tx: Tx,
  clock: Clock,
  session: SessionRow,
  also: Partial<typeof roomSessions.$inferInsert> = {},
): Promise<SessionRow> {
  const [row] = await tx
    .select({ connected: count() })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.isConnected, true)));
  const connected = row?.connected ?? 0;
  const emptySince = connected > 0 ? null : (session.emptySince ?? clock.now());
  const [updated] = await tx
    .update(roomSessions)
    .set({ ...also, participantCount: connected, emptySince })
    .where(eq(roomSessions.id, session.id))
    .returning();
  return updated as SessionRow;
}

async function nameOf(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName ?? "";
}

/**
 * Takes the user's seat in the session for a socket of process `processId` (spec section 4:
 * joining creates or updates the record as connected). The audience joins muted with video off;
 * the host joins unmuted, with video on in a live stream; a speaker who comes back stays a
 * speaker, muted. A host who comes back (a reload, a rejoin) keeps the microphone and camera as
 * they had them: a reload never turns on what they turned off. A
 * suspended organization's members may not join.
 */
export async function joinSession(
  db: Db,
  clock: Clock,
  user: User,
  sessionId: string,
  processId: string,
): Promise<ParticipantChange> {
  return db.transaction(async (tx) => {
    const access = await sessionAccess(tx, user, sessionId, { lock: true });
    const { session } = access;
    await requireActiveOrganization(tx as unknown as Db, session.organizationId);
    requireOpen(session);
    await requireChannelChecks(tx, user, session.channelId);
    const [existing] = await tx
      .select()
      .from(roomParticipants)
      .where(and(eq(roomParticipants.sessionId, sessionId), eq(roomParticipants.userId, user.id)));
    const role = roleOnJoin(access.canHost, session.kind, existing);
    const host = role === "host";
    const back = host && existing?.role === "host";
    const states = {
      role,
      isConnected: true,
      isMuted: back ? existing.isMuted : !host,
      isVideoOn: back ? existing.isVideoOn : host && session.kind === "live",
      isScreenSharing: false,
      handRaised: false,
      processId,
      joinedAt: clock.now(),
      leftAt: null,
    };
    const [row] = await tx
      .insert(roomParticipants)
      .values({ sessionId, userId: user.id, channelId: session.channelId, ...states })
      .onConflictDoUpdate({ target: [roomParticipants.sessionId, roomParticipants.userId], set: states })
      .returning();
    const updated = await recount(tx, clock, session);
    return {
      session: updated,
      participant: presentParticipant(row as ParticipantRow, user.fullName),
      participantCount: updated.participantCount,
    };
  });
}

/**
 * The user leaves (their socket closed, or they left): disconnected, screen sharing off (a new
 * page must be asked again), hand down; the camera's state is kept for a host's return
 * (joinSession). Only the seat the given process took at `joinedAt` is given up, so a socket
 * closing never undoes a newer join, through another process or this one (a reload's join
 * written while the older window closed); "orphaned" gives up a seat whose process is gone (its
 * `process_id` was cleared). Null when nothing changed.
 */
export async function leaveSession(
  db: Db,
  clock: Clock,
  sessionId: string,
  userId: string,
  seat: { processId: string; joinedAt: string } | "orphaned",
): Promise<ParticipantChange | null> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(roomSessions)
      .where(eq(roomSessions.id, sessionId))
      .for("update");
    if (!session) return null;
    const held = and(
      eq(roomParticipants.sessionId, sessionId),
      eq(roomParticipants.userId, userId),
      eq(roomParticipants.isConnected, true),
    );
    const [row] = await tx
      .update(roomParticipants)
      .set({
        isConnected: false,
        leftAt: clock.now(),
        isScreenSharing: false,
        handRaised: false,
        processId: null,
      })
      .where(
        and(
          held,
          seat === "orphaned"
            ? isNull(roomParticipants.processId)
            : and(
                eq(roomParticipants.processId, seat.processId),
                eq(roomParticipants.joinedAt, new Date(seat.joinedAt)),
              ),
        ),
      )
      .returning();
    if (!row) return null;
    // Their browser was recording: nothing records any more (a tab closed, a crash, a lost
    // network), so no one is told they are being recorded.
    const recordingStopped = session.isRecording && session.recordingBy === userId;
    const updated = await recount(
      tx,
      clock,
      session,
      recordingStopped ? { isRecording: false, recordingBy: null } : {},
    );
    return {
      session: updated,
      participant: presentParticipant(row, await nameOf(tx, userId)),
      participantCount: updated.participantCount,
      recordingStopped,
    };
  });
}

/**
 * The user's own mute, video, screen-share and hand. Turning something off is always allowed;
 * turning it on follows the role: only the host and speakers unmute, turn on video or share a
 * screen (video only in live streams), only the audience raises a hand. The session row is held
 * like every other participant write, so a role change by the host (which mutes and turns video
 * off) never interleaves with this one: an unmute racing a demotion either comes first and is
 * undone by the demotion, or comes after it and is refused.
 */
export async function updateMyState(
  db: Db,
  user: User,
  sessionId: string,
  input: MyStateInput,
): Promise<ParticipantChange> {
  return db.transaction(async (tx) => {
    const { session } = await sessionAccess(tx, user, sessionId, { lock: true });
    requireOpen(session);
    const row = await connectedRow(tx, sessionId, user.id);
    const sends = sendsMedia(row.role);
    if (input.is_muted === false || input.is_video_on || input.is_screen_sharing || input.hand_raised) {
      await requireActiveOrganization(tx as unknown as Db, session.organizationId);
    }
    if (input.is_muted === false && !sends) throw badRequest(roomMessages.listenersCannotSpeak);
    if (input.is_video_on || input.is_screen_sharing) {
      if (session.kind !== "live") throw badRequest(roomMessages.videoOnlyLive);
      if (!sends) throw badRequest(roomMessages.videoSendersOnly);
    }
    if (input.hand_raised && sends) throw badRequest(roomMessages.handAudienceOnly);
    const [updated] = await tx
      .update(roomParticipants)
      .set({
        isMuted: input.is_muted,
        isVideoOn: input.is_video_on,
        isScreenSharing: input.is_screen_sharing,
        handRaised: input.hand_raised,
      })
      .where(and(eq(roomParticipants.sessionId, sessionId), eq(roomParticipants.userId, user.id)))
      .returning();
    return {
      session,
      participant: presentParticipant(updated as ParticipantRow, user.fullName),
      participantCount: session.participantCount,
    };
  });
}

/**
 * The host promotes a connected listener or viewer to speaker (hand lowered, muted until they
 * unmute) or moves a speaker back to the audience (muted, camera and screen off).
 */
export async function setRole(
  db: Db,
  user: User,
  sessionId: string,
  targetUserId: string,
  role: "speaker" | "listener" | "viewer",
): Promise<ParticipantChange> {
  return db.transaction(async (tx) => {
    const session = await lockedForHost(tx, user, sessionId);
    requireOpen(session);
    await requireActiveOrganization(tx as unknown as Db, session.organizationId);
    const audience = session.kind === "airing" ? "listener" : "viewer";
    if (role !== "speaker" && role !== audience) throw badRequest(roomMessages.roleForKind);
    const target = await connectedRow(tx, sessionId, targetUserId).catch(() => {
      throw notFound(roomMessages.participantNotFound);
    });
    if (target.role === "host") throw badRequest(roomMessages.cannotChangeHost);
    const [updated] = await tx
      .update(roomParticipants)
      .set({ role, isMuted: true, isVideoOn: false, isScreenSharing: false, handRaised: false })
      .where(and(eq(roomParticipants.sessionId, sessionId), eq(roomParticipants.userId, targetUserId)))
      .returning();
    return {
      session,
      participant: presentParticipant(updated as ParticipantRow, await nameOf(tx, targetUserId)),
      participantCount: session.participantCount,
    };
  });
}

/** Which of these sessions belong to the organization (a former member's seats there are given up). */
export async function sessionsOfOrganization(
  db: Db,
  organizationId: string,
  sessionIds: string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(and(eq(roomSessions.organizationId, organizationId), inArray(roomSessions.id, sessionIds)));
  return new Set(rows.map((row) => row.id));
}
