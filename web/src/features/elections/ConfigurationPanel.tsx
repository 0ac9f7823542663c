import { useId, useState } from "react";
import { type Election, METHOD_LABELS } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { cx } from "../../ui/cx";
import { ChevronIcon, ShieldIcon } from "../../ui/icons";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { Toggle } from "../../ui/Toggle";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { AuditTrail } from "./AuditTrail";
import { BallotEditor } from "./BallotEditor";
import styles from "./ConfigurationPanel.module.css";
import { Lifecycle } from "./ElectionLifecycle";
import { ElectionNotices } from "./ElectionNotices";
import shared from "./elections.module.css";
import { windowText } from "./format";
import { text } from "./text";

/** Only for organization users: lifecycle, results visibility, the ballot before voting opens, security. */
export function ConfigurationPanel({
  election,
  onUpdated,
}: {
  election: Election;
  onUpdated(next: Election): void;
}) {
  const toast = useToast();
  const { current } = useWorkspace();
  const suspended = current?.id === election.organization_id && current.status === "suspended";
  // Beside the tabs on wide screens it starts open; above them on narrow ones it starts folded.
  const [expanded, setExpanded] = useState(
    () => globalThis.matchMedia?.("(min-width: 1240px)").matches ?? true,
  );
  const [hiding, setHiding] = useState(false);
  const bodyId = useId();

  return (
    <aside className={shared.config} aria-labelledby={`${bodyId}-title`}>
      <button
        type="button"
        className={styles.configHead}
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((open) => !open)}
      >
        <span className={styles.configHeadIcon} aria-hidden="true">
          <ShieldIcon size={18} />
        </span>
        <span id={`${bodyId}-title`} className={styles.configTitle}>
          {text.configTitle}
        </span>
        <span
          className={expanded ? cx(styles.chevron, styles.chevronOpen) : styles.chevron}
          aria-hidden="true"
        >
          <ChevronIcon size={16} />
        </span>
      </button>
      {expanded && (
        <div id={bodyId} className={styles.configBody}>
          {suspended && <p className={cx("muted", shared.small)}>{messages.organizationSuspended}</p>}
          {/* A suspended organization changes nothing: every control is shown disabled, not refused after a confirmation. */}
          <fieldset className="control-group" disabled={suspended}>
            <section className={styles.configSection}>
              <h3>{text.lifecycle}</h3>
              <Lifecycle
                key={`${election.status}-${election.end_date}-${election.end_time}`}
                election={election}
                onUpdated={onUpdated}
              />
            </section>

            {/* Only where it changes something: a completed election's results are everyone's. */}
            {election.status !== "completed" && (
              <section className={styles.configSection}>
                <Toggle
                  className={styles.configToggle}
                  label={text.hideResults}
                  description={text.hideResultsDesc}
                  checked={election.results_hidden}
                  busy={hiding}
                  onChange={async (next) => {
                    setHiding(true);
                    try {
                      onUpdated(
                        await call(electionsEndpoints.setOptions, {
                          params: { id: election.id },
                          body: { results_hidden: next },
                        }),
                      );
                      const cancelled = election.status === "cancelled";
                      toast(
                        next
                          ? cancelled
                            ? text.resultsHiddenCancelled
                            : text.resultsHiddenNow
                          : cancelled
                            ? text.resultsShownCancelled
                            : text.resultsShownNow,
                      );
                    } catch (failure) {
                      toast(text.actionFailed(messageOf(failure)), "error");
                    } finally {
                      setHiding(false);
                    }
                  }}
                />
              </section>
            )}

            <section className={styles.configSection}>
              <h3>Notices and reminders</h3>
              <ElectionNotices election={election} />
            </section>

            <section className={styles.configSection}>
              <h3>{text.ballotEditor}</h3>
              {election.status === "upcoming" ? (
                // The editor follows the server's ballot itself: a change made elsewhere never drops unsaved edits.
                <BallotEditor key={election.id} election={election} onUpdated={onUpdated} />
              ) : (
                <>
                  <p className={styles.frozen}>{text.frozenDone(election.status)}</p>
                  <p className={cx("muted", shared.small)}>{windowText(election)}</p>
                </>
              )}
            </section>

            <section className={styles.configSection}>
              <h3>{text.security}</h3>
              <dl className={styles.security}>
                <div>
                  <dt>{text.methodsOffered}</dt>
                  <dd>{election.verification_methods.map((m) => METHOD_LABELS[m]).join(", ")}</dd>
                </div>
                <div>
                  <dt>{text.twoFactorRequired}</dt>
                  <dd>{election.requires_two_factor ? text.yes : text.no}</dd>
                </div>
              </dl>
              <p className={cx("muted", shared.small)}>{text.securityNote}</p>
              <AuditTrail electionId={election.id} />
            </section>
          </fieldset>
        </div>
      )}
    </aside>
  );
}
