import { useCallback, useEffect, useRef, useState } from "react";
import type { Election } from "../../../../contract/elections";
import { NetworkError } from "../../api/http";
import { useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";
import { electionsApi } from "./api";

export type Loaded<T> =
  | { state: "loading" }
  | { state: "ready"; data: T }
  | { state: "error"; message: string; status?: number };

const statusOf = (failure: unknown) =>
  failure instanceof NetworkError ? undefined : (failure as { status?: number }).status;

/**
 * Runs `task` now, or once more after the run in progress when called again meanwhile: a burst of
 * events costs at most two fetches, and the last one sees every change.
 */
function useCoalesced(task: () => Promise<void>): () => void {
  const latest = useRef(task);
  latest.current = task;
  const state = useRef({ running: false, again: false });
  return useCallback(() => {
    const run = () => {
      if (state.current.running) {
        state.current.again = true;
        return;
      }
      state.current.running = true;
      latest
        .current()
        .catch(() => undefined)
        .finally(() => {
          state.current.running = false;
          if (state.current.again) {
            state.current.again = false;
            run();
          }
        });
    };
    run();
  }, []);
}

/**
 * A value loaded from the server and kept live: refetched on every `election.updated` or
 * `election.sealed` (a batch of ballots sealed: turnout moved) of the organization's topic that `matches`, and after every (re)subscription, since
 * events sent while the socket was down are lost. A failed live refetch keeps the last good value.
 */
function useLive<T>(
  key: string | null,
  load: () => Promise<T>,
  organizationId: string | null | undefined,
  /** Does an event about this election concern the screen (null: an election of a deleted channel)? */
  matches: (electionId: string | null) => boolean,
) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  const keyRef = useRef(key);
  keyRef.current = key;
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchNow = useCallback(async (initial: boolean) => {
    const mine = keyRef.current;
    if (mine === null) return;
    try {
      const data = await loadRef.current();
      if (keyRef.current === mine) setLoaded({ state: "ready", data });
    } catch (failure) {
      if (keyRef.current !== mine) return;
      // Live refetches keep the last good screen; only the first load (or a Retry) shows the error.
      setLoaded((previous) =>
        initial || previous.state !== "ready"
          ? { state: "error", message: messageOf(failure), status: statusOf(failure) }
          : previous,
      );
      if (!initial) throw failure;
    }
  }, []);

  useEffect(() => {
    if (key === null) return;
    setLoaded({ state: "loading" });
    void fetchNow(true);
  }, [key, fetchNow]);

  const refetch = useCoalesced(() => fetchNow(false));
  const retry = useCallback(() => {
    setLoaded({ state: "loading" });
    void fetchNow(true);
  }, [fetchNow]);

  const matchRef = useRef(matches);
  matchRef.current = matches;
  useTopic(
    organizationId && key !== null ? `org:${organizationId}` : null,
    {
      "election.updated": (event) => matchRef.current(event.election_id) && refetch(),
      "election.sealed": (event) => matchRef.current(event.election_id) && refetch(),
      // Deleting an election channel takes an election that never opened with it.
      "channel.deleted": () => matchRef.current(null) && refetch(),
    },
    // Confirmed at first and after every reconnect: catch up on what happened meanwhile.
    () => refetch(),
  );

  const replace = useCallback((data: T) => setLoaded({ state: "ready", data }), []);
  return { loaded, refetch, retry, replace };
}

/** The election of an election channel, live. */
export function useChannelElection(channelId: string | null) {
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [electionId, setElectionId] = useState<string | null>(null);
  const live = useLive(
    channelId,
    async () => {
      const election = await electionsApi.ofChannel(channelId as string);
      setOrganizationId(election.organization_id);
      setElectionId(election.id);
      return election;
    },
    organizationId,
    (id) => id === electionId,
  );
  return live;
}

/** The organization's elections (newest first), live. */
export function useOrganizationElections(organizationId: string | null) {
  return useLive(
    organizationId,
    async () => (await electionsApi.list(organizationId as string)).elections,
    organizationId,
    () => true,
  );
}

/** Calls `refresh` whenever the election's counts or state change (for lists beside it). */
export function useElectionEvents(
  organizationId: string | null | undefined,
  electionId: string | null | undefined,
  refresh: () => void,
) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useTopic(
    organizationId ? `org:${organizationId}` : null,
    {
      "election.updated": (event) => event.election_id === electionId && latest.current(),
      "election.sealed": (event) => event.election_id === electionId && latest.current(),
    },
    () => latest.current(),
  );
}

export type { Election };
