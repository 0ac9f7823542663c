import { and, desc, eq, ne, sql } from "drizzle-orm";
import { type Comment, type Mention, mentionedNames, type Post, postMessages } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { escapeLike } from "../../db/like";
import { inList } from "../../db/params";
import {
  channelPreferences,
  channels,
  comments,
  notifications,
  organizationMemberships,
  organizations,
  posts,
  users,
} from "../../db/schema";

import type { Bus } from "../../realtime/bus";
import type { User } from "../accounts/sessions";
import { requireMember } from "../organizations/policy";
import { loadPosts, presentComment } from "./queries";

/**
 * Members named in `text` as "@Full Name" (contract `mentionedNames`: whole names, the longest
 * first, as the web highlights them) are notified of the message `postId` unless their
 * notification choice for the channel is "nothing", the channel is muted for them at `now`, or
 * their settings turn notifications or mentions off. The text is the message's, or a reply's in its
 * thread (the notice then points at the message). No one is told twice of one message and its
 * thread (an edit naming them again, a reply naming them too). Returns the ids of those notified.
 */
export async function notifyMentions(
  db: Db,
  options: {
    postId: string;
    channelId: string;
    text: string;
    authorId: string;
    organizationId: string;
    now: Date;
  },
): Promise<string[]> {
  const { text, now } = options;
  if (!text.includes("@")) return [];
  const members = await db
    .select({ id: users.id, fullName: users.fullName, settings: users.settings, pref: channelPreferences })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .leftJoin(
      channelPreferences,
      and(eq(channelPreferences.userId, users.id), eq(channelPreferences.channelId, options.channelId)),
    )
    .where(
      and(eq(organizationMemberships.organizationId, options.organizationId), ne(users.id, options.authorId)),
    );
  const names = new Set(
    mentionedNames(
      text,
      members.map((m) => m.fullName),
    ),
  );
  const wanting = members.filter((m) => {
    if (!names.has(m.fullName)) return false;
    const muted = m.pref?.muted && (m.pref.mutedUntil === null || m.pref.mutedUntil > now);
    // The member's settings screen: notifications on, and mentions among them.
    const wanted =
      m.settings.notifications?.enabled !== false && m.settings.notifications?.mentions !== false;
    return wanted && m.pref?.notify !== "nothing" && !muted;
  });
  if (wanting.length === 0) return [];
  const toldBefore = new Set(
    (
      await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            eq(notifications.postId, options.postId),
            eq(notifications.kind, "mention"),
            inList(
              notifications.userId,
              wanting.map((m) => m.id),
            ),
          ),
        )
    ).map((row) => row.userId),
  );
  const notified = wanting.filter((m) => !toldBefore.has(m.id));
  if (notified.length === 0) return [];
  await db.insert(notifications).values(
    notified.map((m) => ({
      userId: m.id,
      kind: "mention" as const,
      postId: options.postId,
      channelId: options.channelId,
      actorId: options.authorId,
    })),
  );
  return notified.map((m) => m.id);
}

/** What a mention's notice says: where (a message, or the message a reply is under), by whom, what. */
interface MentionNotice {
  /** The notice's own: the message's id, or the reply's. */
  id: string;
  post_id: string;
  channel_id: string;
  author: string;
  content: string;
  created_at: string;
}

/** A message as its mentions' notice tells of it, at its last edit's time if edited. */
export const messageNotice = (post: Post): MentionNotice => ({
  id: post.id,
  post_id: post.id,
  channel_id: post.channel_id,
  author: post.author?.full_name ?? postMessages.unknownUser,
  content: post.content,
  created_at: post.edited_at ?? post.created_at,
});

/** A reply as its mentions' notice tells of it: under its own id, pointing at its message. */
export const replyNotice = (comment: Comment, channelId: string, author: User): MentionNotice => ({
  id: comment.id,
  post_id: comment.post_id,
  channel_id: channelId,
  author: author.fullName,
  content: comment.content,
  created_at: comment.edited_at ?? comment.created_at,
});

/**
 * Each member notifyMentions told hears of it live (`notification.created`): of a new message, an
 * edit, or a reply in a thread (the notice points at the thread's message, with the reply's words),
 * with its place named: a mention may come from an organization other than the one on screen.
 */
