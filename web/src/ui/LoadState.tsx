import "./load-state.css";

/** A screen's loading state: a spinner and what is loading. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="ui-load-state" role="status">
      <span className="ui-spinner" aria-hidden="true" />
      {label}
    </div>
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
    <div className="ui-load-state" role="alert">
      <h2>{title}</h2>
      <p className="muted">{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
