import { and, eq } from "drizzle-orm";
import type { MediaJoin } from "../../../contract/rooms";
import { roomMessages } from "../../../contract/rooms";
import type { Db } from "../../db/connect";
import { roomParticipants } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { requireActiveOrganization } from "../organizations/policy";
import type { MediaServer } from "./media/server";
import { requireOpen, sessionAccess } from "./policy";

/** What the user's browser needs to carry the session's media: only for connected participants of an active organization. */
export async function mediaJoin(
  db: Db,
  media: MediaServer,
  user: User,
  sessionId: string,
): Promise<MediaJoin> {
  const { session } = await sessionAccess(db, user, sessionId);
  requireOpen(session);
  // A suspended organization's rooms are over; its sessions are ended too (ending.ts).
  await requireActiveOrganization(db, session.organizationId);
  const [participant] = await db
    .select({ role: roomParticipants.role })
    .from(roomParticipants)
    .where(
      and(
        eq(roomParticipants.sessionId, sessionId),
        eq(roomParticipants.userId, user.id),
        eq(roomParticipants.isConnected, true),
      ),
    );
  if (!participant) throw forbidden(roomMessages.notJoined);
  return media.join(session, user.id, participant.role);
}
