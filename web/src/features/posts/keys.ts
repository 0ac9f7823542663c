import type { QueryClient } from "@tanstack/react-query";
import type { Collection } from "../../../../contract/posts";
import { postsEndpoints as e } from "../../../../contract/posts-endpoints";
import { call } from "../../api/client";
import { endpointKey } from "../../api/query";

/** The query keys of a text channel's reads: its timeline, its tab lists, a message's comments. */
export const timelineKey = (channelId: string) =>
  endpointKey(e.list, { params: { id: channelId }, query: {} });
export const listKey = (kind: Collection, channelId: string) =>
  endpointKey(e[kind], { params: { id: channelId } });
export const commentsKey = (postId: string) => endpointKey(e.comments, { params: { id: postId } });

export const COLLECTIONS: readonly Collection[] = ["pins", "bookmarks", "media", "files"];

/** One message read once (a permalink, an event that did not carry it), through the query client. */
export const fetchPost = (queryClient: QueryClient, postId: string) =>
  queryClient.fetchQuery({
    queryKey: endpointKey(e.get, { params: { id: postId } }),
    queryFn: () => call(e.get, { params: { id: postId } }),
    gcTime: 0,
  });
