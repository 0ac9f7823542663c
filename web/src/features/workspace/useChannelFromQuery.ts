import { useEffect, useState } from "react";
import { type Channel, channelPath } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels-endpoints";
import { ApiError } from "../../api/http";
import { useEndpointQuery } from "../../api/query";
import { useLocation, useNavigate, useSearchParams } from "../../router";
import { messageOf } from "../../ui/messageOf";
import { useWorkspace } from "./WorkspaceContext";

export type ChannelLoad =
  | { state: "loading" }
  | { state: "ready"; channel: Channel }
  | { state: "missing" }
  | { state: "error"; message: string };

/**
 * The channel the address names (`?channelId=`) as the workspace's live list shows it.
 * `gone` is true once the channel was in the list and has left it (it was deleted).
 */
export function useListedChannel(channelId: string | null) {
  const { channels } = useWorkspace();
  const listed = channelId ? channels.find((channel) => channel.id === channelId) : undefined;
  // The channel was in the workspace's live list: when it leaves the list, it was deleted.
  const [seenInList, setSeenInList] = useState<string | null>(null);
  useEffect(() => {
    if (listed) setSeenInList(listed.id);
  }, [listed]);
  const gone = !!channelId && seenInList === channelId && !listed;
  return { listed, gone };
}

/**
 * Loads the channel named by `?channelId=` (with `?channelName=` to show while loading), keeps it
 * live from the workspace's list and keeps the address honest (type segment and current name).
 */
/**
 * Keeps the address honest: the right type segment and the channel's current name (after a rename);
 * the tab open (an election channel's `&tab=`) stays, so a reload opens it again.
 */
export function useHonestAddress(channel: Channel | undefined | null) {
  const { area } = useWorkspace();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!channel) return;
    const tab = new URLSearchParams(location.search).get("tab") ?? undefined;
    const wanted = channelPath(area, channel, tab);
    if (wanted !== `${location.pathname}${location.search}`) navigate(wanted, { replace: true });
  }, [channel, area, location.pathname, location.search, navigate]);
}

export function useChannelFromQuery() {
  const [searchParams] = useSearchParams();
  const channelId = searchParams.get("channelId");
  const channelName = searchParams.get("channelName");
  const query = useEndpointQuery(
    channelsEndpoints.get,
    { params: { id: channelId ?? "" } },
    { enabled: !!channelId },
  );
  const failure = query.error;
  const load: ChannelLoad = !channelId
    ? { state: "missing" }
    : query.data
      ? { state: "ready", channel: query.data }
      : !failure || query.isFetching
        ? { state: "loading" }
        : failure instanceof ApiError && (failure.status === 404 || failure.status === 400)
          ? { state: "missing" }
          : { state: "error", message: messageOf(failure) };

  // The workspace's list is kept live: a rename, a settings change or a delete shows here too.
  const { listed, gone } = useListedChannel(channelId);
  const loaded = load.state === "ready" && load.channel.id === channelId ? load.channel : undefined;
  const channel = gone ? undefined : (listed ?? loaded);

  useHonestAddress(channel);

  const retry = () => void query.refetch();
  return { channelName, load, gone, channel, retry };
}
