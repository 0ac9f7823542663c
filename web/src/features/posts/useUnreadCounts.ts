import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { Channel } from "../../../../contract/channels";
import type { ChannelActivity, EventMap } from "../../../../contract/events";
import { unreadEndpoints } from "../../../../contract/unread-endpoints";
import { endpointKey, readFromNow, useEndpointQuery, writeOrReadAgain } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { useSearchParams } from "../../router";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { askServer, countedUpTo, readUpTo } from "./readTimes";

type Counts = Readonly<Record<string, number>>;
interface Unread {
  unread: Record<string, number>;
}

const unreadKey = (organizationId: string) =>
  endpointKey(unreadEndpoints.unread, { params: { id: organizationId } });

/** What the counts depend on in the channel list: each channel's notification choice and mute. */
const preferencesKey = (channels: Channel[]) =>
  channels.map(({ id, preferences: p }) => `${id}:${p.notify}:${p.muted}:${p.muted_until ?? ""}`).join(",");

/** Events already counted: every mounted hook hears the same event object, and it counts once. */
const counted = new WeakSet<object>();

/** A message's time in ms; one of unknown time (an older server's batch) as the latest there is. */
const timeOf = (at: string) => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

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

/**
 * Where a batch of a channel's messages falls against the moment the channel was last read
 * (`readAt`, ms; undefined: not read in a tab since this one opened): all written before it, all
 * after, or some on each side (or unknown: a time left empty by an older server).
 */
export function sinceRead(
  activity: ChannelActivity,
  readAt: number | undefined,
): "before" | "after" | "across" {
  if (readAt === undefined) return "after";
  // Times reach here in ms, the server keeps µs: a message in the read's own ms is the server's to count.
  const [first, last] = [Date.parse(activity.first_at), Date.parse(activity.last_at)];
  if (first > readAt) return "after";
  return last < readAt && !Number.isNaN(first) ? "before" : "across";
}

/**
 * The new messages a batch adds to each channel's count; none for the channel being read, nor those
 * written before the channel was read in another tab. `across`: per channel, the latest message of
 * a batch that holds messages from both sides of such a read, which only the server's count can split.
 */
function added(
  event: EventMap["channel.activity"],
  userId: string | null,
  channels: Channel[],
  open: string | null,
): { more: Record<string, number>; across: Array<[channelId: string, upTo: number]> } {
  const more: Record<string, number> = {};
  const across: Array<[string, number]> = [];
  for (const activity of event.channels) {
    if (activity.channel_id === open && document.visibilityState === "visible") continue;
    const channel = channels.find((item) => item.id === activity.channel_id);
    if (!channel) continue;
    const count = countedMessages(activity, userId, notifyChoice(channel));
    if (count === 0) continue;
    const side = sinceRead(activity, readUpTo.get(activity.channel_id));
    const last = timeOf(activity.last_at);
    if (side === "before") continue;
    if (side === "across") {
      across.push([activity.channel_id, last]);
      continue;
    }
    more[activity.channel_id] = count;
    countedUpTo.set(activity.channel_id, Math.max(last, countedUpTo.get(activity.channel_id) ?? last));
  }
  return { more, across };
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
    unreadEndpoints.unread,
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

  /** The server's count, read again (for messages only it can count: around another tab's read). */
  const countAgain = () => {
    if (currentId) void readFromNow(queryClient, unreadKey(currentId));
  };

  useTopic(
    currentId ? `org:${currentId}` : null,
    {
      "channel.activity": (event) => {
        if (counted.has(event) || event.organization_id !== currentId) return;
        counted.add(event);
        const { more, across } = added(event, userId, channels, openChannelId);
        for (const [channelId, upTo] of across) askServer(channelId, upTo, countAgain);
        // Into the count on screen; a count on its way (read before this batch, maybe) is read again.
        if (Object.keys(more).length > 0)
          writeOrReadAgain<Unread>(queryClient, unreadKey(currentId), (data) => {
            const unread = { ...data.unread };
            for (const [channelId, count] of Object.entries(more))
              unread[channelId] = (unread[channelId] ?? 0) + count;
            return { unread };
          });
        // Messages deleted where a count shows: one of them may be counted, which only the server knows.
        const shown = queryClient.getQueryData<Unread>(unreadKey(currentId))?.unread ?? {};
        if (event.channels.some((activity) => activity.deleted && shown[activity.channel_id])) countAgain();
      },
    },
    // Events missed while the socket was down, or before it subscribed: the server's count, read
    // after the subscription (a read on its way began before it, and may not hold them).
    (since) => currentId && readFromNow(queryClient, unreadKey(currentId), { since }),
  );

  // Read in another tab of the user's: its badge clears here too, and messages written before that
  // moment but heard of after it are not counted. When this tab counted one written after it (or in
  // its ms), the server counts (askServer).
  useTopic(userId ? `user:${userId}` : null, {
    "channel.read": (event) => {
      const at = Date.parse(event.read_at);
      if (Number.isNaN(at)) return;
      readUpTo.set(event.channel_id, Math.max(at, readUpTo.get(event.channel_id) ?? at));
      if (event.organization_id !== currentId) return;
      clearUnread(queryClient, currentId, event.channel_id);
      const counted = countedUpTo.get(event.channel_id);
      if (counted !== undefined && counted >= at) askServer(event.channel_id, counted, countAgain);
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
