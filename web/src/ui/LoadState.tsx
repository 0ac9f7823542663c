import type { ReactNode } from "react";
import styles from "./LoadState.module.css";
import { Spinner } from "./Spinner";
import { Status } from "./Status";

/** A screen's loading state: a spinner and what is loading. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Status as="div" className={styles.loadState}>
      <Spinner />
      {label}
    </Status>
  );
}

/** A screen whose data could not be loaded: what failed, why, and a Retry that loads it again. */
export function LoadFailure({
  title,
  message,
  retryLabel,
  onRetry,
}: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry(): void;
}) {
  return (
    <div className={styles.loadState} role="alert">
      <h2>{title}</h2>
      <p className="muted">{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/**
 * The one way a screen shows data it loads: the content once there is data (kept while a reload
 * fails), else the failure with Retry, else the loading state; `isEmpty` data shows `empty` instead
 * of the content.
 */
export function LoadState<T>({
  data,
  error,
  loadingLabel,
  errorTitle,
  retryLabel,
  onRetry,
  isEmpty,
  empty,
  children,
}: {
  data: T | null | undefined;
  /** Why the last load failed, or nothing. */
  error: string | null | undefined;
  loadingLabel: string;
  errorTitle: string;
  retryLabel: string;
  onRetry(): void;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (data !== null && data !== undefined) return <>{isEmpty?.(data) ? empty : children(data)}</>;
  if (error)
    return <LoadFailure title={errorTitle} message={error} retryLabel={retryLabel} onRetry={onRetry} />;
  return <LoadingState label={loadingLabel} />;
}
