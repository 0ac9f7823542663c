/**
 * What an edit saved whole was told (useVersionedEdit's `notice`): it changed in another tab or by
 * another administrator, or a save was refused as stale; the edits are kept, and this reloads it.
 */
export function ChangedElsewhere({
  notice,
  reloadLabel,
  reloading,
  busy,
  onReload,
}: {
  notice: string | null;
  reloadLabel: string;
  reloading: boolean;
  busy?: boolean;
  onReload(): void;
}) {
  if (!notice) return null;
  return (
    <div className="alert alert-info alert-stacked" role="alert">
      <p>{notice}</p>
      <button type="button" className="btn" onClick={onReload} disabled={reloading || busy}>
        {reloading ? "Reloading..." : reloadLabel}
      </button>
    </div>
  );
}
