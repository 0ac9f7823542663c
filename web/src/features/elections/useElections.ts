import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Election } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import type { Moment } from "../../api/moment";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { useAuth } from "../accounts/AuthProvider";

const e = electionsEndpoints;

/**
 * Refreshes every read about one election (null: an election of a deleted channel): the channel's
 * election, the organization's lists, its voters and its audit trail. Only the screens showing them
 * fetch again; the query layer keeps the last good answer when a live refetch fails.
 */
export function refreshElection(queryClient: QueryClient, electionId: string | null): void {
  void readFromNow(queryClient, endpointKey(e.list));
  // A channel's election on its way may be this one.
  void readFromNow(queryClient, endpointKey(e.ofChannel), {
    predicate: (query) => [electionId, undefined].includes((query.state.data as Election | undefined)?.id),
  });
  if (electionId === null) return;
  for (const read of [e.voters, e.audit]) {
    void readFromNow(queryClient, endpointKey(read, { params: { id: electionId } }));
  }
}

/**
 * Keeps the organization's elections live: every `election.updated` or `election.sealed` (a batch
 * of ballots sealed: turnout moved) refreshes the reads about that election, a created or deleted
 * channel the lists; after every (re)subscription all of them, since events sent while the socket was
 * down are lost.
 */
function useElectionEvents(organizationId: string | null | undefined) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (electionId: string | null) => refreshElection(queryClient, electionId),
    [queryClient],
  );
  const catchUp = useCallback(
    (since: Moment) => {
      for (const read of [e.list, e.ofChannel, e.voters])
        void readFromNow(queryClient, endpointKey(read), { since });
    },
    [queryClient],
  );
  useTopic(
    organizationId ? `org:${organizationId}` : null,
    {
      "election.updated": (event) => refresh(event.election_id),
      "election.sealed": (event) => refresh(event.election_id),
      // A new election channel brings its election; deleting one takes an election that never opened.
      "channel.created": () => refresh(null),
      "channel.deleted": () => refresh(null),
    },
    catchUp,
  );
}

/**
 * The election of an election channel, live; `replace` writes an answer the page already has. Read
 * again when its browser tab is shown again: the voter's own cast in another tab or on another device
 * comes with no event (ballot secrecy: nothing is sent at a cast), and a ballot left open there would
 * otherwise be offered until the server refused it ("You have already voted").
 */
export function useChannelElection(channelId: string | null) {
  const queryClient = useQueryClient();
  const query = useEndpointQuery(
    e.ofChannel,
    { params: { id: channelId ?? "" } },
    { enabled: channelId !== null, refetchOnWindowFocus: true },
  );
  useElectionEvents(query.data?.organization_id);
  const electionId = query.data?.id ?? null;
  const refetch = useCallback(() => refreshElection(queryClient, electionId), [queryClient, electionId]);
  // Blocked or unblocked by an administrator: the ballot says at once whether the voter may vote.
  const { user } = useAuth();
  useTopic(user ? `user:${user.id}` : null, { "voting_session.updated": refetch });
  const replace = useCallback(
    (election: Election) =>
      queryClient.setQueryData(endpointKey(e.ofChannel, { params: { id: channelId ?? "" } }), election),
    [queryClient, channelId],
  );
  return { query, refetch, replace };
}

/** The organization's elections (newest first), live. */
export function useOrganizationElections(organizationId: string | null) {
  const query = useEndpointQuery(
    e.list,
    { params: { id: organizationId ?? "" } },
    { enabled: organizationId !== null },
  );
  useElectionEvents(organizationId);
  return query;
}
