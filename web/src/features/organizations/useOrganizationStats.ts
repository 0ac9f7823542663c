import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { useLive, useTopic } from "../../api/useRealtime";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { errorText } from "./errors";

/** How often the stat cards are counted again while the page is open. */
export const STATS_REFRESH_MS = 30_000;

/** Realtime events come in bursts (presence, votes): one recount per this period at most. */
const LIVE_RECOUNT_MS = 1000;

/**
 * The current organization's stat cards: members and who is online from the workspace's live lists,
 * the channels and votes counted by the server, again every 30 s, when the window regains focus, and
 * shortly after a realtime event that changes them.
 */
export function useOrganizationStats(organizationId: string) {
  const query = useEndpointQuery(
    organizationsEndpoints.stats,
    { params: { id: organizationId } },
    {
      refetchInterval: STATS_REFRESH_MS,
      refetchOnWindowFocus: true,
    },
  );
  const queryClient = useQueryClient();
  const reload = useCallback(
    () =>
      readFromNow(queryClient, endpointKey(organizationsEndpoints.stats, { params: { id: organizationId } })),
    [queryClient, organizationId],
  );

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const soon = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void reload();
    }, LIVE_RECOUNT_MS);
  }, [reload]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  useTopic(`org:${organizationId}`, {
    "channel.created": soon,
    "channel.deleted": soon,
    "election.sealed": soon,
  });

  // Members and who is online are the workspace's live lists, the very lists the server counts: a
  // member coming or going, online or not, changes the cards with no recount (each of them had every
  // open profile count again). While the live connection is lost, who is online is the last count.
  const { members, online } = useWorkspace();
  const live = useLive();
  const counted = query.data;
  const stats = counted && {
    ...counted,
    total_members: members.length,
    online_now: live ? online.size : counted.online_now,
  };
  // The last counted figures stay on screen when a recount fails, with the error beside them.
  return { stats: stats ?? null, error: query.error ? errorText(query.error) : null, reload };
}
