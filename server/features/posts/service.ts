import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { PAGE_SIZE, type Post, type PostPage, postMessages } from "../../../contract/posts";
import type { createPostInput, editPostInput } from "../../../contract/posts-input";
import { trimmed } from "../../../contract/zod";
import type { AppContext } from "../../context";
import type { Db } from "../../db/connect";
import { perDatabase } from "../../db/prepared";
import { channelReads, channels, posts, uploads } from "../../db/schema";
import { badRequest, conflict, forbidden } from "../../http/errors";
import { batched } from "../../lib/batched";
import type { Clock } from "../../lib/clock";
import { isUniqueViolation } from "../../lib/db-errors";
import type { User } from "../accounts/sessions";
import { removeUploadFiles } from "../uploads/files";
import { channelReader, channelWriter, type PostRow, postFor, refuseIfSuspended } from "./access";
import { notifyMentions } from "./mentions";
import { loadPost, loadPosts, presentPost } from "./queries";
import { type ClosedReport, removePosts } from "./removal";

/** Messages older than a message (by time, then id: equal times never skip one) or than a time. */
function before(cursor: string) {
  return cursor.includes("T")
    ? lt(posts.createdAt, new Date(cursor))
    : sql`(${posts.createdAt}, ${posts.id}) < (select p.created_at, p.id from posts p where p.id = ${cursor}::uuid)`;
}

/** The channel's latest messages (50), oldest first; `before` pages back through earlier ones. */
export async function listPosts(
  db: Db,
  user: User,
  channelId: string,
  page: { before?: string; limit?: number } = {},
): Promise<PostPage> {
  await channelReader(db, user, channelId);
  const limit = page.limit ?? PAGE_SIZE;
  const newest = await loadPosts(
    db,
    user.id,
    and(eq(posts.channelId, channelId), page.before ? before(page.before) : undefined),
    { order: "newest", limit: limit + 1 },
  );
  const [read] = await db
    .select({ at: channelReads.lastReadAt })
    .from(channelReads)
    .where(and(eq(channelReads.channelId, channelId), eq(channelReads.userId, user.id)));
  return {
    posts: newest.slice(0, limit).reverse(),
    has_more: newest.length > limit,
    last_read_at: read?.at.toISOString() ?? null,
  };
}

/** A message just sent: who it notifies, and whether its author counts as a voter here ("Voters only"). */
export interface NewPost {
  post: Post;
  mentioned: string[];
  byVoter: boolean;
  /** The message was already written under the id the sender gave (a send repeated): nothing new to announce. */
  repeated?: boolean;
}

/**
 * Sends a message: text or an attachment the same user uploaded to this channel (used once).
 * Mentions of members ("@Full Name") notify them as their channel choice says.
 */
export async function createPost(
  db: Db,
  clock: Clock,
  user: User,
  channelId: string,
  input: z.output<typeof createPostInput>,
): Promise<NewPost> {
  const { channel, admin } = await channelWriter(db, user, channelId);
  // A send repeated after its answer was lost (its id taken): the message as it was written,
  // whatever came since. Found only when the write refuses it: a first send reads nothing more.
  const repeat = async (): Promise<NewPost | null> => {
    const post = input.id ? await sentBefore(db, user, channelId, input.id) : null;
    // The same id with other content (unedited since) is not a repeat: acknowledged, its text would be lost.
    const other =
      post?.edited_at === null &&
      (post.content !== trimmed(input.content) ||
        (post.attachment?.id ?? null) !== (input.attachment_id ?? null));
    if (other) throw conflict(postMessages.idTaken);
    return post && { post, mentioned: [], byVoter: !admin, repeated: true };
  };
  if (input.attachment_id) {
    const [upload] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          eq(uploads.id, input.attachment_id),
          eq(uploads.kind, "attachment"),
          eq(uploads.channelId, channelId),
          eq(uploads.uploaderId, user.id),
          sql`not exists (select 1 from posts p where p.attachment_id = ${input.attachment_id}::uuid)`,
        ),
      );
    // Its file already in a message: the one this send wrote before, if it is a repeat.
    if (!upload) {
      const repeated = await repeat();
      if (repeated) return repeated;
      throw badRequest(postMessages.attachmentMissing);
    }
  }
  try {
    const created = await insertPost(db, clock, user, {
      id: input.id,
      organizationId: channel.organizationId,
      channelId,
      content: trimmed(input.content),
      attachmentId: input.attachment_id ?? null,
      forwardedFromId: null,
    });
    return { ...created, byVoter: !admin };
  } catch (error) {
    // Written before, or the same send twice at once: the one written first answers both.
    const repeated = input.id && isUniqueViolation(error, "posts_pkey") ? await repeat() : null;
    if (repeated) return repeated;
    throw error;
  }
}

/**
 * The message written under `postId`, when the user sent it in the channel (null when no message
 * has that id); another's id, or another channel's, is refused.
 */
