import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { authorName } from "../../../../contract/posts";
import { postsEndpoints as e } from "../../../../contract/posts-endpoints";
import type { Moment } from "../../api/moment";
import { readFromNow } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { announce } from "../../ui/announce";
import { catchUpPlan } from "./catchUp";
import type { ChannelCache } from "./channelCache";
import { COLLECTIONS, commentsKey, fetchPost, listKey } from "./keys";
import { text } from "./text";

/** How long a typing notice shows after its last event. */
const TYPING_SHOWS_MS = 4000;

export interface Typer {
  userId: string;
  name: string;
  until: number;
}

/**
 * Keeps the channel's queries live from `channel:{id}`: each event is written into the queries
 * that hold what it changed (`channelCache`), or the message is read again when the event does not
 * carry it. After every (re)subscription the catch-up plan (`catchUp.ts`) reads again what events
 * may have been missed: the timeline (its refetch fits the latest page in), lists and open threads.
 * Returns who is typing.
 */
export function useChannelLive(options: {
  channelId: string;
  userId: string | undefined;
  cache: ChannelCache;
  /** Reads the timeline again if it may have missed an event since `since`. */
  refetchTimeline(since: Moment): void;
  failed: boolean;
  readNow(): void;
}): Typer[] {
  const { channelId, userId, cache, readNow } = options;
  const queryClient = useQueryClient();
  const [typers, setTypers] = useState<Typer[]>([]);

  const refresh = (postId: string) =>
    fetchPost(queryClient, postId)
      .then((post) => cache.upsert(post, true))
      .catch(() => undefined);

  useTopic(
    `channel:${channelId}`,
    {
      "post.created": (event) => {
        if (event.channel_id !== channelId) return;
        if (event.post) cache.upsert(event.post, false);
        else void refresh(event.post_id);
        const authorId = event.post?.author?.id;
        if (authorId) setTypers((list) => list.filter((typer) => typer.userId !== authorId));
        if (!authorId || authorId !== userId) readNow();
        if (event.post && authorId !== userId)
          announce(text.newMessage(authorName(event.post.author), event.post.content));
      },
      "post.updated": (event) => {
        if (!cache.known(event.post_id)) return;
        if (event.post) cache.upsert(event.post, false);
        else void refresh(event.post_id);
      },
      "post.deleted": (event) => cache.remove(event.post_id),
      "post.liked": (event) =>
        cache.patch(event.post_id, (post) => ({
          ...post,
          likes_count: event.likes_count,
          user_liked: event.user_id === userId ? event.liked : post.user_liked,
        })),
      "post.reacted": (event) => {
        if (!cache.known(event.post_id)) return;
        if (!event.reactions) {
          void refresh(event.post_id);
          return;
        }
        const change = event.user_id === userId ? { emoji: event.emoji, reacted: event.reacted } : undefined;
        cache.react(event.post_id, event.reactions, change);
      },
      "post.pinned": (event) => {
        if (cache.known(event.post_id))
          cache.relist(event.post_id, (post) => ({ ...post, is_pinned: event.pinned }));
        else if (event.pinned) void refresh(event.post_id);
      },
      "comment.created": (event) => cache.comment(event.comment, event.comments_count),
      "comment.updated": (event) => cache.commentChanged(event.comment),
      "comment.deleted": (event) =>
        cache.commentRemoved(event.post_id, event.comment_id, event.comments_count),
      "typing.started": (event) => {
        if (event.user_id === userId || event.channel_id !== channelId) return;
        const until = Date.now() + TYPING_SHOWS_MS;
        setTypers((list) => [
          ...list.filter((typer) => typer.userId !== event.user_id),
          { userId: event.user_id, name: event.full_name, until },
        ]);
      },
    },
    (since) => {
      // Catch up on what happened while the socket was not listening (at first, and after a reconnect).
      options.refetchTimeline(since);
      const lists = Object.fromEntries(
        COLLECTIONS.map((kind) => [kind, queryClient.getQueryData(listKey(kind, channelId)) ?? null]),
      ) as Record<(typeof COLLECTIONS)[number], unknown>;
      const threads = Object.fromEntries(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: [e.comments.path], type: "active" })
          .map((query) => [(query.queryKey[1] as { params: { id: string } }).params.id, true]),
      );
      const plan = catchUpPlan({ status: options.failed ? "error" : "ready", lists, threads });
      // After a failed first load, everything again (the refetch above is the timeline's).
      const again = plan.reload ? { lists: COLLECTIONS, threads: [] } : plan;
      for (const kind of again.lists)
        void readFromNow(queryClient, listKey(kind, channelId), { exact: true, since });
      for (const postId of again.threads)
        void readFromNow(queryClient, commentsKey(postId), { exact: true, since });
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

  return typers;
}
