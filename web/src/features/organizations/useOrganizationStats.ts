import { useCallback, useEffect, useRef, useState } from "react";
import type { OrganizationStats } from "../../../../contract/organizations";
import { useTopic } from "../../api/useRealtime";
import { organizationsApi } from "./api";
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
  const [stats, setStats] = useState<OrganizationStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setStats(await organizationsApi.stats(organizationId));
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [organizationId]);

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

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), STATS_REFRESH_MS);
    const onFocus = () => void reload();
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [reload]);

  return { stats, error, reload };
}
