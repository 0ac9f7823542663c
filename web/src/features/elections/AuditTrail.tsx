import { useEffect, useState } from "react";
import type { ElectionAuditEntry } from "../../../../contract/elections";
import { messageOf } from "../../ui/messageOf";
import { electionsApi } from "./api";
import { when } from "./format";
import { text } from "./text";

/** Which security settings an audited change turned on or off, in words. */
function changeOf(entry: ElectionAuditEntry): string {
  if (entry.action === "verification_rules_frozen") return text.auditFrozen;
  const { before = {}, after = {} } = entry.detail as Record<string, Record<string, boolean>>;
  const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
  return text.auditChanged(
    changed.map((key) => `${text.securityKeys[key] ?? key} ${after[key] ? "on" : "off"}`),
  );
}

/**
 * The verification rules' audit trail: every change of the channel's security settings before
 * voting opened, and the moment they were frozen. Reloaded when the election's status changes.
 */
export function AuditTrail({ electionId, status }: { electionId: string; status: string }) {
  const [entries, setEntries] = useState<ElectionAuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the status says when the trail grew
  useEffect(() => {
    let live = true;
    electionsApi
      .audit(electionId)
      .then((result) => live && setEntries(result.entries))
      .catch((failure) => live && setError(messageOf(failure)));
    return () => {
      live = false;
    };
  }, [electionId, status]);

  if (error) return <p className="muted el-small">{error}</p>;
  if (!entries) return null;
  return (
    <div className="el-audit">
      <h5>{text.auditTitle}</h5>
      {entries.length === 0 ? (
        <p className="muted el-small">{text.auditEmpty}</p>
      ) : (
        <ul className="el-audit-list">
          {entries.map((entry) => (
            <li key={entry.id} className="el-small">
              <span>{changeOf(entry)}</span>
              <span className="muted">
                {" "}
                · {entry.actor_name ?? text.auditServer} · {when(entry.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
