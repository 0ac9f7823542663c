import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { electionMessages } from "../../../../contract/elections";
import { BallotIcon } from "../../ui/icons";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { resultsNotice, turnout } from "./format";
import { LoadError, Loading, StatusBadge } from "./parts";
import { text } from "./text";
import { useOrganizationElections } from "./useElections";
import "./elections.css";

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

  let body: React.ReactNode;
  if (elections.data === undefined) {
    body =
      elections.isError && !elections.isFetching ? (
        <LoadError message={elections.error.message} onRetry={() => void elections.refetch()} />
      ) : (
        <Loading />
      );
  } else if (elections.data.elections.length === 0) {
    body = (
      <div className="el-empty el-empty-compact">
        <span className="el-empty-icon" aria-hidden="true">
          <BallotIcon size={26} />
        </span>
        <h3>{electionMessages.noElections}</h3>
        <p className="muted">{electionMessages.noElectionsText}</p>
      </div>
    );
  } else {
    const list = elections.data.elections;
    const selected = list.find((e) => e.id === selectedId) ?? list[0];
    body = (
      <div className="el-dash">
        <ul className="el-dash-list" aria-label={text.overviewTitle}>
          {list.map((election) => {
            const isSelected = election.id === selected?.id;
            return (
              <li key={election.id}>
                <button
                  type="button"
                  className={isSelected ? "el-dash-item el-dash-item-selected" : "el-dash-item"}
                  aria-pressed={isSelected}
                  onClick={() => setSelectedId(election.id)}
                >
                  <span className="el-dash-item-title">{election.title}</span>
                  <StatusBadge status={election.status} scheme="results" />
                  <span className="el-dash-item-turnout">
                    <strong>{turnout(election)}%</strong>
                    <span className="muted el-small">
                      {election.votes_cast}/{election.total_voters}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {selected && (
          <div className="el-dash-charts">
            {!selected.viewer.can_see_results ? (
              <p className="el-notice">{resultsNotice(selected)}</p>
            ) : selected.positions.length === 0 ? (
              <p className="muted">{text.noCandidates}</p>
            ) : (
              selected.positions.map((position) => (
                <section key={position.id} className="el-dash-position" aria-label={position.title}>
                  <h4>
                    {selected.title} · {position.title}
                  </h4>
                  <div className="el-chart-pair">
                    <Suspense fallback={null}>
                      <ResultsBarChart position={position} />
                      <DistributionChart position={position} kind="pie" title={text.chartPie} />
                    </Suspense>
                  </div>
                </section>
              ))
            )}
          </div>
        )}
      </div>
    );
  }

  return (
    <section className="el-card el-dash-card" aria-labelledby="el-dash-title">
      <header className="el-dash-head">
        <div>
          <h2 id="el-dash-title">{text.overviewTitle}</h2>
          <p className="muted el-small">{text.overviewSubtitle}</p>
        </div>
        <Link to={`/${area}/election-results`} className="btn">
          {text.resultsScreenTitle}
        </Link>
      </header>
      {body}
    </section>
  );
}
