import type { Collection } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { useEndpointQuery } from "../../api/query";
import { useChannel } from "./context";

/**
 * A tab's list of the channel's messages, newest first: read when the tab is first opened (Pins and
 * Bookmarks at once, for their badges), kept live by the channel's events after that.
 */
export function useList(kind: Collection) {
  const { channel } = useChannel();
  return useEndpointQuery(postsEndpoints[kind], { params: { id: channel.id } });
}
