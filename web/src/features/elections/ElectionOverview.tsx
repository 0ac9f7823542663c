import { lazy, Suspense, useState } from "react";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./ElectionOverview.module.css";
import { ElectionsLoad } from "./ElectionsLoad";
import shared from "./elections.module.css";
import { resultsNotice, turnout } from "./format";
import { CountNote, QuestionResult } from "./results/QuestionResult";
import { StatusBadge } from "./StatusBadge";
import { text } from "./text";
import { useOrganizationElections } from "./useElections";

// chart.js (about 60 kB gzipped) loads only when a result is drawn, not with the workspace.
const ResultsBarChart = lazy(() => import("./charts").then((m) => ({ default: m.ResultsBarChart })));
const DistributionChart = lazy(() => import("./charts").then((m) => ({ default: m.DistributionChart })));

/**
 * The organization dashboard's election overview: the organization's elections with status and
 * turnout, and the selected one's results as a bar and a pie chart per position. Renders nothing
 * when no organization is known.
 */
export function ElectionOverview({ organizationId }: { organizationId?: string | null }) {
  const { currentId, area } = useWorkspace();
  const id = organizationId === undefined ? currentId : organizationId;
  const elections = useOrganizationElections(id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (!id) return null;

  const body = (
    <ElectionsLoad elections={elections} compact>
      {(list) => {
        const selected = list.find((e) => e.id === selectedId) ?? list[0];
        return (
          <div className={styles.dash}>
            <ul className={styles.dashList} aria-label={text.overviewTitle}>
              {list.map((election) => {
                const isSelected = election.id === selected?.id;
                return (
                  <li key={election.id}>
                    <button
                      type="button"
                      className={isSelected ? cx(styles.dashItem, styles.dashItemSelected) : styles.dashItem}
                      aria-pressed={isSelected}
                      onClick={() => setSelectedId(election.id)}
                    >
                      <span className={styles.dashItemTitle}>{election.title}</span>
                      <StatusBadge status={election.status} scheme="results" />
                      <span className={styles.dashItemTurnout}>
                        <strong>{turnout(election)}%</strong>
                        <span className={cx("muted", shared.small)}>
                          {election.votes_cast}/{election.total_voters}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {selected && (
              <div className={styles.dashCharts}>
                {!selected.viewer.can_see_results ? (
                  <p className={shared.notice}>{resultsNotice(selected)}</p>
                ) : selected.positions.length === 0 ? (
                  <p className="muted">{text.noCandidates}</p>
                ) : (
                  <>
                    <CountNote election={selected} />
                    {selected.positions.map((position) => (
                      <section key={position.id} className={shared.dashPosition} aria-label={position.title}>
                        <h3 className={shared.dashPositionTitle}>
                          {selected.title} · {position.title}
                        </h3>
                        {position.method.kind !== "plurality" && position.result ? (
                          <QuestionResult election={selected} position={position} detail="compact" />
                        ) : (
                          <div className={shared.chartPair}>
                            <Suspense fallback={null}>
                              <ResultsBarChart position={position} />
                              <DistributionChart position={position} kind="pie" title={text.chartPie} />
                            </Suspense>
                          </div>
                        )}
                      </section>
                    ))}
                  </>
                )}
              </div>
            )}
          </div>
        );
      }}
    </ElectionsLoad>
  );

  return (
    <section className={cx(shared.card, shared.dashCard)} aria-labelledby="el-dash-title">
      <header className={styles.dashHead}>
        <div>
          <h2 id="el-dash-title">{text.overviewTitle}</h2>
          <p className={cx("muted", shared.small)}>{text.overviewSubtitle}</p>
        </div>
        <Link to={`/${area}/election-results`} className="btn">
          {text.resultsScreenTitle}
        </Link>
      </header>
      {body}
    </section>
  );
}
