import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Comment, Post } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { bookmarks, channels, comments, pins, postLikes, posts, uploads, users } from "../../db/schema";
import { IMAGE_TYPES } from "../uploads/sniff";
import { uploadUrl } from "../uploads/store";
import { loadReactions } from "./emoji";

const source = alias(posts, "source");
const sourceChannel = alias(channels, "source_channel");

/**
 * Messages as one viewer sees them, with authors, attachments, like, comment, pin and bookmark
 * state: seven queries whatever the number of messages.
 */
export async function loadPosts(
  db: Db,
  viewerId: string,
  where: SQL | undefined,
  options: { order: "newest" | "oldest"; limit?: number } = { order: "oldest" },
): Promise<Post[]> {
  const query = db
    .select({
      post: posts,
      author: { id: users.id, fullName: users.fullName },
      upload: uploads,
      forwardedChannel: { id: sourceChannel.id, name: sourceChannel.name },
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(uploads, eq(uploads.id, posts.attachmentId))
    .leftJoin(source, eq(source.id, posts.forwardedFromId))
    .leftJoin(sourceChannel, eq(sourceChannel.id, source.channelId))
    .where(where)
    .orderBy(
      ...(options.order === "newest" ? [desc(posts.createdAt), desc(posts.id)] : [posts.createdAt, posts.id]),
    );
  const rows = options.limit ? await query.limit(options.limit) : await query;
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.post.id);
  const [likeCounts, commentCounts, liked, pinned, bookmarked, reactions] = await Promise.all([
    db
      .select({ postId: postLikes.postId, n: count() })
      .from(postLikes)
      .where(inArray(postLikes.postId, ids))
      .groupBy(postLikes.postId),
    db
      .select({ postId: comments.postId, n: count() })
      .from(comments)
      .where(inArray(comments.postId, ids))
      .groupBy(comments.postId),
    db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(inArray(postLikes.postId, ids), eq(postLikes.userId, viewerId))),
    db.select({ postId: pins.postId }).from(pins).where(inArray(pins.postId, ids)),
    db
      .select({ postId: bookmarks.postId })
      .from(bookmarks)
      .where(and(inArray(bookmarks.postId, ids), eq(bookmarks.userId, viewerId))),
    loadReactions(db, viewerId, ids),
  ]);
  const likes = new Map(likeCounts.map((r) => [r.postId, r.n]));
  const commentsBy = new Map(commentCounts.map((r) => [r.postId, r.n]));
  const likedSet = new Set(liked.map((r) => r.postId));
  const pinnedSet = new Set(pinned.map((r) => r.postId));
  const bookmarkedSet = new Set(bookmarked.map((r) => r.postId));
  return rows.map((row) =>
    presentPost(row, {
      likes: likes.get(row.post.id) ?? 0,
      comments: commentsBy.get(row.post.id) ?? 0,
      liked: likedSet.has(row.post.id),
      pinned: pinnedSet.has(row.post.id),
      bookmarked: bookmarkedSet.has(row.post.id),
      reactions: reactions.get(row.post.id) ?? [],
    }),
  );
}

type PostRow = {
  post: typeof posts.$inferSelect;
  author: { id: string; fullName: string } | null;
  upload: typeof uploads.$inferSelect | null;
  forwardedChannel: { id: string; name: string } | null;
};

/** A reply in a message's thread, as everyone sees it. */
export function presentComment(row: {
  comment: typeof comments.$inferSelect;
  author: { id: string; fullName: string } | null;
}): Comment {
  return {
    id: row.comment.id,
    post_id: row.comment.postId,
    content: row.comment.content,
    author: row.author ? { id: row.author.id, full_name: row.author.fullName } : null,
    created_at: row.comment.createdAt.toISOString(),
    edited_at: row.comment.editedAt?.toISOString() ?? null,
  };
}

export function presentPost(
  row: PostRow,
  state: {
    likes: number;
    comments: number;
    liked: boolean;
    pinned: boolean;
    bookmarked: boolean;
    reactions: Post["reactions"];
  },
): Post {
  const upload = row.upload;
  const isImage = !!upload && IMAGE_TYPES.has(upload.contentType as never);
  return {
    id: row.post.id,
    channel_id: row.post.channelId,
    organization_id: row.post.organizationId,
    content: row.post.content,
    author: row.author ? { id: row.author.id, full_name: row.author.fullName } : null,
    attachment: upload
      ? {
          id: upload.id,
          filename: upload.filename,
          content_type: upload.contentType,
          size: upload.size,
          url: uploadUrl(upload.id),
          is_image: isImage,
        }
      : null,
    image_url: upload && isImage ? uploadUrl(upload.id) : null,
    forwarded_from: row.forwardedChannel
      ? { channel_id: row.forwardedChannel.id, channel_name: row.forwardedChannel.name }
      : null,
    likes_count: state.likes,
    comments_count: state.comments,
    user_liked: state.liked,
    reactions: state.reactions,
    is_pinned: state.pinned,
    is_bookmarked: state.bookmarked,
    created_at: row.post.createdAt.toISOString(),
    edited_at: row.post.editedAt?.toISOString() ?? null,
  };
}

export async function loadPost(db: Db, viewerId: string, postId: string): Promise<Post | undefined> {
  const [post] = await loadPosts(db, viewerId, eq(posts.id, postId));
  return post;
}
