import type { ElectionAuditEntry } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { useEndpointQuery } from "../../api/query";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import styles from "./AuditTrail.module.css";
import { loadOf } from "./ElectionsLoad";
import shared from "./elections.module.css";
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
 * voting opened, and the moment they were frozen. Refreshed with the election (useElections.ts).
 */
export function AuditTrail({ electionId }: { electionId: string }) {
  const query = useEndpointQuery(electionsEndpoints.audit, { params: { id: electionId } });
  return (
    <LoadState {...loadOf(query)}>
      {({ entries }) => (
        <div className={styles.audit}>
          <h4>{text.auditTitle}</h4>
          {entries.length === 0 ? (
            <p className={cx("muted", shared.small)}>{text.auditEmpty}</p>
          ) : (
            <ul className={styles.auditList}>
              {entries.map((entry) => (
                <li key={entry.id} className={shared.small}>
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
      )}
    </LoadState>
  );
}
