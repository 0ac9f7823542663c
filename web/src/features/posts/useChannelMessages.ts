import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { Channel } from "../../../../contract/channels";
import {
  type Collection,
  postsEndpoints as e,
  type Post,
  type ReactionEmoji,
} from "../../../../contract/posts";
import { call } from "../../api/client";
import { useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { catchUpPlan } from "./catchUp";
import { type ChannelState, firstUnread, initialState, reducer } from "./store";
import { clearUnread } from "./useUnreadCounts";

/** How often the composer tells others that the user is typing, and how long that shows. */
const TYPING_EVERY_MS = 3000;
const TYPING_SHOWS_MS = 4000;

export interface Typer {
  userId: string;
  name: string;
  until: number;
}

/** What can be done with the channel's messages; stable across renders. */
export interface ChannelActions {
  /** The state as of now, for loops that await (jump to a message). */
  current(): ChannelState;
  loadOlder(): Promise<void>;
  retry(): void;
  send(content: string, attachmentId?: string): Promise<Post>;
  toggleLike(post: Post): void;
  /** Adds the viewer's reaction with this emoji, or takes it back when they have it. */
  toggleReaction(post: Post, emoji: string): void;
  togglePin(post: Post): void;
  toggleBookmark(post: Post): void;
  openThread(postId: string): void;
  comment(postId: string, content: string): Promise<void>;
  editComment(commentId: string, content: string): Promise<void>;
  removeComment(postId: string, commentId: string): Promise<void>;
  edit(postId: string, content: string): Promise<void>;
  remove(postId: string): Promise<void>;
  loadList(kind: Collection): void;
  notifyTyping(): void;
}

export interface ChannelMessages {
  state: ChannelState;
  loadingOlder: boolean;
  typers: Typer[];
  actions: ChannelActions;
}

/**
 * A text channel's messages for one viewer: the latest page, older pages on demand, the tabs'
 * lists and threads, kept live from `channel:{id}` and caught up after every (re)subscription.
 */
export function useChannelMessages(channel: Channel, userId: string | undefined): ChannelMessages {
  const channelId = channel.id;
  const toast = useToast();
  const [state, dispatch] = useReducer(reducer, channelId, initialState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const olderRef = useRef<Promise<void> | null>(null);
  const [typers, setTypers] = useState<Typer[]>([]);
  const lastTypingSent = useRef(0);
  // Answers to "latest page" requests can cross: only a newer request's answer may land.
  const latestAsked = useRef(0);
  const latestApplied = useRef(0);
  const [attempt, setAttempt] = useState(0);

  const fail = useCallback((failure: unknown) => toast(messageOf(failure), "error"), [toast]);

  // ----- reading ---------------------------------------------------------------------------------

  const markRead = useRef({ timer: 0 as ReturnType<typeof setTimeout> | 0, pending: false });
  const readNow = useCallback(() => {
    const mark = markRead.current;
    if (document.visibilityState !== "visible") {
      mark.pending = true;
      return;
    }
    mark.pending = false;
    if (mark.timer) return;
    clearUnread(channelId);
    // A burst of messages marks once.
    mark.timer = setTimeout(() => {
      mark.timer = 0;
      call(e.markRead, { params: { id: channelId } })
        .then(() => clearUnread(channelId))
        .catch(() => undefined);
    }, 400);
  }, [channelId]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && markRead.current.pending) readNow();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [readNow]);

  // ----- loading ---------------------------------------------------------------------------------

  const fetchLatest = useCallback(async () => {
    const asked = ++latestAsked.current;
    const page = await call(e.list, { params: { id: channelId }, query: {} });
    if (asked < latestApplied.current || stateRef.current.channelId !== channelId) return;
    latestApplied.current = asked;
    dispatch({ type: "caughtUp", page });
    return page;
  }, [channelId]);

  const fetchList = useCallback(
    async (kind: Collection) => {
      const { posts } = await call(e[kind], { params: { id: channelId } });
      if (stateRef.current.channelId === channelId) dispatch({ type: "list", kind, posts });
    },
    [channelId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's way to load again
  useEffect(() => {
    dispatch({ type: "reset", channelId });
    setTypers([]);
    fetchLatest()
      .then((page) => {
        // Where the unread divider goes: read before this visit marks the channel read.
        if (page) dispatch({ type: "unreadFrom", postId: firstUnread(page, userId) });
        readNow();
      })
      .catch((failure) => dispatch({ type: "failed", error: messageOf(failure) }));
    // The badges on the Pins and Bookmarks tabs show from the start.
    fetchList("pins").catch(() => undefined);
    fetchList("bookmarks").catch(() => undefined);
  }, [channelId, attempt, fetchLatest, fetchList, readNow, userId]);

  const loadOlder = useCallback(() => {
    if (olderRef.current) return olderRef.current;
    const { timeline, byId, hasMore } = stateRef.current;
    const oldest = timeline[0] ? byId[timeline[0]] : undefined;
    if (!hasMore || !oldest) return Promise.resolve();
    setLoadingOlder(true);
    const run = call(e.list, { params: { id: channelId }, query: { before: oldest.id } })
      .then((page) => {
        if (stateRef.current.channelId !== channelId) return;
        dispatch({ type: "older", page });
        // The next call must see the new oldest message: the ref is updated at the next render.
        stateRef.current = reducer(stateRef.current, { type: "older", page });
      })
      .catch(fail)
      .finally(() => {
        olderRef.current = null;
        setLoadingOlder(false);
      });
    olderRef.current = run;
    return run;
  }, [channelId, fail]);

  const fetchPost = useCallback(
    (postId: string) =>
      call(e.get, { params: { id: postId } })
        .then((post) => {
          if (stateRef.current.channelId === channelId) dispatch({ type: "upsert", post, viewer: true });
        })
        .catch(() => undefined),
    [channelId],
  );

  // ----- live ------------------------------------------------------------------------------------

  useTopic(
    `channel:${channelId}`,
    {
      "post.created": (event) => {
        if (event.channel_id !== channelId) return;
        if (event.post) dispatch({ type: "upsert", post: event.post, viewer: false });
        else void fetchPost(event.post_id);
        const authorId = event.post?.author?.id;
        if (authorId) setTypers((list) => list.filter((typer) => typer.userId !== authorId));
        if (!authorId || authorId !== userId) readNow();
      },
      "post.updated": (event) => {
        if (!stateRef.current.byId[event.post_id]) return;
        if (event.post) dispatch({ type: "upsert", post: event.post, viewer: false });
        else void fetchPost(event.post_id);
      },
      "post.deleted": (event) => dispatch({ type: "deleted", postId: event.post_id }),
      "post.liked": (event) =>
        dispatch({
          type: "liked",
          postId: event.post_id,
          count: event.likes_count,
          mine: event.user_id === userId ? event.liked : undefined,
        }),
      "post.reacted": (event) => {
        if (!stateRef.current.byId[event.post_id]) return;
        if (!event.reactions) {
          void fetchPost(event.post_id);
          return;
        }
        dispatch({
          type: "reacted",
          postId: event.post_id,
          reactions: event.reactions,
          viewer: false,
          change: event.user_id === userId ? { emoji: event.emoji, reacted: event.reacted } : undefined,
        });
      },
      "post.pinned": (event) => {
        if (stateRef.current.byId[event.post_id])
          dispatch({ type: "pinned", postId: event.post_id, pinned: event.pinned });
        else if (event.pinned) void fetchPost(event.post_id);
      },
      "comment.created": (event) =>
        dispatch({ type: "comment", comment: event.comment, count: event.comments_count }),
      "comment.updated": (event) => dispatch({ type: "commentUpdated", comment: event.comment }),
      "comment.deleted": (event) =>
        dispatch({
          type: "commentDeleted",
          postId: event.post_id,
          commentId: event.comment_id,
          count: event.comments_count,
        }),
      "typing.started": (event) => {
        if (event.user_id === userId || event.channel_id !== channelId) return;
        const until = Date.now() + TYPING_SHOWS_MS;
        setTypers((list) => [
          ...list.filter((typer) => typer.userId !== event.user_id),
          { userId: event.user_id, name: event.full_name, until },
        ]);
      },
    },
    () => {
      // Catch up on what happened while the socket was not listening (at first, and after a reconnect).
      const plan = catchUpPlan(stateRef.current);
      if (plan.reload) {
        setAttempt((n) => n + 1);
        return;
      }
      fetchLatest().catch(() => undefined);
      for (const kind of plan.lists) fetchList(kind).catch(() => undefined);
      for (const postId of plan.threads) {
        call(e.comments, { params: { id: postId } })
          .then(({ comments }) => dispatch({ type: "threadLoaded", postId, comments }))
          .catch(() => undefined);
      }
    },
  );

  // Typing notices expire 4 s after the last event.
  useEffect(() => {
    if (typers.length === 0) return;
    const next = Math.min(...typers.map((typer) => typer.until));
    const timer = setTimeout(
      () => setTypers((list) => list.filter((typer) => typer.until > Date.now())),
      Math.max(50, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [typers]);

  // ----- acting ----------------------------------------------------------------------------------

  const send = useCallback(
    async (content: string, attachmentId?: string) => {
      const post = await call(e.create, {
        params: { id: channelId },
        body: { content, ...(attachmentId ? { attachment_id: attachmentId } : {}) },
      });
      dispatch({ type: "upsert", post, viewer: true });
      // Having written here, the viewer has read what came before: the divider goes.
      dispatch({ type: "unreadFrom", postId: null });
      lastTypingSent.current = 0;
      return post;
    },
    [channelId],
  );

  const toggleLike = useCallback(
    (post: Post) => {
      const liked = !post.user_liked;
      const before = post.likes_count;
      dispatch({
        type: "liked",
        postId: post.id,
        count: Math.max(0, before + (liked ? 1 : -1)),
        mine: liked,
      });
      call(liked ? e.like : e.unlike, { params: { id: post.id } })
        .then((result) =>
          dispatch({ type: "liked", postId: post.id, count: result.likes_count, mine: result.user_liked }),
        )
        .catch((failure) => {
          dispatch({ type: "liked", postId: post.id, count: before, mine: !liked });
          fail(failure);
        });
    },
    [fail],
  );

  const toggleReaction = useCallback(
    (post: Post, emoji: string) => {
      const reacted = !post.reactions.some((reaction) => reaction.emoji === emoji && reaction.mine);
      // The emoji is one of the offered ones (the picker shows no other); the server says so if not.
      call(reacted ? e.react : e.unreact, { params: { id: post.id, emoji: emoji as ReactionEmoji } })
        .then((result) =>
          dispatch({ type: "reacted", postId: post.id, reactions: result.reactions, viewer: true }),
        )
        .catch(fail);
    },
    [fail],
  );

  const togglePin = useCallback(
    (post: Post) => {
      const pinned = !post.is_pinned;
      dispatch({ type: "pinned", postId: post.id, pinned });
      call(pinned ? e.pin : e.unpin, { params: { id: post.id } }).catch((failure) => {
        dispatch({ type: "pinned", postId: post.id, pinned: !pinned });
        fail(failure);
      });
    },
    [fail],
  );

  const toggleBookmark = useCallback(
    (post: Post) => {
      const bookmarked = !post.is_bookmarked;
      dispatch({ type: "bookmarked", postId: post.id, bookmarked });
      call(bookmarked ? e.bookmark : e.unbookmark, { params: { id: post.id } }).catch((failure) => {
        dispatch({ type: "bookmarked", postId: post.id, bookmarked: !bookmarked });
        fail(failure);
      });
    },
    [fail],
  );

  const openThread = useCallback((postId: string) => {
    const thread = stateRef.current.threads[postId];
    if (thread && thread.status !== "error") return;
    dispatch({ type: "threadLoading", postId });
    call(e.comments, { params: { id: postId } })
      .then(({ comments }) => dispatch({ type: "threadLoaded", postId, comments }))
      .catch((failure) => dispatch({ type: "threadFailed", postId, error: messageOf(failure) }));
  }, []);

  const comment = useCallback(async (postId: string, content: string) => {
    const result = await call(e.comment, { params: { id: postId }, body: { content } });
    dispatch({ type: "comment", comment: result.comment, count: result.comments_count });
  }, []);

  const editComment = useCallback(async (commentId: string, content: string) => {
    const result = await call(e.editComment, { params: { id: commentId }, body: { content } });
    dispatch({ type: "commentUpdated", comment: result.comment });
  }, []);

  const removeComment = useCallback(async (postId: string, commentId: string) => {
    const result = await call(e.removeComment, { params: { id: commentId } });
    dispatch({ type: "commentDeleted", postId, commentId, count: result.comments_count });
  }, []);

  const edit = useCallback(async (postId: string, content: string) => {
    const post = await call(e.edit, { params: { id: postId }, body: { content } });
    dispatch({ type: "upsert", post, viewer: true });
  }, []);

  const remove = useCallback(async (postId: string) => {
    await call(e.remove, { params: { id: postId } });
    dispatch({ type: "deleted", postId });
  }, []);

  const loadList = useCallback(
    (kind: Collection) => {
      fetchList(kind).catch(fail);
    },
    [fetchList, fail],
  );

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    call(e.typing, { params: { id: channelId } }).catch(() => undefined);
  }, [channelId]);

  const current = useCallback(() => stateRef.current, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const actions = useMemo<ChannelActions>(
    () => ({
      current,
      loadOlder,
      retry,
      send,
      toggleLike,
      toggleReaction,
      togglePin,
      toggleBookmark,
      openThread,
      comment,
      editComment,
      removeComment,
      edit,
      remove,
      loadList,
      notifyTyping,
    }),
    [
      current,
      loadOlder,
      retry,
      send,
      toggleLike,
      toggleReaction,
      togglePin,
      toggleBookmark,
      openThread,
      comment,
      editComment,
      removeComment,
      edit,
      remove,
      loadList,
      notifyTyping,
    ],
  );
  return { state, loadingOlder, typers, actions };
}
