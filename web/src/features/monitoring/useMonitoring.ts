import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { monitoringEndpoints } from "../../../../contract/monitoring";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";

const overview = monitoringEndpoints.overview;

/** The organization a cached overview belongs to (its key is [path, { params: { id } }]). */
const keyedOrganization = (key: readonly unknown[] | undefined) =>
  (key?.[1] as { params?: { id?: string } } | undefined)?.params?.id;

/**
 * The organization's monitoring data, kept live: every session change and alert raised or
 * resolved (admins:{id}) invalidates it, as does every (re)subscription, since events sent while
 * the socket was down are lost. The query layer keeps the last good screen when a live refetch
 * fails, and lets only the newest answer land. Another election chosen: the last screen of the
 * same organization stays until the filtered one arrives.
 */
export function useMonitoring(organizationId: string | null, electionId: string | null = null) {
  const queryClient = useQueryClient();
  const query = useEndpointQuery(
    overview,
    { params: { id: organizationId ?? "" }, query: electionId ? { election_id: electionId } : {} },
    {
      enabled: organizationId !== null,
      placeholderData: (previous, previousQuery) =>
        keyedOrganization(previousQuery?.queryKey) === organizationId ? previous : undefined,
    },
  );

  const refetch = useCallback(() => void readFromNow(queryClient, endpointKey(overview)), [queryClient]);
  useTopic(
    organizationId ? `admins:${organizationId}` : null,
    {
      "voting_session.updated": refetch,
      "alert.created": refetch,
      "alert.resolved": refetch,
    },
    (since) => void readFromNow(queryClient, endpointKey(overview), { since }),
  );

  return { query, refetch };
}
