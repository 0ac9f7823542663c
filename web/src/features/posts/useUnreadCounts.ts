import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import type { Channel } from "../../../../contract/channels";
import type { EventMap } from "../../../../contract/events";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { endpointKey, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
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

/**
 * Whether a new message counts, as the server counts: others' messages, not in the channel being
 * read, not in a muted channel, per the channel's notification choice.
 */
function counts(
  event: EventMap["channel.activity"],
  userId: string | null,
  channels: Channel[],
  open: string | null,
) {
  if (event.author_id && event.author_id === userId) return false;
  if (event.channel_id === open && document.visibilityState === "visible") return false;
  const channel = channels.find((item) => item.id === event.channel_id);
  if (!channel) return false;
  const { muted, muted_until, notify } = channel.preferences;
  const stillMuted = muted && (!muted_until || new Date(muted_until).getTime() > Date.now());
  if (stillMuted || notify === "nothing") return false;
  if (notify === "mentions" && !(userId && event.mentioned_user_ids.includes(userId))) return false;
  return notify !== "voters" || event.author_is_voter;
}

/**
 * Unread messages per channel of the current organization, live: one query (the server's counts,
 * read again after every (re)subscription and when a notification choice or mute changes) that
 * `channel.activity` events add to. The channel open on screen counts none.
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
        if (!counts(event, userId, channels, openChannelId)) return;
        queryClient.setQueryData<Unread>(
          unreadKey(currentId),
          (data) =>
            data && {
              unread: { ...data.unread, [event.channel_id]: (data.unread[event.channel_id] ?? 0) + 1 },
            },
        );
      },
    },
    // Events missed while the socket was down: the server's count.
    () => void refetch(),
  );

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
