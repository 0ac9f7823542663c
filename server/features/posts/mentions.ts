import { and, eq, ne, sql } from "drizzle-orm";
import { type Mention, mentionedNames, type Post } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { escapeLike } from "../../db/like";
import {
  channelPreferences,
  channels,
  notifications,
  organizationMemberships,
  posts,
  users,
} from "../../db/schema";

import type { User } from "../accounts/sessions";
import { requireMember } from "../organizations/policy";
import { loadPosts } from "./queries";

/**
 * Members named in the message as "@Full Name" (contract `mentionedNames`: whole names, the longest
 * first, as the web highlights them) are notified unless their notification choice for the
 * channel is "nothing", the channel is muted for them at `now`, or their settings turn
 * notifications or mentions off. A reply in a message's thread (`text`: the reply's) notifies as
 * its message would, the notice pointing at the message. No one is told twice of one message and
 * its thread (an edit naming them again, a reply naming them too). Returns the ids of those notified.
 */
export async function notifyMentions(
  db: Db,
  options: {
    post: Pick<Post, "id" | "channel_id" | "content">;
    authorId: string;
    organizationId: string;
    now: Date;
    text?: string;
  },
): Promise<string[]> {
  const text = options.text ?? options.post.content;
  if (!text.includes("@")) return [];
  const members = await db
    .select({ id: users.id, fullName: users.fullName, settings: users.settings, pref: channelPreferences })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .leftJoin(
      channelPreferences,
      and(eq(channelPreferences.userId, users.id), eq(channelPreferences.channelId, options.post.channel_id)),
    )
    .where(
      and(eq(organizationMemberships.organizationId, options.organizationId), ne(users.id, options.authorId)),
    );
  const { now } = options;
  const names = new Set(
    mentionedNames(
      text,
      members.map((m) => m.fullName),
    ),
  );
  const toldBefore = new Set(
    (
      await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.postId, options.post.id), eq(notifications.kind, "mention")))
    ).map((row) => row.userId),
  );
  const named = members.filter((m) => names.has(m.fullName) && !toldBefore.has(m.id));
  const notified = named.filter((m) => {
    const muted = m.pref?.muted && (m.pref.mutedUntil === null || m.pref.mutedUntil > now);
    // The member's settings screen: notifications on, and mentions among them.
    const wanted =
      m.settings.notifications?.enabled !== false && m.settings.notifications?.mentions !== false;
    return wanted && m.pref?.notify !== "nothing" && !muted;
  });
  if (notified.length === 0) return [];
  await db.insert(notifications).values(
    notified.map((m) => ({
      userId: m.id,
      kind: "mention" as const,
      postId: options.post.id,
      channelId: options.post.channel_id,
      actorId: options.authorId,
    })),
  );
  return notified.map((m) => m.id);
}

/** Messages kept in the Mentions view: the newest this many. */
export const MENTIONS_SHOWN = 50;
/** Candidates read (text containing "@Name") to find the mentions among them. */
const MENTION_CANDIDATES = 400;

/**
 * The messages of the organization that mention the user ("@Full Name", by the same rule that
 * notifies and highlights), newest first, from every channel (members read them all), whatever
 * their notification choices: the Mentions view. Another organization's answer is 404.
 */
export async function listMentions(db: Db, user: User, organizationId: string): Promise<Mention[]> {
  await requireMember(db, user, organizationId);
  const needle = `%@${escapeLike(user.fullName.trim())}%`;
  const candidates = await db
    .select({ id: posts.id, content: posts.content })
    .from(posts)
    .where(
      and(
        eq(posts.organizationId, organizationId),
        sql`${posts.authorId} is distinct from ${user.id}`,
        sql`${posts.content} ilike ${needle}`,
      ),
    )
    .orderBy(sql`${posts.createdAt} desc`, sql`${posts.id} desc`)
    .limit(MENTION_CANDIDATES);
  // All the members' names: "@Ama Owusu" mentions Ama Owusu, not Ama (the longest name wins).
  const names = (
    await db
      .select({ fullName: users.fullName })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .where(eq(organizationMemberships.organizationId, organizationId))
  ).map((row) => row.fullName);
  const ids = candidates
    .filter((row) => mentionedNames(row.content, names).includes(user.fullName))
    .slice(0, MENTIONS_SHOWN)
    .map((row) => row.id);
  if (ids.length === 0) return [];
  const found = await loadPosts(
    db,
    user.id,
    sql`${posts.id} in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
    { order: "newest" },
  );
  const channelNames = new Map(
    (
      await db
        .select({ id: channels.id, name: channels.name })
        .from(channels)
        .where(eq(channels.organizationId, organizationId))
    ).map((row) => [row.id, row.name]),
  );
  return found.map((post: Post) => ({ post, channel_name: channelNames.get(post.channel_id) ?? "" }));
}
