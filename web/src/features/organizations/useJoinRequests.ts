import { useQueryClient } from "@tanstack/react-query";
import type { JoinRequest } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { endpointKey, readFromNow, useEndpointQuery, writeOrReadAgain } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { STATS_REFRESH_MS } from "./useOrganizationStats";

/** The organization profile's Join Requests card, where the administrators decide the requests. */
export const JOIN_REQUESTS_ID = "join-requests";
export const JOIN_REQUESTS_PATH = `/organization/profile#${JOIN_REQUESTS_ID}`;

/**
 * The organization's pending join requests, for its administrators (null until read), kept live: new requests arrive on the administrators' topic, and a request
 * another administrator decided leaves the list (told there, and by the member who joined). The
 * Join Requests card and the administrator's home share it.
 */
export function useJoinRequests(organizationId: string) {
  const input = { params: { id: organizationId } };
  const query = useEndpointQuery(organizationsEndpoints.joinRequests, input, {
    refetchInterval: STATS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const queryClient = useQueryClient();
  const key = endpointKey(organizationsEndpoints.joinRequests, input);
  // Into the list on screen; a list on its way (read before the change, maybe) is read again.
  const setRequests = (update: (list: JoinRequest[]) => JoinRequest[]) =>
    writeOrReadAgain<{ requests: JoinRequest[] }>(queryClient, key, (data) => ({
      requests: update(data.requests),
    }));

  useTopic(
    `admins:${organizationId}`,
    {
      "join_request.created": ({ request }) =>
        setRequests((list) => (list.some((r) => r.id === request.id) ? list : [...list, request])),
      "join_request.decided": ({ request_id }) =>
        setRequests((list) => list.filter((r) => r.id !== request_id)),
    },
    // Requests made while the socket was down, or before it subscribed.
    (since) => readFromNow(queryClient, key, { since }),
  );
  useTopic(
    `org:${organizationId}`,
    {
      "member.joined": ({ member }) =>
        setRequests((list) => list.filter((r) => r.user_id !== member.user_id)),
    },
    // A request approved by another administrator while the socket was not listening.
    (since) => readFromNow(queryClient, key, { since }),
  );

  return { query, requests: query.data?.requests ?? null, setRequests };
}
