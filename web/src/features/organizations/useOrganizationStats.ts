import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { errorText } from "./errors";

/** How often the stat cards are counted again while the page is open. */
export const STATS_REFRESH_MS = 30_000;

/** Realtime events come in bursts (presence, votes): one recount per this period at most. */
const LIVE_RECOUNT_MS = 1000;

/**
 * The profile's stat cards, counted by the server: again every 30 s, when the window regains focus,
 * and shortly after a realtime event that changes a figure.
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
    "member.joined": soon,
    "member.left": soon,
    "channel.created": soon,
    "channel.deleted": soon,
    "election.sealed": soon,
    "presence.updated": soon,
  });

  // The last counted figures stay on screen when a recount fails, with the error beside them.
  return { stats: query.data ?? null, error: query.error ? errorText(query.error) : null, reload };
}
