import { eq, getTableColumns, sql } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import { postMessages } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { batchParam, byKey, perDatabase, readAs } from "../../db/prepared";
import { channelMembers, channels, organizationMemberships, organizations, posts } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import { batched } from "../../lib/batched";
import { NO_ID, UUID, uuidArray } from "../../lib/ids";
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
 * channel, in one statement: every message sent reads it, so it is prepared once per database, and
 * the reads that arrive while one runs go together in the next (lib/batched.ts), one row per
 * (user, channel) asked, each looked up by its keys (db/prepared.ts byKey, and laterals with a
 * limit for the role and the grant: joined, the planner read every channel, and every grant, while
 * there were few).
 */
export function channelAccessQuery(db: Db) {
  return db
    .select({
      n: sql<string>`asked.n`,
      channel: readAs(getTableColumns(channels)),
      status: readAs({ status: organizations.status }).status,
      role: sql<Role | null>`membership.role`,
      granted: sql<boolean>`channel_grant.granted is not null`,
    })
    .from(
      sql`unnest(${batchParam("users", "uuid[]")}, ${batchParam("channels", "uuid[]")})
          with ordinality as asked(user_id, channel_id, n)
        cross join ${byKey(channels, channels.id, sql`asked.channel_id`)}
        cross join ${byKey(organizations, organizations.id, sql`${channels.organizationId}`)}
        left join lateral (select ${organizationMemberships.role} as role from ${organizationMemberships}
          where ${organizationMemberships.userId} = asked.user_id
            and ${organizationMemberships.organizationId} = ${channels.organizationId} limit 1) as membership on true
        left join lateral (select true as granted from ${channelMembers}
          where ${channelMembers.channelId} = ${channels.id} and ${channelMembers.userId} = asked.user_id limit 1) as channel_grant on true`,
    );
}

const channelAccess = perDatabase((db) => {
  const query = channelAccessQuery(db).prepare("channel_access");
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  return batched<{ userId: string; channelId: string }, Row | null>(
    async (asked) => {
      // A malformed id names no channel: it is not sent, so it cannot fail the others' statement.
      const valid = asked.map((a) => UUID.test(a.channelId) && UUID.test(a.userId));
      const rows = await query.execute({
        users: uuidArray(asked.map((a, i) => (valid[i] ? a.userId : NO_ID))),
        channels: uuidArray(asked.map((a, i) => (valid[i] ? a.channelId : NO_ID))),
      });
      const byNumber = new Map(rows.map((row) => [Number(row.n), row]));
      return asked.map((_, i) => byNumber.get(i + 1) ?? null);
    },
    { max: 64 },
  );
});

/** A text channel's reader: a member of its organization (outsiders get 404, as if it did not exist). */
export async function channelReader(db: Db, user: User, channelId: string): Promise<ChannelAccess> {
  const row = await channelAccess(db)({ userId: user.id, channelId });
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
