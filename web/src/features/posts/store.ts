import type { Collection, Comment, Post, PostPage, Reaction } from "../../../../contract/posts";
import { byTime, catchUpTimeline } from "./catchUp";
import { keepMine } from "./reactions";

export interface Thread {
  status: "loading" | "ready" | "error";
  comments: Comment[];
  error?: string;
}

/**
 * One channel's messages as this viewer sees them. Every list (timeline, pins, bookmarks, media,
 * files, search) holds ids into `byId`, so a like, an edit or a pin shows everywhere at once.
 */
export interface ChannelState {
  channelId: string;
  byId: Record<string, Post>;
  /** The General tab: oldest first. */
  timeline: string[];
  hasMore: boolean;
  status: "loading" | "ready" | "error";
  error: string | null;
  /** The tabs' lists, newest first; null until loaded. */
  lists: Record<Collection, string[] | null>;
  threads: Record<string, Thread>;
  /**
   * The first message that was unread when the channel was opened (the divider goes above it);
   * null when there was none or the viewer has since written here; undefined until known.
   */
  unreadFrom: string | null | undefined;
}

export type Action =
  | { type: "reset"; channelId: string }
  | { type: "failed"; error: string }
  | { type: "loaded"; page: PostPage }
  | { type: "older"; page: PostPage }
  /** The latest page fetched again after a (re)subscription: events may have been missed. */
  | { type: "caughtUp"; page: PostPage }
  /** A message from the server: `viewer` says whether its like and bookmark state are this viewer's. */
  | { type: "upsert"; post: Post; viewer: boolean }
  | { type: "deleted"; postId: string }
  | { type: "liked"; postId: string; count: number; mine?: boolean }
  /**
   * A message's reactions: this viewer's own (`viewer`, the answer to their change), or as anyone
   * sees them (an event), with `change` when the event is the viewer's own from another tab.
   */
  | {
      type: "reacted";
      postId: string;
      reactions: Reaction[];
      viewer: boolean;
      change?: { emoji: string; reacted: boolean };
    }
  | { type: "pinned"; postId: string; pinned: boolean }
  | { type: "bookmarked"; postId: string; bookmarked: boolean }
  | { type: "list"; kind: Collection; posts: Post[] }
  | { type: "threadLoading"; postId: string }
  | { type: "threadLoaded"; postId: string; comments: Comment[] }
  | { type: "threadFailed"; postId: string; error: string }
  | { type: "comment"; comment: Comment; count: number }
  | { type: "unreadFrom"; postId: string | null }
  | { type: "commentUpdated"; comment: Comment }
  | { type: "commentDeleted"; postId: string; commentId: string; count: number };

export const emptyLists = (): ChannelState["lists"] => ({
  pins: null,
  bookmarks: null,
  media: null,
  files: null,
});

export const initialState = (channelId: string): ChannelState => ({
  channelId,
  byId: {},
  timeline: [],
  hasMore: false,
  status: "loading",
  error: null,
  lists: emptyLists(),
  threads: {},
  unreadFrom: undefined,
});

/** The first message of the page by someone else after the viewer last read the channel. */
export function firstUnread(page: PostPage, me: string | undefined): string | null {
  const since = page.last_read_at;
  const post = page.posts.find(
    (item) => item.author?.id !== me && (since === null || item.created_at > since),
  );
  return post?.id ?? null;
}

/** Server copies, keeping this viewer's own like, reactions and bookmark where the copy is the neutral one of an event. */
function merge(byId: Record<string, Post>, posts: Post[], viewer: boolean): Record<string, Post> {
  const next = { ...byId };
  for (const post of posts) {
    const known = next[post.id];
    next[post.id] =
      viewer || !known
        ? post
        : {
            ...post,
            user_liked: known.user_liked,
            is_bookmarked: known.is_bookmarked,
            reactions: keepMine(known.reactions, post.reactions),
          };
  }
  return next;
}

const without = (list: string[] | null, id: string) => (list ? list.filter((item) => item !== id) : list);

