import { useEffect, useState } from "react";
import { ApiError } from "../../api/http";
import { messageOf } from "../messageOf";
import { useToast } from "../Toast";

/**
 * An edit of something saved whole with a version (an election's ballot or roll, a channel's
 * security settings or posters): the form stands on one version (`base`) and sends it with the save,
 * and the server refuses (409) a save based on an older one (server/db/versions.ts).
 *
 * When `current` (the page's copy, read again after another tab's or administrator's save) moves to a
 * newer version, a form with nothing `unsaved` starts again from it at once, silently; one with unsaved
 * edits keeps them, and `notice` says it changed elsewhere (`changed`) with a way to reload. A refused
 * save keeps the edits too: `refused` (its catch) shows the server's words in the notice and has the
 * page read the thing again. `saved` after the form's own save; `reload` reads it and starts again.
 */
export function useVersionedEdit<T>({
  current,
  versionOf,
  unsaved,
  standOn,
  read,
  changed,
  staleWords,
  failed = (message) => message,
}: {
  current: T;
  versionOf(value: T): number;
  unsaved: boolean;
  /** The form starts again from this copy (its edits dropped). */
  standOn(value: T): void;
  /** Reads it as it now is, and hands it to the page. */
  read(): Promise<T>;
  /** What the notice says when it changed elsewhere while edits are unsaved here. */
  changed: string;
  /** The server's words for a stale save, when another 409 can come from the same save. */
  staleWords?: string;
  /** A failed reload, in the toast's words. */
  failed?(message: string): string;
}) {
  const toast = useToast();
  const [base, setBase] = useState(() => versionOf(current));
  // The server's refusal of a save based on an older version (409), until the form starts again.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const start = (next: T) => {
    standOn(next);
    setBase(versionOf(next));
    setRefusal(null);
  };
  // A newer version only: a read begun before this tab's own save may arrive after it.
  const stale = versionOf(current) > base;
  // Changed elsewhere with nothing unsaved here: the form simply shows the new version.
  // biome-ignore lint/correctness/useExhaustiveDependencies: start is remade at each render; the copy and what is unsaved decide
  useEffect(() => {
    if (stale && !unsaved) start(current);
  }, [stale, unsaved, current]);
  const reload = async () => {
    setReloading(true);
    try {
      start(await read());
    } catch (failure) {
      toast(failed(messageOf(failure)), "error");
    } finally {
      setReloading(false);
    }
  };
  /** Whether a failure is this save refused as stale (the edit based on an older version). */
  const isStale = (failure: unknown): failure is ApiError =>
    failure instanceof ApiError &&
    failure.status === 409 &&
    (staleWords === undefined || failure.message === staleWords);
  return {
    base,
    /** After the form's own save: it stands on what the server answered. */
    saved: start,
    isStale,
    /** A save's catch: a stale refusal keeps the edits and is shown; anything else is thrown on. */
    refused: (failure: unknown): void => {
      if (!isStale(failure)) throw failure;
      setRefusal(failure.message);
      void read().catch(() => undefined);
    },
    notice: refusal ?? (stale && unsaved ? changed : null),
    reload: () => void reload(),
    reloading,
  };
}
