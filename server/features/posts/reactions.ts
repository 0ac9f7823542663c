import { and, count, eq } from "drizzle-orm";
import { postMessages } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { bookmarks, pins, postLikes } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { postFor, refuseIfSuspended, refuseUnlessParticipant } from "./access";

/** Likes toggle per user; the count is counted, never kept. */
export async function setLike(db: Db, user: User, postId: string, liked: boolean) {
  const access = await postFor(db, user, postId);
  const { post, admin, channel } = access;
  // Liking is taking part, like commenting: the channel's locks and its reaction setting apply.
  refuseUnlessParticipant(access, user);
  if (!admin && !channel.permissions.membersCanComment) throw forbidden(postMessages.reactionsOff);
  refuseIfSuspended(access);
  if (liked) await db.insert(postLikes).values({ postId, userId: user.id }).onConflictDoNothing();
  else await db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, user.id)));
  const [row] = await db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return { channelId: post.channelId, likesCount: row?.n ?? 0 };
}

/** Pins are the channel's: administrators set them, everyone sees them. */
export async function setPin(db: Db, user: User, postId: string, pinned: boolean) {
  const { post, admin } = await postFor(db, user, postId);
  if (!admin) throw forbidden(postMessages.pinAdminOnly);
  if (pinned) {
    await db
      .insert(pins)
      .values({ postId, channelId: post.channelId, pinnedBy: user.id })
      .onConflictDoNothing();
  } else {
    await db.delete(pins).where(eq(pins.postId, postId));
  }
  return { channelId: post.channelId };
}

/** Bookmarks are each user's own. */
export async function setBookmark(db: Db, user: User, postId: string, bookmarked: boolean) {
  const { post } = await postFor(db, user, postId);
  if (bookmarked) await db.insert(bookmarks).values({ postId, userId: user.id }).onConflictDoNothing();
  else await db.delete(bookmarks).where(and(eq(bookmarks.postId, postId), eq(bookmarks.userId, user.id)));
  return { channelId: post.channelId };
}
