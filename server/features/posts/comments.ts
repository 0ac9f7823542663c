import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { type Comment, type commentInput, postMessages } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { comments, users } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { postFor, refuseIfSuspended } from "./access";

function present(row: {
  comment: typeof comments.$inferSelect;
  author: { id: string; fullName: string } | null;
}): Comment {
  return {
    id: row.comment.id,
    post_id: row.comment.postId,
    content: row.comment.content,
    author: row.author ? { id: row.author.id, full_name: row.author.fullName } : null,
    created_at: row.comment.createdAt.toISOString(),
  };
}

/** The thread under a message, oldest first. */
export async function listComments(db: Db, user: User, postId: string): Promise<Comment[]> {
  await postFor(db, user, postId);
  const rows = await db
    .select({ comment: comments, author: { id: users.id, fullName: users.fullName } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(present);
}

/** A comment (or reply) under a message: by those who may post there, where comments are on. */
export async function addComment(db: Db, user: User, postId: string, input: z.output<typeof commentInput>) {
  const access = await postFor(db, user, postId);
  const { post, canPost, admin, channel } = access;
  if (!canPost) throw forbidden(postMessages.locked);
  if (!admin && !channel.permissions.membersCanComment) throw forbidden(postMessages.commentsOff);
  refuseIfSuspended(access);
  const [row] = await db
    .insert(comments)
    .values({ postId, authorId: user.id, content: input.content })
    .returning();
  if (!row) throw new Error("comment insert returned nothing");
  const [total] = await db.select({ n: count() }).from(comments).where(eq(comments.postId, postId));
  return {
    channelId: post.channelId,
    comment: present({ comment: row, author: { id: user.id, fullName: user.fullName } }),
    commentsCount: total?.n ?? 0,
  };
}
