import { eq, sql } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import { postMessages } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { perDatabase } from "../../db/prepared";
import { channelMembers, channels, organizationMemberships, organizations, posts } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { refuseWithoutTwoFactor } from "../channels/checks";
import type { ChannelRow } from "../channels/presenter";
import { isAdmin, type Role } from "../organizations/policy";

export interface ChannelAccess {
  channel: ChannelRow;
  admin: boolean;
  /** Administrators always; members in public channels, or in private ones they were granted. */
  canPost: boolean;
  /** The organization is suspended: its members may read, not write (see refuseIfSuspended). */
  suspended: boolean;
}

/**
 * A channel, its organization's status, the user's role there and whether the user was granted the
 * channel, in one statement: every message sent reads it, so it is built and prepared once per database.
 */
const channelAccess = perDatabase((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      channel: channels,
      status: organizations.status,
      role: sql<Role | null>`(select ${organizationMemberships.role} from ${organizationMemberships}
        where ${organizationMemberships.userId} = ${userId}::uuid
        and ${organizationMemberships.organizationId} = ${channels.organizationId})`,
      granted: sql<boolean>`exists (select 1 from ${channelMembers}
        where ${channelMembers.channelId} = ${channels.id} and ${channelMembers.userId} = ${userId}::uuid)`,
    })
    .from(channels)
    .innerJoin(organizations, eq(organizations.id, channels.organizationId))
    .where(eq(channels.id, sql.placeholder("channelId")))
    .prepare("channel_access");
});

/** A text channel's reader: a member of its organization (outsiders get 404, as if it did not exist). */
export async function channelReader(db: Db, user: User, channelId: string): Promise<ChannelAccess> {
  const [row] = await channelAccess(db).execute({ userId: user.id, channelId });
  if (!row?.role) throw notFound(messages.channelNotFound);
  const { channel } = row;
  const admin = isAdmin(user, row.role);
  const canPost = admin || !channel.isPrivate || row.granted;
  return { channel, admin, canPost, suspended: row.status === "suspended" };
}

/** Every write (post, edit, comment, like) of a suspended organization's member is refused. */
export function refuseIfSuspended(access: Pick<ChannelAccess, "suspended">): void {
  if (access.suspended) throw forbidden(messages.organizationSuspended);
}

/**
 * Taking part (posting, commenting, reacting): the channel is open to the user (the locked
 * notice's words otherwise) and its security settings are met (two-factor sign-in when it asks).
 */
export function refuseUnlessParticipant(
  access: Pick<ChannelAccess, "canPost" | "channel">,
  user: User,
): void {
  if (!access.canPost) throw forbidden(postMessages.locked);
  refuseWithoutTwoFactor(access.channel.securitySettings, user);
}

/** A reader who may also write here. A suspended organization's members may read only. */
export async function channelWriter(db: Db, user: User, channelId: string): Promise<ChannelAccess> {
  const access = await channelReader(db, user, channelId);
  refuseUnlessParticipant(access, user);
  refuseIfSuspended(access);
  return access;
}

export type PostRow = typeof posts.$inferSelect;

/** A message and the viewer's access to its channel. */
export async function postFor(
  db: Db,
  user: User,
  postId: string,
): Promise<{ post: PostRow } & ChannelAccess> {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound(postMessages.notFound);
  const access = await channelReader(db, user, post.channelId).catch(() => {
    throw notFound(postMessages.notFound);
  });
  return { post, ...access };
}