export async function announceMentions(
  db: Db,
  bus: Bus,
  said: MentionNotice,
  mentioned: string[],
): Promise<void> {
  if (mentioned.length === 0) return;
  const [place] = await db
    .select({
      channel: channels.name,
      organizationId: organizations.id,
      organization: organizations.name,
    })
    .from(channels)
    .innerJoin(organizations, eq(organizations.id, channels.organizationId))
    .where(eq(channels.id, said.channel_id));
  if (!place) return;
  for (const userId of mentioned) {
    await bus.publish(`user:${userId}`, "notification.created", {
      id: said.id,
      kind: "mention",
      organization_id: place.organizationId,
      organization_name: place.organization,
      channel_id: said.channel_id,
      channel_name: place.channel,
      post_id: said.post_id,
      actor_name: said.author,
      excerpt: said.content.slice(0, 140),
      created_at: said.created_at,
    });
  }
}

/** Messages kept in the Mentions view: the newest this many. */
export const MENTIONS_SHOWN = 50;
/** Candidates read (text containing "@Name") to find the mentions among them. */
const MENTION_CANDIDATES = 400;

/**
 * The messages of the organization that mention the user ("@Full Name", by the same rule that
 * notifies and highlights), themselves or by a reply in their thread, from every channel (members
 * read them all), whatever their notification choices: the Mentions view. Each message once, at
 * its latest mention of the user (with that reply when a reply made it), newest first. Another
 * organization's answer is 404.
 */
export async function listMentions(db: Db, user: User, organizationId: string): Promise<Mention[]> {
  await requireMember(db, user, organizationId);
  const needle = `%@${escapeLike(user.fullName.trim())}%`;
  const [messages, replies, names] = await Promise.all([
    db
      .select({ postId: posts.id, content: posts.content, at: posts.createdAt })
      .from(posts)
      .where(
        and(
          eq(posts.organizationId, organizationId),
          sql`${posts.authorId} is distinct from ${user.id}`,
          sql`${posts.content} ilike ${needle}`,
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(MENTION_CANDIDATES),
    db
      .select({ comment: comments, author: { id: users.id, fullName: users.fullName } })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(
        and(
          eq(posts.organizationId, organizationId),
          sql`${comments.authorId} is distinct from ${user.id}`,
          sql`${comments.content} ilike ${needle}`,
        ),
      )
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(MENTION_CANDIDATES),
    // All the members' names: "@Ama Owusu" mentions Ama Owusu, not Ama (the longest name wins).
    db
      .select({ fullName: users.fullName })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .where(eq(organizationMemberships.organizationId, organizationId)),
  ]);
  const memberNames = names.map((row) => row.fullName);
  const mentionsMe = (text: string) => mentionedNames(text, memberNames).includes(user.fullName);
  const latest = new Map<string, { at: Date; reply: Comment | null }>();
  for (const row of messages) {
    if (mentionsMe(row.content)) latest.set(row.postId, { at: row.at, reply: null });
  }
  for (const row of replies) {
    const held = latest.get(row.comment.postId);
    if (mentionsMe(row.comment.content) && (!held || held.at < row.comment.createdAt)) {
      latest.set(row.comment.postId, { at: row.comment.createdAt, reply: presentComment(row) });
    }
  }
  const shown = [...latest]
    .sort(([aId, a], [bId, b]) => b.at.getTime() - a.at.getTime() || (aId < bId ? 1 : -1))
    .slice(0, MENTIONS_SHOWN);
  if (shown.length === 0) return [];
  const [found, channelRows] = await Promise.all([
    loadPosts(
      db,
      user.id,
      inList(
        posts.id,
        shown.map(([id]) => id),
      ),
    ),
    db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(eq(channels.organizationId, organizationId)),
  ]);
  const postsById = new Map(found.map((post) => [post.id, post]));
  const channelNames = new Map(channelRows.map((row) => [row.id, row.name]));
  return shown.flatMap(([id, { reply }]) => {
    const post = postsById.get(id);
    return post ? [{ post, channel_name: channelNames.get(post.channel_id) ?? "", reply }] : [];
  });
}
