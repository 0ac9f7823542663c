import { useCallback, useEffect, useState } from "react";
import type { Bulletin } from "../../../../contract/elections";
import { ApiError } from "../../api/http";
import { messageOf } from "../../ui/messageOf";
import { electionsApi } from "./api";

const REFRESH_MS = 5000;

/** The bulletin board of an election, loaded again every 5 s while voting is open (new seals). */
export function useBulletin(electionId: string) {
  const [bulletin, setBulletin] = useState<Bulletin | null>(null);
  const [error, setError] = useState<{ message: string; status?: number } | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const load = useCallback(async () => {
    try {
      const next = await electionsApi.bulletin(electionId);
      setBulletin(next);
      setError(null);
      setUpdatedAt(new Date());
    } catch (failure) {
      setError({
        message: messageOf(failure),
        status: failure instanceof ApiError ? failure.status : undefined,
      });
    }
  }, [electionId]);
  useEffect(() => {
    setBulletin(null);
    void load();
  }, [load]);
  // While voting is open new seals may come: look again every 5 s.
  const waiting = bulletin?.election.status === "active";
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, load]);
  return { bulletin, error, load, updatedAt };
}
