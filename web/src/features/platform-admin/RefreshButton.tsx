/** A tab's Refresh button: loads the figures again, and says so while it does. */
export function RefreshButton({
  busy,
  onRefresh,
  busyLabel = "Refreshing...",
}: {
  busy: boolean;
  onRefresh(): void;
  busyLabel?: string;
}) {
  return (
    <button type="button" className="btn" onClick={onRefresh} disabled={busy}>
      {busy ? busyLabel : "Refresh"}
    </button>
  );
}
