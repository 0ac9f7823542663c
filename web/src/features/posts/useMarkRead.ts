import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { Channel } from "../../../../contract/channels";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { useEndpointMutation } from "../../api/query";
import { clearUnread } from "./useUnreadCounts";

/**
 * Marks the channel read: its badge clears at once, the server is told once per burst of
 * messages; while the tab is hidden, when it shows again.
 */
export function useMarkRead(channel: Channel): () => void {
  const queryClient = useQueryClient();
  const { mutate } = useEndpointMutation(postsEndpoints.markRead);
  const mark = useRef({ timer: 0 as ReturnType<typeof setTimeout> | 0, pending: false });
  const { id, organization_id } = channel;

  const readNow = useCallback(() => {
    const state = mark.current;
    if (document.visibilityState !== "visible") {
      state.pending = true;
      return;
    }
    state.pending = false;
    if (state.timer) return;
    const clear = () => clearUnread(queryClient, organization_id, id);
    clear();
    state.timer = setTimeout(() => {
      state.timer = 0;
      mutate({ params: { id } }, { onSuccess: clear });
    }, 400);
  }, [id, organization_id, queryClient, mutate]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && mark.current.pending) readNow();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [readNow]);

  return readNow;
}
