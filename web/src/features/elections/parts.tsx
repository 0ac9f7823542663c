import { useCallback, useRef } from "react";
import { Avatar } from "../../ui/Avatar";
import { Badge } from "../../ui/Badge";
import { TrophyIcon } from "../../ui/icons";
import { LoadFailure, LoadingState } from "../../ui/LoadState";
import { channelStatusTone, resultsStatusTone, statusLabel } from "./format";
import { text } from "./text";

/** A function whose identity never changes but which always calls the latest `fn` (for Modal's onClose). */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The election's status as a coloured badge; each screen has its own colour rule (spec). */
export function StatusBadge({ status, scheme }: { status: string; scheme: "channel" | "results" }) {
  const tone = scheme === "channel" ? channelStatusTone(status) : resultsStatusTone(status);
  return (
    <Badge tone={tone} dot>
      {statusLabel(status)}
    </Badge>
  );
}

/** A candidate's picture (a web address or a path on this site), or their initials. */
export function CandidateAvatar({ name, image, size = 44 }: { name: string; image: string; size?: number }) {
  return <Avatar name={name} src={image || null} size={size} />;
}

export const partyOf = (party: string) => party.trim() || text.independent;

export function Trophy({ label }: { label: string }) {
  return (
    <span className="el-trophy" title={label}>
      <TrophyIcon size={16} />
      <span className="visually-hidden">{` (${label})`}</span>
    </span>
  );
}

/** Loading, error with Retry: the same look on every election screen. */
export function Loading({ label }: { label?: string }) {
  return <LoadingState label={label ?? text.loading} />;
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <LoadFailure title={text.connectionError} message={message} retryLabel={text.retry} onRetry={onRetry} />
  );
}
