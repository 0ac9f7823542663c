import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import {
  audienceRole,
  type RoomRole,
  type RoomView,
  roomMessages,
  SESSION_DESCRIPTIONS,
  sessionTitle,
} from "../../../contract/rooms";
import type { Db, Tx } from "../../db/connect";
import { roomParticipants, roomSessions, uploads, users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import type { User } from "../accounts/sessions";
import { refuseWithoutTwoFactor } from "../channels/checks";
import { requireActiveOrganization } from "../organizations/policy";
import type { MediaServer } from "./media/server";
import { connectedRow, lockedForHost, roomChannel } from "./policy";
import {
  byStage,
  type ParticipantRow,
  presentParticipant,
  presentRecording,
  presentSession,
  type SessionRow,
} from "./presenter";

const OPEN = ["waiting", "live"] as const;
const RECORDINGS_LISTED = 50;

/** The channel's open (waiting or live) session, newest first, one row (spec section 4). */
async function openSessionOf(db: Db | Tx, channelId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(roomSessions)
    .where(and(eq(roomSessions.channelId, channelId), inArray(roomSessions.status, [...OPEN])))
    .orderBy(desc(roomSessions.createdAt))
    .limit(1);
  return row;
}

/**
 * The open session of an airing or live channel, created as waiting when there is none. Two
 * people opening the room at once make one session: the partial unique index lets one insert in
 * and the other reads the winner (its media room, if any was made, is given back).
 */
export async function openSession(
  db: Db,
  clock: Clock,
  media: MediaServer,
  user: User,
  channelId: string,
): Promise<{ session: SessionRow; created: boolean }> {
  const { channel, canHost } = await roomChannel(db, user, channelId);
  refuseWithoutTwoFactor(channel.securitySettings, user);
  const found = await openSessionOf(db, channelId);
  if (found) return { session: found, created: false };
  await requireActiveOrganization(db, channel.organizationId);

  const id = randomUUID();
  const room = await media.openRoom(id);
  const now = clock.now();
  const [created] = await db
    .insert(roomSessions)
    .values({
      id,
      kind: channel.type,
      organizationId: channel.organizationId,
      channelId,
      title: sessionTitle(channel.type, channel.name),
      description: SESSION_DESCRIPTIONS[channel.type],
      hostId: canHost ? user.id : null,
      status: "waiting",
      participantCount: 0,
      isRecording: false,
      // Nobody is in it yet: left unjoined, it ends like any empty session.
      emptySince: now,
      createdAt: now,
      ...room,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { session: created, created: true };
  await media.closeRoom({ id, ...room });
  const winner = await openSessionOf(db, channelId);
  if (!winner) throw conflict(roomMessages.sessionEnded);
  return { session: winner, created: false };
}

/** The role the user has in the session, or gets when joining: a promoted speaker stays one on rejoining. */
export function roleOnJoin(canHost: boolean, kind: SessionRow["kind"], existing?: ParticipantRow): RoomRole {
  if (canHost) return "host";
  if (existing?.role === "speaker") return "speaker";
  return audienceRole(kind);
}

/** The connected participants with their names, in stage order. */
export async function connectedParticipants(db: Db | Tx, sessionId: string) {
  const rows = await db
    .select({ participant: roomParticipants, fullName: users.fullName })
    .from(roomParticipants)
    .innerJoin(users, eq(users.id, roomParticipants.userId))
    .where(and(eq(roomParticipants.sessionId, sessionId), eq(roomParticipants.isConnected, true)));
  return rows.map((row) => presentParticipant(row.participant, row.fullName)).sort(byStage);
}

/** The room screen's data for this session. */
export async function roomView(db: Db, user: User, session: SessionRow, canHost: boolean): Promise<RoomView> {
  const [participants, [own], recordings] = await Promise.all([
    connectedParticipants(db, session.id),
    db
      .select()
      .from(roomParticipants)
      .where(and(eq(roomParticipants.sessionId, session.id), eq(roomParticipants.userId, user.id))),
    listRecordings(db, session.channelId),
  ]);
  return {
    session: presentSession(session),
    participants,
    viewer: {
      user_id: user.id,
      can_host: canHost,
      role: own?.isConnected ? own.role : roleOnJoin(canHost, session.kind, own),
    },
    recordings,
  };
}

/** Recordings saved in the channel, newest first. */
export async function listRecordings(db: Db, channelId: string) {
  const rows = await db
    .select({ upload: uploads, uploader: users.fullName })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.uploaderId))
    .where(and(eq(uploads.channelId, channelId), eq(uploads.kind, "recording")))
    .orderBy(desc(uploads.createdAt))
    .limit(RECORDINGS_LISTED);
  return rows.map((row) => presentRecording(row.upload, row.uploader));
}

/** A host's change to a session: the session as it is now, and whether anything changed. */
type SessionChange = { session: SessionRow; changed: boolean };

/** Writes new values to the session row and answers with the changed row. */
async function updateSession(
  tx: Tx,
  sessionId: string,
  values: Partial<typeof roomSessions.$inferInsert>,
): Promise<SessionChange> {
  const [session] = await tx
    .update(roomSessions)
    .set(values)
    .where(eq(roomSessions.id, sessionId))
    .returning();
  return { session: session as SessionRow, changed: true };
}

/** The host starts the session: waiting → live (spec section 4). Starting a live session changes nothing. */
export async function startSession(
  db: Db,
  clock: Clock,
  user: User,
  sessionId: string,
): Promise<SessionChange> {
  return db.transaction(async (tx) => {
    const session = await lockedForHost(tx, user, sessionId);
    await requireActiveOrganization(tx as unknown as Db, session.organizationId);
    if (session.status === "ended") throw badRequest(roomMessages.sessionEnded);
    if (session.status === "live") return { session, changed: false };
    return updateSession(tx, sessionId, { status: "live", startedAt: clock.now(), hostId: user.id });
  });
}

/** Ends a session (the host, or the sweeper for an empty one): everyone is let go in the same transaction. */
export async function closeSession(tx: Tx, clock: Clock, sessionId: string): Promise<SessionRow> {
  const now = clock.now();
  await tx
    .update(roomParticipants)
    .set({
      isConnected: false,
      leftAt: now,
      isVideoOn: false,
      isScreenSharing: false,
      handRaised: false,
      processId: null,
    })
    .where(and(eq(roomParticipants.sessionId, sessionId), eq(roomParticipants.isConnected, true)));
  const [session] = await tx
    .update(roomSessions)
    .set({
      status: "ended",
      endedAt: now,
      isRecording: false,
      recordingBy: null,
      participantCount: 0,
      emptySince: null,
    })
    .where(eq(roomSessions.id, sessionId))
    .returning();
  return session as SessionRow;
}

export async function endSession(
  db: Db,
  clock: Clock,
  user: User,
  sessionId: string,
): Promise<SessionChange> {
  return db.transaction(async (tx) => {
    const session = await lockedForHost(tx, user, sessionId);
    if (session.status === "ended") return { session, changed: false };
    return { session: await closeSession(tx, clock, sessionId), changed: true };
  });
}

/**
 * The host turns recording on (only while live, and only from the room: their browser records) or
 * off; everyone sees the state. The session remembers whose browser records: their leaving the room
 * stops it (participants.ts leaveSession), so a host not in it would leave "Recording" showing with
 * nothing recording.
 */
export async function setRecording(
  db: Db,
  user: User,
  sessionId: string,
  isRecording: boolean,
): Promise<SessionChange> {
  return db.transaction(async (tx) => {
    const session = await lockedForHost(tx, user, sessionId);
    await requireActiveOrganization(tx as unknown as Db, session.organizationId);
    if (isRecording && session.status !== "live") throw badRequest(roomMessages.recordingOnlyLive);
    if (isRecording) await connectedRow(tx, sessionId, user.id);
    if (session.isRecording === isRecording) return { session, changed: false };
    // was_recorded stays true: the session takes its recording's upload (recordings.ts).
    return updateSession(
      tx,
      sessionId,
      isRecording
        ? { isRecording, wasRecorded: true, recordingBy: user.id }
        : { isRecording, recordingBy: null },
    );
  });
}
