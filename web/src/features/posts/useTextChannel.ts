import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { Channel } from "../../../../contract/channels";
import { channelCache } from "./channelCache";
import { useChannelActions } from "./useChannelActions";
import { useChannelLive } from "./useChannelLive";
import { useMarkRead } from "./useMarkRead";
import { useTimeline, useUnreadDivider } from "./useTimeline";

/**
 * A text channel for one viewer: its timeline query, the unread divider, its writes, kept live
 * from `channel:{id}` and caught up after every (re)subscription; read marks as messages show.
 */
export function useTextChannel(channel: Channel, userId: string | undefined) {
  const queryClient = useQueryClient();
  const cache = useMemo(() => channelCache(queryClient, channel.id), [queryClient, channel.id]);
  const { view, page, loadOlder, reload } = useTimeline(channel.id);
  const readNow = useMarkRead(channel);
  // The newest message by someone else, however it came (an event, or a read catching up after a
  // subscription): the open channel is read to it.
  const newest = page?.posts.at(-1);
  const newestByOther = newest && newest.author?.id !== userId ? newest.id : null;
  useEffect(() => {
    if (newestByOther) readNow();
  }, [newestByOther, readNow]);
  // Where the divider goes is read before this visit marks the channel read.
  const { unreadFrom, clear } = useUnreadDivider(page, userId, readNow);
  // Having written here, the viewer has read what came before: the divider goes.
  const actions = useChannelActions(channel.id, cache, clear);
  const typers = useChannelLive({
    channelId: channel.id,
    userId,
    cache,
    refetchTimeline: reload,
    failed: view.status === "error",
    readNow,
  });
  return { view, unreadFrom, typers, actions, loadOlder, reload, held: cache.timeline };
}