/** Where a new message belongs in each loaded tab list. */
function belongsTo(post: Post, kind: Collection): boolean {
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

export function reducer(state: ChannelState, action: Action): ChannelState {
  switch (action.type) {
    case "reset":
      return initialState(action.channelId);
    case "failed":
      return { ...state, status: "error", error: action.error };
    case "loaded":
      return {
        ...state,
        status: "ready",
        error: null,
        byId: merge(state.byId, action.page.posts, true),
        timeline: action.page.posts.map((post) => post.id),
        hasMore: action.page.has_more,
      };
    case "older": {
      const byId = merge(state.byId, action.page.posts, true);
      const known = new Set(state.timeline);
      const fresh = action.page.posts.map((post) => post.id).filter((id) => !known.has(id));
      return { ...state, byId, timeline: [...fresh, ...state.timeline], hasMore: action.page.has_more };
    }
    case "caughtUp": {
      const byId = merge(state.byId, action.page.posts, true);
      const { timeline, hasMore } = catchUpTimeline({ ...state, byId }, action.page);
      return { ...state, status: "ready", error: null, byId, timeline, hasMore };
    }
    case "upsert": {
      const byId = merge(state.byId, [action.post], action.viewer);
      const post = byId[action.post.id] as Post;
      let timeline = state.timeline;
      if (
        !state.timeline.includes(post.id) &&
        post.channel_id === state.channelId &&
        state.status === "ready"
      ) {
        const oldest = state.timeline[0] ? state.byId[state.timeline[0]] : undefined;
        // Older than the loaded range while more exist: it comes with the older pages.
        if (!state.hasMore || !oldest || post.created_at >= oldest.created_at) {
          timeline = [...state.timeline, post.id].sort(byTime(byId));
        }
      }
      const lists = { ...state.lists };
      for (const kind of Object.keys(lists) as Collection[]) {
        const list = lists[kind];
        if (!list) continue;
        const has = list.includes(post.id);
        const should = belongsTo(post, kind);
        if (should && !has) lists[kind] = [post.id, ...list].sort(byTime(byId)).reverse();
        else if (!should && has) lists[kind] = without(list, post.id);
      }
      return { ...state, byId, timeline, lists };
    }
    case "deleted": {
      const lists = { ...state.lists };
      for (const kind of Object.keys(lists) as Collection[])
        lists[kind] = without(lists[kind], action.postId);
      const { [action.postId]: _gone, ...threads } = state.threads;
      return {
        ...state,
        timeline: state.timeline.filter((id) => id !== action.postId),
        lists,
        threads,
      };
    }
    case "liked": {
      const post = state.byId[action.postId];
      if (!post) return state;
      return {
        ...state,
        byId: {
          ...state.byId,
          [post.id]: {
            ...post,
            likes_count: action.count,
            user_liked: action.mine === undefined ? post.user_liked : action.mine,
          },
        },
      };
    }
    case "reacted": {
      const post = state.byId[action.postId];
      if (!post) return state;
      const reactions = action.viewer
        ? action.reactions
        : keepMine(post.reactions, action.reactions, action.change);
      return { ...state, byId: { ...state.byId, [post.id]: { ...post, reactions } } };
    }
    case "pinned":
    case "bookmarked": {
      const post = state.byId[action.postId];
      if (!post) return state;
      const updated =
        action.type === "pinned"
          ? { ...post, is_pinned: action.pinned }
          : { ...post, is_bookmarked: action.bookmarked };
      return reducer(
        { ...state, byId: { ...state.byId, [post.id]: updated } },
        {
          type: "upsert",
          post: updated,
          viewer: true,
        },
      );
    }
    case "list":
      return {
        ...state,
        byId: merge(state.byId, action.posts, true),
        lists: { ...state.lists, [action.kind]: action.posts.map((post) => post.id) },
      };
    case "threadLoading":
      return {
        ...state,
        threads: {
          ...state.threads,
          [action.postId]: { status: "loading", comments: state.threads[action.postId]?.comments ?? [] },
        },
      };
    case "threadLoaded": {
      // Comments that arrived live while the list was loading stay.
      const live = state.threads[action.postId]?.comments ?? [];
      const ids = new Set(action.comments.map((c) => c.id));
      const comments = [...action.comments, ...live.filter((c) => !ids.has(c.id))];
      return { ...state, threads: { ...state.threads, [action.postId]: { status: "ready", comments } } };
    }
    case "threadFailed":
      return {
        ...state,
        threads: {
          ...state.threads,
          [action.postId]: {
            status: "error",
            comments: state.threads[action.postId]?.comments ?? [],
            error: action.error,
          },
        },
      };
    case "comment": {
      const { comment } = action;
      const post = state.byId[comment.post_id];
      const byId = post
        ? {
            ...state.byId,
            [post.id]: { ...post, comments_count: Math.max(action.count, post.comments_count) },
          }
        : state.byId;
      const thread = state.threads[comment.post_id];
      if (!thread || thread.comments.some((c) => c.id === comment.id)) return { ...state, byId };
      return {
        ...state,
        byId,
        threads: {
          ...state.threads,
          [comment.post_id]: { ...thread, comments: [...thread.comments, comment] },
        },
      };
    }
    case "unreadFrom":
      return { ...state, unreadFrom: action.postId };
    case "commentUpdated": {
      const { comment } = action;
      const thread = state.threads[comment.post_id];
      if (!thread) return state;
      const comments = thread.comments.map((c) => (c.id === comment.id ? comment : c));
      return { ...state, threads: { ...state.threads, [comment.post_id]: { ...thread, comments } } };
    }
    case "commentDeleted": {
      const post = state.byId[action.postId];
      const byId = post
        ? { ...state.byId, [post.id]: { ...post, comments_count: action.count } }
        : state.byId;
      const thread = state.threads[action.postId];
      if (!thread) return { ...state, byId };
      const comments = thread.comments.filter((c) => c.id !== action.commentId);
      return { ...state, byId, threads: { ...state.threads, [action.postId]: { ...thread, comments } } };
    }
  }
}
