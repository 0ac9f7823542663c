import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { type Comment, postMessages } from "../../../contract/posts";
import type { addCommentInput, commentInput } from "../../../contract/posts-input";
import type { Db, Tx } from "../../db/connect";
import { comments, users } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { isUniqueViolation } from "../../lib/db-errors";
import type { User } from "../accounts/sessions";
import { type PostRow, postFor, refuseIfSuspended, refuseUnlessParticipant } from "./access";
import { notifyMentions } from "./mentions";
import { presentComment } from "./queries";

/** The thread under a message, oldest first. */
export async function listComments(db: Db, user: User, postId: string): Promise<Comment[]> {
  await postFor(db, user, postId);
  const rows = await db
    .select({ comment: comments, author: { id: users.id, fullName: users.fullName } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(presentComment);
}

/**
 * Members a reply (new or edited) names are told, as by a message, the notice pointing at the
 * thread's message; once for the message and its thread (notifyMentions).
 */
function replyMentions(db: Db, clock: Clock, user: User, post: PostRow, text: string): Promise<string[]> {
  return notifyMentions(db, {
    postId: post.id,
    channelId: post.channelId,
    text,
    authorId: user.id,
    organizationId: post.organizationId,
    now: clock.now(),
  });
}

/**
 * A comment (or reply) under a message: by those who may post there, where comments are on. A
 * comment sent again under the id it was first sent with (its answer lost) is answered as it was
 * written (`repeated`: nothing new to announce), never written twice while it stands. The comment,
 * its count and its mentions' notices commit together: a failure between them (the database gone)
 * leaves nothing, so the comment sent again is written and announced then, not taken for a repeat
 * that was never announced. One deleted since is written again: its id is free.
 */
export async function addComment(
  db: Db,
  clock: Clock,
  user: User,
  postId: string,
  input: z.output<typeof addCommentInput>,
) {
  const access = await postFor(db, user, postId);
  const { post, admin, channel } = access;
  refuseUnlessParticipant(access, user);
  if (!admin && !channel.permissions.membersCanComment) throw forbidden(postMessages.commentsOff);
  refuseIfSuspended(access);
  const answer = (row: typeof comments.$inferSelect, commentsCount: number, mentioned: string[] | null) => ({
    channelId: post.channelId,
    comment: presentComment({ comment: row, author: { id: user.id, fullName: user.fullName } }),
    commentsCount,
    mentioned: mentioned ?? [],
    // Written and announced before: no one to tell.
    repeated: mentioned === null,
  });
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(comments)
        .values({ id: input.id, postId, authorId: user.id, content: input.content })
        .returning();
      if (!row) throw new Error("comment insert returned nothing");
      const total = await commentsOn(tx, postId);
      return answer(row, total, await replyMentions(tx, clock, user, post, input.content));
    });
  } catch (error) {
    // Written before, or the same send twice at once: the one written first answers both.
    if (!input.id || !isUniqueViolation(error, "comments_pkey")) throw error;
    const row = await writtenBefore(db, user, postId, input.id, input.content);
    return answer(row, await commentsOn(db, postId), null);
  }
}

async function commentsOn(db: Db | Tx, postId: string): Promise<number> {
  const [total] = await db.select({ n: count() }).from(comments).where(eq(comments.postId, postId));
  return total?.n ?? 0;
}

/**
 * The comment the user wrote under `id` on this message, sent again. Refused: another's id,
 * another message's, or the same id with other text, unless the comment was edited since (answering
 * 201 would tell the writer that text was written when it was not).
 */
async function writtenBefore(db: Db, user: User, postId: string, id: string, content: string) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  const same =
    row?.authorId === user.id && row.postId === postId && (row.editedAt !== null || row.content === content);
  if (!row || !same) throw conflict(postMessages.commentIdTaken);
  return row;
}

/** A comment and the viewer's access to its message's channel; outside the organization it does not exist. */
async function commentFor(db: Db, user: User, commentId: string) {
  const [comment] = await db.select().from(comments).where(eq(comments.id, commentId));
  if (!comment) throw notFound(postMessages.commentNotFound);
  const access = await postFor(db, user, comment.postId).catch(() => {
    throw notFound(postMessages.commentNotFound);
  });
  return { comment, ...access };
}

/** Only its author edits a comment (an administrator too may only remove it). */
export async function editComment(
  db: Db,
  clock: Clock,
  user: User,
  commentId: string,
  input: z.output<typeof commentInput>,
) {
  const access = await commentFor(db, user, commentId);
  if (access.comment.authorId !== user.id) throw forbidden(postMessages.commentNotYours);
  refuseIfSuspended(access);
  const [row] = await db
    .update(comments)
    .set({ content: input.content, editedAt: clock.now() })
    .where(and(eq(comments.id, commentId), eq(comments.authorId, user.id)))
    .returning();
  if (!row) throw notFound(postMessages.commentNotFound);
  const mentioned = await replyMentions(db, clock, user, access.post, input.content);
  return {
    channelId: access.post.channelId,
    comment: presentComment({ comment: row, author: { id: user.id, fullName: user.fullName } }),
    mentioned,
  };
}

/** Authors delete their own comments; the organization's administrators delete any. */
export async function deleteComment(db: Db, user: User, commentId: string) {
  const access = await commentFor(db, user, commentId);
  const { comment, admin, post } = access;
  if (comment.authorId !== user.id && !admin) throw forbidden(postMessages.commentDeleteNotAllowed);
  return db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, commentId));
    const [total] = await tx.select({ n: count() }).from(comments).where(eq(comments.postId, post.id));
    return { channelId: post.channelId, postId: post.id, commentsCount: total?.n ?? 0 };
  });
}
