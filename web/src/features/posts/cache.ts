import type { Collection, Comment, Post, PostPage } from "../../../../contract/posts";
import { keepMine } from "./reactions";

/*
 * How a realtime event or a write's answer changes what the channel's queries hold: the timeline
 * (a PostPage, oldest first), a tab list ({ posts }, newest first) and a thread ({ comments }).
 * Pure functions, tested in cache.test.ts; `channelCache.ts` applies them with setQueryData.
 */

export interface PostList {
  posts: Post[];
}
export interface CommentList {
  comments: Comment[];
}

/** Oldest first by time, then id (the server's order). */
export const olderFirst = (a: Post, b: Post) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * A server copy as this viewer sees it: `viewer` copies (answers to the viewer's own requests) as
 * they are; an event's neutral copy keeps the viewer's own like, bookmark and reactions.
 */
export function asSeen(known: Post | undefined, post: Post, viewer: boolean): Post {
  if (viewer || !known) return post;
  return {
    ...post,
    user_liked: known.user_liked,
    is_bookmarked: known.is_bookmarked,
    reactions: keepMine(known.reactions, post.reactions),
  };
}

/** Which tab lists a message belongs in. */
export function belongsTo(post: Post, kind: Collection): boolean {
  switch (kind) {
    case "pins":
      return post.is_pinned;
    case "bookmarks":
      return post.is_bookmarked;
    case "media":
      return !!post.attachment?.is_image;
    case "files":
      return !!post.attachment && !post.attachment.is_image;
  }
}

/**
 * The timeline with this message in it: replaced where held, else added in time order, unless it
 * is older than the loaded range while more exist (it comes with the older pages).
 */
export function placeInTimeline(page: PostPage, post: Post): PostPage {
  if (page.posts.some((item) => item.id === post.id))
    return { ...page, posts: page.posts.map((item) => (item.id === post.id ? post : item)) };
  const oldest = page.posts[0];
  if (page.has_more && oldest && olderFirst(post, oldest) < 0) return page;
  return { ...page, posts: [...page.posts, post].sort(olderFirst) };
}

/** A tab list (newest first) with this message added, replaced or taken out as it now belongs. */
export function placeInList(list: PostList, kind: Collection, post: Post): PostList {
  const has = list.posts.some((item) => item.id === post.id);
  if (!belongsTo(post, kind)) return has ? withoutPost(list, post.id) : list;
  if (has) return { ...list, posts: list.posts.map((item) => (item.id === post.id ? post : item)) };
  return { ...list, posts: [post, ...list.posts].sort((a, b) => olderFirst(b, a)) };
}

export function withoutPost<T extends PostList>(data: T, postId: string): T {
  return data.posts.some((item) => item.id === postId)
    ? { ...data, posts: data.posts.filter((item) => item.id !== postId) }
    : data;
}

/** The held copy of a message changed (the same object when it is not held). */
export function changePost<T extends PostList>(data: T, postId: string, change: (post: Post) => Post): T {
  return data.posts.some((item) => item.id === postId)
    ? { ...data, posts: data.posts.map((item) => (item.id === postId ? change(item) : item)) }
    : data;
}

/** An older page put before the timeline held (what it already holds once). */
export function withOlder(held: PostPage, older: PostPage): PostPage {
  const known = new Set(held.posts.map((post) => post.id));
  return {
    ...held,
    posts: [...older.posts.filter((post) => !known.has(post.id)), ...held.posts],
    has_more: older.has_more,
  };
}

/**
 * The first message by someone else after the viewer last read the channel (the unread divider's
 * place); with `until`, only among the messages sent by then.
 */
export function firstUnreadPost(page: PostPage, me: string | undefined, until?: string): Post | undefined {
  const since = page.last_read_at;
  return page.posts.find(
    (item) =>
      item.author?.id !== me &&
      (since === null || item.created_at > since) &&
      (until === undefined || item.created_at <= until),
  );
}

/** A thread with a new comment (once), or with one changed or taken out. */
export function withComment(thread: CommentList, comment: Comment): CommentList {
  return thread.comments.some((item) => item.id === comment.id)
    ? thread
    : { comments: [...thread.comments, comment] };
}
export function changedComment(thread: CommentList, comment: Comment): CommentList {
  return { comments: thread.comments.map((item) => (item.id === comment.id ? comment : item)) };
}
export function withoutComment(thread: CommentList, commentId: string): CommentList {
  return { comments: thread.comments.filter((item) => item.id !== commentId) };
}
