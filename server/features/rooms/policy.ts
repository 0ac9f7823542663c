import { and, eq } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import { type RoomKind, type RoomRole, roomMessages, SENDING_ROLES } from "../../../contract/rooms";
import type { Db, Tx } from "../../db/connect";
import { channels, roomParticipants, roomSessions } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import type { ChannelRow } from "../channels/presenter";
import { isAdmin, roleIn } from "../organizations/policy";
import type { ParticipantRow, SessionRow } from "./presenter";

/**
 * Who may do what in a room. Any member of the organization may open the room of an airing or
 * live channel and listen or watch, private channels included (as members read private text
 * channels); outsiders are told it does not exist. The host is an administrator of the
 * organization: only they start, end, record and promote.
 */
export interface RoomChannelAccess {
  channel: ChannelRow & { type: RoomKind };
  canHost: boolean;
}

export async function roomChannel(db: Db | Tx, user: User, channelId: string): Promise<RoomChannelAccess> {
  const [channel] = await db.select().from(channels).where(eq(channels.id, channelId));
  const role = channel ? await roleIn(db as Db, user.id, channel.organizationId) : null;
  if (!channel || !role) throw notFound(messages.channelNotFound);
  if (channel.type !== "airing" && channel.type !== "live") throw badRequest(roomMessages.notARoom);
  return { channel: channel as RoomChannelAccess["channel"], canHost: isAdmin(user, role) };
}

export interface SessionAccess {
  session: SessionRow;
  canHost: boolean;
}

/** The session and whether the user may host it; outsiders get 404. `lock` holds the row for the transaction. */
export async function sessionAccess(
  db: Db | Tx,
  user: User,
  sessionId: string,
  options: { lock?: boolean } = {},
): Promise<SessionAccess> {
  const query = db.select().from(roomSessions).where(eq(roomSessions.id, sessionId));
  const [session] = options.lock ? await query.for("update") : await query;
  const role = session ? await roleIn(db as Db, user.id, session.organizationId) : null;
  if (!session || !role) throw notFound(roomMessages.sessionNotFound);
  return { session, canHost: isAdmin(user, role) };
}

export function requireHost(access: { canHost: boolean }): void {
  if (!access.canHost) throw forbidden(roomMessages.hostOnly);
}

/** The session, held for the transaction, for a change only its host may make. */
export async function lockedForHost(tx: Tx, user: User, sessionId: string): Promise<SessionRow> {
  const access = await sessionAccess(tx, user, sessionId, { lock: true });
  requireHost(access);
  return access.session;
}

export function requireOpen(session: SessionRow): void {
  if (session.status === "ended") throw badRequest(roomMessages.sessionEnded);
}

/** Host and speakers send media; the audience only receives. */
export const sendsMedia = (role: RoomRole) => SENDING_ROLES.has(role);

/** The connected participant row of this user; refuses anyone not in the session now. */
export async function connectedRow(tx: Tx, sessionId: string, userId: string): Promise<ParticipantRow> {
  const [row] = await tx
    .select()
    .from(roomParticipants)
    .where(
      and(
        eq(roomParticipants.sessionId, sessionId),
        eq(roomParticipants.userId, userId),
        eq(roomParticipants.isConnected, true),
      ),
    );
  if (!row) throw badRequest(roomMessages.notJoined);
  return row;
}