async function sentBefore(db: Db, user: User, channelId: string, postId: string): Promise<Post | null> {
  const [row] = await db
    .select({ authorId: posts.authorId, channelId: posts.channelId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!row) return null;
  const post =
    row.authorId === user.id && row.channelId === channelId ? await loadPost(db, user.id, postId) : null;
  if (!post) throw conflict(postMessages.idTaken);
  return post;
}

/**
 * Messages sent while others are written go together in the next insert: one statement, one commit
 * for all, each answered after it (lib/batched.ts); one insert at a time, so they commit in the
 * order they came. A channel's messages are written one at a time (routes.ts), so a batch holds at
 * most one message of a channel, and each channel's messages keep increasing times. A batch one
 * message fails (its channel deleted meanwhile, say) is written again a message at a time.
 * Writing in a channel reads it up to one's own message: its author's unread divider and count
 * start after it, whichever tab or device opens the channel next. The read marks are written by
 * the posts' own statement (a second statement was a second commit, and on PostgreSQL a second round trip).
 */
const writePost = perDatabase((db) =>
  batched<typeof posts.$inferInsert & { id: string }, PostRow>(
    async (rows) => {
      const inserted = db.$with("inserted").as(db.insert(posts).values(rows).returning());
      const read = db.$with("read").as(
        db
          .insert(channelReads)
          .select(
            db
              .select({
                channelId: inserted.channelId,
                userId: sql<string>`${inserted.authorId}`.as("user_id"),
                lastReadAt: inserted.createdAt,
              })
              .from(inserted)
              .where(isNotNull(inserted.authorId)),
          )
          .onConflictDoUpdate({
            target: [channelReads.channelId, channelReads.userId],
            set: { lastReadAt: sql`greatest(${channelReads.lastReadAt}, excluded.last_read_at)` },
          })
          .returning({ channelId: channelReads.channelId }),
      );
      const written = await db.with(inserted, read).select().from(inserted);
      const byId = new Map(written.map((row) => [row.id, row]));
      return rows.map((row) => byId.get(row.id) ?? badRequest(postMessages.noData));
    },
    { max: 64, aloneOnError: true },
  ),
);

async function insertPost(
  db: Db,
  clock: Clock,
  user: User,
  {
    id,
    ...values
  }: {
    /** The id the sender made for it, or none (one is made here). */
    id?: string;
    organizationId: string;
    channelId: string;
    content: string;
    attachmentId: string | null;
    forwardedFromId: string | null;
  },
): Promise<{ post: Post; mentioned: string[] }> {
  const row = await writePost(db)({ ...values, id: id ?? randomUUID(), authorId: user.id });
  // A new message has no likes, reactions, comments, pin or bookmark yet: only its attachment and source are read.
  const [upload] = values.attachmentId
    ? await db.select().from(uploads).where(eq(uploads.id, values.attachmentId))
    : [];
  const [source] = values.forwardedFromId
    ? await db
        .select({ id: channels.id, name: channels.name })
        .from(posts)
        .innerJoin(channels, eq(channels.id, posts.channelId))
        .where(eq(posts.id, values.forwardedFromId))
    : [];
  const post = presentPost(
    {
      post: row,
      author: { id: user.id, fullName: user.fullName },
      upload: upload ?? null,
      forwardedChannel: source ?? null,
    },
    { likes: 0, comments: 0, liked: false, pinned: false, bookmarked: false, reactions: [] },
  );
  const mentioned = await notifyMentions(db, {
    postId: post.id,
    channelId: post.channel_id,
    text: post.content,
    authorId: user.id,
    organizationId: values.organizationId,
    now: clock.now(),
  });
  return { post, mentioned };
}

export async function editPost(
  db: Db,
  clock: Clock,
  user: User,
  postId: string,
  input: z.output<typeof editPostInput>,
): Promise<{ post: Post; mentioned: string[] }> {
  const access = await postFor(db, user, postId);
  const { post } = access;
  if (post.authorId !== user.id) throw forbidden(postMessages.notYours);
  refuseIfSuspended(access);
  const now = clock.now();
  await db.update(posts).set({ content: input.content, editedAt: now }).where(eq(posts.id, postId));
  const edited = (await loadPost(db, user.id, postId)) as Post;
  // Someone named by the edit is told, as by a new message; those told before are not told again.
  const mentioned = await notifyMentions(db, {
    postId,
    channelId: post.channelId,
    text: input.content,
    authorId: user.id,
    organizationId: post.organizationId,
    now,
  });
  return { post: edited, mentioned };
}

/**
 * Authors delete their own messages; administrators delete any. The message's file goes with it
 * (unless a forwarded copy still shows it): rows now, files after commit.
 */
export async function deletePost(
  ctx: Pick<AppContext, "db" | "storage">,
  user: User,
  postId: string,
): Promise<{ channelId: string; organizationId: string; closedReports: ClosedReport[] }> {
  const { post, admin } = await postFor(ctx.db, user, postId);
  if (post.authorId !== user.id && !admin) throw forbidden(postMessages.deleteNotAllowed);
  const { removedUploads, closedReports } = await removePosts(ctx.db, [postId]);
  await removeUploadFiles(ctx.storage, removedUploads);
  return { channelId: post.channelId, organizationId: post.organizationId, closedReports };
}

/** A copy of the message (text and attachment) in another channel of the organization where the user may post. */
export async function forwardPost(db: Db, clock: Clock, user: User, postId: string, targetChannelId: string) {
  const { post } = await postFor(db, user, postId);
  if (post.channelId === targetChannelId) throw badRequest(postMessages.forwardSame);
  const target = await channelWriter(db, user, targetChannelId).catch(() => {
    throw forbidden(postMessages.forwardTarget);
  });
  if (target.channel.organizationId !== post.organizationId) throw forbidden(postMessages.forwardTarget);
  return insertPost(db, clock, user, {
    organizationId: post.organizationId,
    channelId: targetChannelId,
    content: post.content,
    attachmentId: post.attachmentId,
    forwardedFromId: post.id,
  }).then((created) => ({ ...created, byVoter: !target.admin }));
}
