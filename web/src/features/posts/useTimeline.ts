import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Post, PostPage } from "../../../../contract/posts";
import { postsEndpoints as e } from "../../../../contract/posts-endpoints";
import { call } from "../../api/client";
import type { Moment } from "../../api/moment";
import { endpointKey, readFromNow } from "../../api/query";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { firstUnreadPost, withOlder } from "./cache";
import { fitLatest } from "./catchUp";
import { timelineKey } from "./keys";

const NONE: Post[] = [];

/** The General tab's messages as the screens read them. */
export interface TimelineView {
  /** Oldest first. */
  posts: Post[];
  hasMore: boolean;
  status: "loading" | "ready" | "error";
  error: string | null;
  loadingOlder: boolean;
}

/**
 * A channel's timeline: one query holding the messages shown, oldest first. Its fetch reads the
 * latest page and fits it into what is held (`fitLatest`): the first load, Retry and the catch-up
 * after a reconnect are the same refetch, and a refetch cancels the one before (the newest answer
 * wins). Earlier pages are read on demand and put in front. Not an infinite query: its next-page
 * fetch writes back the pages as they were when it started, losing a message that arrived meanwhile.
 */
export function useTimeline(channelId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = timelineKey(channelId);
  const query = useQuery<PostPage, Error>({
    queryKey: key,
    queryFn: async () => {
      const page = await call(e.list, { params: { id: channelId }, query: {} });
      return fitLatest(queryClient.getQueryData<PostPage>(key), page);
    },
    // Kept live by events and caught up after every (re)subscription; a channel opened again loads afresh.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const [loadingOlder, setLoadingOlder] = useState(false);
  const older = useRef<Promise<void> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the channel's
  const loadOlder = useCallback(() => {
    if (older.current) return older.current;
    const held = queryClient.getQueryData<PostPage>(key);
    const oldest = held?.posts[0];
    if (!held?.has_more || !oldest) return Promise.resolve();
    setLoadingOlder(true);
    const input = { params: { id: channelId }, query: { before: oldest.id } };
    const run = queryClient
      .fetchQuery({ queryKey: endpointKey(e.list, input), queryFn: () => call(e.list, input), gcTime: 0 })
      .then((page) => {
        queryClient.setQueryData<PostPage>(key, (data) => data && withOlder(data, page));
      })
      .catch((failure) => toast(messageOf(failure), "error"))
      .finally(() => {
        older.current = null;
        setLoadingOlder(false);
      });
    older.current = run;
    return run;
  }, [channelId, queryClient, toast]);

  /** Reads the latest page again (Retry), or only if it may have missed an event since `since` (a subscription's). */
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the channel's
  const reload = useCallback(
    (since?: Moment) => void readFromNow(queryClient, key, { exact: true, since }),
    [channelId, queryClient],
  );

  const { data, error, isFetching } = query;
  const view = useMemo<TimelineView>(
    () => ({
      posts: data?.posts ?? NONE,
      hasMore: data?.has_more ?? false,
      status: data ? "ready" : error && !isFetching ? "error" : "loading",
      error: data || !error ? null : messageOf(error),
      loadingOlder,
    }),
    [data, error, isFetching, loadingOlder],
  );
  return { view, page: data, loadOlder, reload };
}

/**
 * Where the unread divider goes: above the first message by someone else after the viewer last
 * read the channel, as the first answer of this visit says (before this visit marks it read);
 * `onFirst` runs then. When that answer's oldest message is already unread, the first unread is
 * further back (a channel never opened, with more than a page of messages): as older pages come,
 * the divider moves up to it, so no unread message shows above it as read. It never moves down,
 * nor appears for messages that come while the channel is open. Null once the viewer writes here.
 * Undefined until known.
 */
export function useUnreadDivider(page: PostPage | undefined, me: string | undefined, onFirst: () => void) {
  /** What the visit began with: read up to `since`, the newest message then `until`; the divider's message. */
  const [divider, setDivider] = useState<{ since: string | null; until: string; from: Post | null }>();
  useEffect(() => {
    if (!page) return;
    if (divider === undefined) {
      const until = page.posts.at(-1)?.created_at ?? "";
      setDivider({ since: page.last_read_at, until, from: firstUnreadPost(page, me) ?? null });
      onFirst();
      return;
    }
    if (divider.from === null) return;
    // Only a message that was there when the visit began, and older than the divider's: earlier
    // pages move it up; a catch-up that replaced the timeline with newer messages does not move it down.
    const earlier = firstUnreadPost({ ...page, last_read_at: divider.since }, me, divider.until);
    if (earlier && earlier.created_at < divider.from.created_at) setDivider({ ...divider, from: earlier });
  }, [page, divider, me, onFirst]);
  const clear = useCallback(() => setDivider((held) => held && { ...held, from: null }), []);
  return { unreadFrom: divider && (divider.from?.id ?? null), clear };
}
