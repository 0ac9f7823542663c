import { useCallback, useEffect, useRef, useState } from "react";
import type { MonitoringOverview } from "../../../../contract/monitoring";
import { useTopic } from "../../api/useRealtime";
import { messageOf } from "../../ui/messageOf";
import { monitoringApi } from "./api";

export type MonitoringState =
  | { state: "loading" }
  | { state: "ready"; data: MonitoringOverview }
  | { state: "error"; message: string };

/**
 * The organization's monitoring data, kept live: every session change and alert raised or
 * resolved (org:{id}) refetches it, as does every (re)subscription, since events sent while the
 * socket was down are lost. Refetches are coalesced (one in flight, one more after it at most); a
 * failed live refetch keeps the last good screen, a failed first load shows the error.
 */
export function useMonitoring(organizationId: string | null, electionId: string | null = null) {
  const [loaded, setLoaded] = useState<MonitoringState>({ state: "loading" });
  const current = useRef(organizationId);
  current.current = organizationId;
  const election = useRef(electionId);
  election.current = electionId;
  const flight = useRef({ running: false, again: false });

  const fetchNow = useCallback(async () => {
    const mine = current.current;
    const filter = election.current;
    if (!mine) return;
    try {
      const data = await monitoringApi.overview(mine, filter);
      if (current.current === mine && election.current === filter) setLoaded({ state: "ready", data });
    } catch (failure) {
      if (current.current !== mine || election.current !== filter) return;
      setLoaded((previous) =>
        previous.state === "ready" ? previous : { state: "error", message: messageOf(failure) },
      );
    }
  }, []);

  const refetch = useCallback(() => {
    const run = () => {
      if (flight.current.running) {
        flight.current.again = true;
        return;
      }
      flight.current.running = true;
      void fetchNow().finally(() => {
        flight.current.running = false;
        if (flight.current.again) {
          flight.current.again = false;
          run();
        }
      });
    };
    run();
  }, [fetchNow]);

  useEffect(() => {
    setLoaded({ state: "loading" });
    if (organizationId) refetch();
  }, [organizationId, refetch]);

  // Another election chosen: the last screen stays until the filtered one arrives.
  const asked = useRef(electionId);
  useEffect(() => {
    if (asked.current === electionId) return;
    asked.current = electionId;
    refetch();
  }, [electionId, refetch]);

  useTopic(
    organizationId ? `admins:${organizationId}` : null,
    {
      "voting_session.updated": refetch,
      "alert.created": refetch,
      "alert.resolved": refetch,
    },
    refetch,
  );

  const retry = useCallback(() => {
    setLoaded({ state: "loading" });
    refetch();
  }, [refetch]);

  return { loaded, refetch, retry };
}
