import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { Channel } from "../../../../contract/channels";
import type { ChannelActivity, EventMap } from "../../../../contract/events";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { endpointKey, readFromNow, useEndpointQuery, writeOrReadAgain } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { useSearchParams } from "../../router";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";

type Counts = Readonly<Record<string, number>>;
interface Unread {
  unread: Record<string, number>;
}

const unreadKey = (organizationId: string) =>
  endpointKey(postsEndpoints.unread, { params: { id: organizationId } });

/** What the counts depend on in the channel list: each channel's notification choice and mute. */
const preferencesKey = (channels: Channel[]) =>
  channels.map(({ id, preferences: p }) => `${id}:${p.notify}:${p.muted}:${p.muted_until ?? ""}`).join(",");

/** Events already counted: every mounted hook hears the same event object, and it counts once. */
const counted = new WeakSet<object>();

/** Clears a channel's badge (its page has marked it read). */
export function clearUnread(queryClient: QueryClient, organizationId: string, channelId: string): void {
  queryClient.setQueryData<Unread>(unreadKey(organizationId), (data) => {
    if (!data?.unread[channelId]) return data;
    const { [channelId]: _read, ...rest } = data.unread;
    return { unread: rest };
  });
}

/** A channel's notification choice, muting included: what new messages count there. */
export function notifyChoice(channel: Channel): Channel["preferences"]["notify"] {
  const { muted, muted_until, notify } = channel.preferences;
  const stillMuted = muted && (!muted_until || new Date(muted_until).getTime() > Date.now());
  return stillMuted ? "nothing" : notify;
}

/**
 * How many of a batch's new messages in one channel count, as the server counts: others' messages,
 * per the channel's notification choice ("voters": by voters; "mentions": those mentioning the user).
 */
export function countedMessages(
  activity: ChannelActivity,
  userId: string | null,
  notify: Channel["preferences"]["notify"],
): number {
  if (notify === "nothing") return 0;
  if (notify === "mentions") return activity.mentions.find((m) => m.user_id === userId)?.posts ?? 0;
  let count = 0;
  for (const author of activity.authors) {
    if (author.author_id && author.author_id === userId) continue;
    if (notify === "voters" && !author.by_voter) continue;
    count += author.posts;
  }
  return count;
}

/** The new messages a batch adds to each channel's count; none for the channel being read. */
function added(
  event: EventMap["channel.activity"],
  userId: string | null,
  channels: Channel[],
  open: string | null,
): Record<string, number> {
  const more: Record<string, number> = {};
  for (const activity of event.channels) {
    if (activity.channel_id === open && document.visibilityState === "visible") continue;
    const channel = channels.find((item) => item.id === activity.channel_id);
    if (!channel) continue;
    const count = countedMessages(activity, userId, notifyChoice(channel));
    if (count > 0) more[activity.channel_id] = count;
  }
  return more;
}

/**
 * Unread messages per channel of the current organization, live: one query (the server's counts,
 * read again after every (re)subscription and when a notification choice or mute changes) that
 * `channel.activity` batches (at most one a second) add to. The channel open on screen counts none.
 */
export function useUnreadCounts(): { counts: Counts; clear(channelId: string): void } {
  const { currentId, channels } = useWorkspace();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const openChannelId = searchParams.get("channelId");
  const userId = user?.id ?? null;
  const unread = useEndpointQuery(
    postsEndpoints.unread,
    { params: { id: currentId ?? "" } },
    { enabled: !!currentId, staleTime: Number.POSITIVE_INFINITY },
  );
  const refetch = unread.refetch;

  // A notification choice or mute changed (here or in another tab): the server counts anew.
  const preferences = preferencesKey(channels);
  const before = useRef(preferences);
  useEffect(() => {
    if (before.current !== "" && before.current !== preferences && currentId) void refetch();
    before.current = preferences;
  }, [preferences, currentId, refetch]);

  useTopic(
    currentId ? `org:${currentId}` : null,
    {
      "channel.activity": (event) => {
        if (counted.has(event) || event.organization_id !== currentId) return;
        counted.add(event);
        const more = added(event, userId, channels, openChannelId);
        if (Object.keys(more).length === 0) return;
        // Into the count on screen; a count on its way (read before this batch, maybe) is read again.
        writeOrReadAgain<Unread>(queryClient, unreadKey(currentId), (data) => {
          const unread = { ...data.unread };
          for (const [channelId, count] of Object.entries(more))
            unread[channelId] = (unread[channelId] ?? 0) + count;
          return { unread };
        });
      },
    },
    // Events missed while the socket was down, or before it subscribed: the server's count, read
    // after the subscription (a read on its way began before it, and may not hold them).
    (since) => currentId && readFromNow(queryClient, unreadKey(currentId), { since }),
  );

  // Read in another tab of the user's: its badge clears here too.
  useTopic(userId ? `user:${userId}` : null, {
    "channel.read": (event) => {
      if (event.organization_id === currentId) clearUnread(queryClient, currentId, event.channel_id);
    },
  });

  const data = unread.data;
  const shown = useMemo<Counts>(() => {
    const all = { ...data?.unread };
    if (openChannelId) delete all[openChannelId];
    return all;
  }, [data, openChannelId]);
  const clear = useCallback(
    (channelId: string) => currentId && clearUnread(queryClient, currentId, channelId),
    [queryClient, currentId],
  );
  return { counts: shown, clear };
}
