import { useState } from "react";
import { channelPath } from "../../../../contract/channels";
import { type Election, partyOf } from "../../../../contract/elections";
import { Link, useNavigate } from "../../router";
import { cx } from "../../ui/cx";
import { ChevronLeftIcon } from "../../ui/icons";
import { Status } from "../../ui/Status";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { NoOrganization } from "../workspace/EmptyState";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { DistributionChart, ResultsBarChart } from "./charts";
import { ElectionsLoad } from "./ElectionsLoad";
import shared from "./elections.module.css";
import { dateInZone, resultsNotice, turnout, windowText } from "./format";
import { pageText } from "./pageText";
import { ResultsExports } from "./ResultsList";
import styles from "./ResultsPage.module.css";
import { blankOf, votesInTotal } from "./results/present";
import { CountNote, QuestionResult } from "./results/QuestionResult";
import { ResultsTable } from "./results/ResultsTable";
import { rankPosition } from "./results/ranking";
import { resultsText } from "./results/resultsText";
import { StatusBadge } from "./StatusBadge";
import { Trophy } from "./Trophy";
import { text } from "./text";
import { useOrganizationElections } from "./useElections";

type TabKey = "overview" | "charts";
const TABS: Array<TabDef<TabKey>> = [
  { key: "overview", label: resultsText.overview },
  { key: "charts", label: resultsText.detailedCharts },
];

export function ElectionCard({
  election,
  selected,
  onSelect,
}: {
  election: Election;
  selected: boolean;
  onSelect(): void;
}) {
  return (
    <button
      type="button"
      className={selected ? cx(styles.electionCard, styles.electionCardSelected) : styles.electionCard}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className={styles.electionCardHead}>
        <strong className={styles.electionCardTitle}>{election.title}</strong>
        <StatusBadge status={election.status} scheme="results" />
      </span>
      <span className={election.description ? styles.electionCardDesc : cx(styles.electionCardDesc, "muted")}>
        {election.description || text.noDescription}
      </span>
      <span className={styles.electionCardMeta}>
        <span>
          {resultsText.starts} {dateInZone(election.starts_at, election.time_zone)}
        </span>
        <span>
          {text.turnout} <strong>{turnout(election)}%</strong>
        </span>
      </span>
    </button>
  );
}

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={styles.tile}>
      <span className={styles.tileLabel}>{label}</span>
      <strong className={styles.tileValue}>{value}</strong>
    </div>
  );
}

export function Tiles({ election }: { election: Election }) {
  return (
    <>
      <div className={styles.tiles}>
        <Tile label={resultsText.totalVoters} value={election.total_voters} />
        <Tile label={resultsText.votesCast} value={election.votes_cast} />
        <Tile label={text.turnout} value={`${turnout(election)}%`} />
        <Tile label={text.positions} value={election.positions.length} />
      </div>
      {election.status === "active" && <p className={cx("muted", shared.small)}>{pageText.batchNote}</p>}
    </>
  );
}

function Summary({ election }: { election: Election }) {
  const positions = election.positions.map((position) => rankPosition(position, election.status));
  // A ballot per voter and question: a plurality question's votes, any other question's ballots cast.
  const totalVotes = positions.reduce(
    (sum, p) =>
      sum +
      (p.position.method.kind !== "plurality" && p.position.result ? p.position.result.result.cast : p.total),
    0,
  );
  return (
    <section className={shared.card} aria-labelledby="el-summary-title">
      <h3 id="el-summary-title">{resultsText.resultsSummary}</h3>
      <ul className={styles.summary}>
        {positions.map(({ position, total, leaders, tie }) => {
          const leader = leaders[0];
          if (position.method.kind !== "plurality" && position.result) {
            return (
              <li key={position.id} className={styles.summaryLine}>
                <span className={styles.summaryPosition}>{position.title}</span>
                <QuestionResult election={election} position={position} detail="summary" />
              </li>
            );
          }
          return (
            <li key={position.id} className={styles.summaryLine}>
              <span className={styles.summaryPosition}>{position.title}</span>
              {!leader ? (
                <span className="muted">{text.noVotesYet}</span>
              ) : leaders.length > 1 ? (
                <span className={shared.summaryLeader}>
                  <Trophy election={election} tied />
                  {resultsText.tiedBetween(leaders.map((l) => `${l.name} (${partyOf(l.party)})`).join(", "))}{" "}
                  <span className="muted">
                    — {text.votes(leader.votes)} each ({leader.share}%)
                  </span>
                </span>
              ) : (
                <span className={shared.summaryLeader}>
                  <Trophy election={election} />
                  <strong>{leader.name}</strong> <span className="muted">({partyOf(leader.party)})</span> —{" "}
                  {text.votes(leader.votes)} ({leader.share}%)
                  {tie && <span className={cx("muted", shared.small, styles.tieNote)}>{tie}</span>}
                </span>
              )}
              <span className={cx(styles.summaryTotal, "muted")}>
                {votesInTotal(total, blankOf(position))}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={styles.summaryGrand}>
        {votesInTotal(
          totalVotes,
          election.positions.map(blankOf).reduce((a, b) => a + b, 0),
        )}{" "}
        across {election.positions.length} {election.positions.length === 1 ? "position" : "positions"}, cast
        by {election.votes_cast} {election.votes_cast === 1 ? "voter" : "voters"}
      </p>
    </section>
  );
}

function DetailedCharts({ election }: { election: Election }) {
  return (
    <div className={styles.detailed}>
      {election.positions.map((position, index) => (
        <section key={position.id} className={shared.card} aria-label={position.title}>
          <h3>{position.title}</h3>
          {position.method.kind !== "plurality" && position.result ? (
            <QuestionResult election={election} position={position} />
          ) : (
            <>
              <div className={shared.chartPair}>
                <ResultsBarChart position={position} />
                <DistributionChart position={position} kind="doughnut" />
              </div>
              <ResultsTable election={election} positionIndex={index} />
            </>
          )}
        </section>
      ))}
    </div>
  );
}

function SelectedElection({ election }: { election: Election }) {
  const [tab, setTab] = useState<TabKey>("overview");
  const { area, channels } = useWorkspace();
  const channel = election.channel_id ? channels.find((c) => c.id === election.channel_id) : undefined;
  return (
    <section className={styles.selected} aria-labelledby="el-selected-title">
      <header className={styles.selectedHead}>
        <div>
          <h2 id="el-selected-title">{election.title}</h2>
          <p className={cx("muted", shared.small)}>{windowText(election)}</p>
        </div>
        <div className={styles.selectedActions}>
          {channel && (
            <Link className="btn" to={channelPath(area, channel)}>
              {resultsText.openChannel}
            </Link>
          )}
          <Link className="btn" to={`/elections/${election.id}/bulletin`}>
            {text.bulletinLink}
          </Link>
          <ResultsExports election={election} />
        </div>
      </header>
      <Tabs<TabKey> tabs={TABS} active={tab} onChange={setTab} label="Results views">
        <Tiles election={election} />
        {!election.viewer.can_see_results ? (
          <Status as="div" className={shared.notice}>
            <p>{resultsNotice(election)}</p>
          </Status>
        ) : (
          <>
            <CountNote election={election} />
            {tab === "overview" ? <Summary election={election} /> : <DetailedCharts election={election} />}
          </>
        )}
      </Tabs>
    </section>
  );
}

/** The election results screen: the organization's elections as cards, the selected one's results. */
export default function ResultsPage() {
  const { area, currentId } = useWorkspace();
  const navigate = useNavigate();
  const elections = useOrganizationElections(currentId);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const back = (
    <button
      type="button"
      className={cx("btn", "btn-ghost", styles.back)}
      onClick={() => navigate(`/${area}`)}
    >
      <ChevronLeftIcon size={18} />
      {text.back}
    </button>
  );

  let body: React.ReactNode;
  if (!currentId) body = <NoOrganization area={area} page={false} />;
  else {
    body = (
      <ElectionsLoad elections={elections}>
        {(list) => {
          const selected = list.find((e) => e.id === selectedId) ?? list[0];
          return (
            <div className={styles.resultsScreen}>
              <nav className={styles.electionCards} aria-label={resultsText.elections}>
                {list.map((election) => (
                  <ElectionCard
                    key={election.id}
                    election={election}
                    selected={election.id === selected?.id}
                    onSelect={() => setSelectedId(election.id)}
                  />
                ))}
              </nav>
              {selected && <SelectedElection key={selected.id} election={selected} />}
            </div>
          );
        }}
      </ElectionsLoad>
    );
  }

  return (
    <div className={styles.screen}>
      <header className={styles.screenHead}>
        {back}
        <div>
          <h1>{text.resultsScreenTitle}</h1>
          <p className="muted">{resultsText.resultsScreenSubtitle}</p>
        </div>
      </header>
      {body}
    </div>
  );
}
