import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { channelPath } from "../../../../contract/channels";
import { type Election, electionMessages, electionsEndpoints } from "../../../../contract/elections";
import { endpointUrl } from "../../../../contract/endpoint";
import { BallotIcon, ChevronLeftIcon } from "../../ui/icons";
import { Table } from "../../ui/Table";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { NoOrganization } from "../workspace/EmptyState";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { DistributionChart, ResultsBarChart } from "./charts";
import { dateInZone, rankPosition, resultsNotice, turnout, windowText } from "./format";
import { LoadError, Loading, partyOf, StatusBadge, Trophy } from "./parts";
import { leaderLabel } from "./ResultsList";
import { text } from "./text";
import { useOrganizationElections } from "./useElections";
import "./elections.css";

type TabKey = "overview" | "charts";
const TABS: Array<TabDef<TabKey>> = [
  { key: "overview", label: text.overview },
  { key: "charts", label: text.detailedCharts },
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
      className={selected ? "el-election-card el-election-card-selected" : "el-election-card"}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="el-election-card-head">
        <strong className="el-election-card-title">{election.title}</strong>
        <StatusBadge status={election.status} scheme="results" />
      </span>
      <span className={election.description ? "el-election-card-desc" : "el-election-card-desc muted"}>
        {election.description || text.noDescription}
      </span>
      <span className="el-election-card-meta">
        <span>
          {text.starts} {dateInZone(election.starts_at, election.time_zone)}
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
    <div className="el-tile">
      <span className="el-tile-label">{label}</span>
      <strong className="el-tile-value">{value}</strong>
    </div>
  );
}

export function Tiles({ election }: { election: Election }) {
  return (
    <div className="el-tiles">
      <Tile label={text.totalVoters} value={election.total_voters} />
      <Tile label={text.votesCast} value={election.votes_cast} />
      <Tile label={text.turnout} value={`${turnout(election)}%`} />
      <Tile label={text.positions} value={election.positions.length} />
    </div>
  );
}

function Summary({ election }: { election: Election }) {
  const positions = election.positions.map(rankPosition);
  const totalVotes = positions.reduce((sum, p) => sum + p.total, 0);
  return (
    <section className="el-card" aria-labelledby="el-summary-title">
      <h3 id="el-summary-title">{text.resultsSummary}</h3>
      <ul className="el-summary">
        {positions.map(({ position, total, leaders }) => {
          const leader = leaders[0];
          return (
            <li key={position.id} className="el-summary-line">
              <span className="el-summary-position">{position.title}</span>
              {!leader ? (
                <span className="muted">{text.noVotesYet}</span>
              ) : leaders.length > 1 ? (
                <span className="el-summary-leader">
                  <Trophy label={text.tiedFirst} />
                  {text.tiedBetween(leaders.map((l) => `${l.name} (${partyOf(l.party)})`).join(", "))}{" "}
                  <span className="muted">
                    — {text.votes(leader.votes)} each ({leader.share}%)
                  </span>
                </span>
              ) : (
                <span className="el-summary-leader">
                  <Trophy label={leaderLabel(election.status, false)} />
                  <strong>{leader.name}</strong> <span className="muted">({partyOf(leader.party)})</span> —{" "}
                  {text.votes(leader.votes)} ({leader.share}%)
                </span>
              )}
              <span className="el-summary-total muted">{text.totalVotes(total)}</span>
            </li>
          );
        })}
      </ul>
      <p className="el-summary-grand">
        {text.totalVotes(totalVotes)} across {election.positions.length}{" "}
        {election.positions.length === 1 ? "position" : "positions"}
      </p>
    </section>
  );
}

export function ResultsTable({ election, positionIndex }: { election: Election; positionIndex: number }) {
  const position = election.positions[positionIndex];
  if (!position) return null;
  const { ranked, leaders } = rankPosition(position);
  const label = leaderLabel(election.status, leaders.length > 1);
  return (
    <Table>
      <caption className="visually-hidden">{position.title}</caption>
      <thead>
        <tr>
          <th scope="col">{text.rank}</th>
          <th scope="col">{text.candidate}</th>
          <th scope="col">{text.partyColumn}</th>
          <th scope="col" className="el-num">
            {text.votesColumn}
          </th>
          <th scope="col" className="el-num">
            {text.percentage}
          </th>
        </tr>
      </thead>
      <tbody>
        {ranked.map((candidate) => (
          <tr key={candidate.id} className={candidate.leading ? "el-row-leading" : undefined}>
            <td>
              {candidate.rank}
              {candidate.leading && <Trophy label={label} />}
            </td>
            <th scope="row">{candidate.name}</th>
            <td>{partyOf(candidate.party)}</td>
            <td className="el-num">{candidate.votes}</td>
            <td className="el-num">{candidate.share}%</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function DetailedCharts({ election }: { election: Election }) {
  return (
    <div className="el-detailed">
      {election.positions.map((position, index) => (
        <section key={position.id} className="el-card" aria-label={position.title}>
          <h3>{position.title}</h3>
          <div className="el-chart-pair">
            <ResultsBarChart position={position} />
            <DistributionChart position={position} kind="doughnut" />
          </div>
          <ResultsTable election={election} positionIndex={index} />
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
    <section className="el-selected" aria-labelledby="el-selected-title">
      <header className="el-selected-head">
        <div>
          <h2 id="el-selected-title">{election.title}</h2>
          <p className="muted el-small">{windowText(election)}</p>
        </div>
        <div className="el-selected-actions">
          {channel && (
            <Link className="btn" to={channelPath(area, channel)}>
              {text.openChannel}
            </Link>
          )}
          <Link className="btn" to={`/elections/${election.id}/bulletin`}>
            {text.bulletinLink}
          </Link>
          {election.viewer.can_see_results && (
            <a
              className="btn"
              href={endpointUrl(electionsEndpoints.resultsCsv, { params: { id: election.id } })}
              download
            >
              {text.exportCsv}
            </a>
          )}
        </div>
      </header>
      <Tabs<TabKey> tabs={TABS} active={tab} onChange={setTab} label="Results views">
        <Tiles election={election} />
        {!election.viewer.can_see_results ? (
          <div className="el-notice" role="status">
            <p>{resultsNotice(election)}</p>
          </div>
        ) : tab === "overview" ? (
          <Summary election={election} />
        ) : (
          <DetailedCharts election={election} />
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
    <button type="button" className="btn btn-ghost el-back" onClick={() => navigate(`/${area}`)}>
      <ChevronLeftIcon size={18} />
      {text.back}
    </button>
  );

  let body: React.ReactNode;
  if (!currentId) body = <NoOrganization area={area} />;
  else if (elections.data === undefined) {
    body =
      elections.isError && !elections.isFetching ? (
        <LoadError message={elections.error.message} onRetry={() => void elections.refetch()} />
      ) : (
        <Loading />
      );
  } else if (elections.data.elections.length === 0) {
    body = (
      <div className="el-empty">
        <span className="el-empty-icon" aria-hidden="true">
          <BallotIcon size={32} />
        </span>
        <h2>{electionMessages.noElections}</h2>
        <p className="muted">{electionMessages.noElectionsText}</p>
      </div>
    );
  } else {
    const list = elections.data.elections;
    const selected = list.find((e) => e.id === selectedId) ?? list[0];
    body = (
      <div className="el-results-screen">
        <nav className="el-election-cards" aria-label={text.elections}>
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
  }

  return (
    <div className="el-screen">
      <header className="el-screen-head">
        {back}
        <div>
          <h1>{text.resultsScreenTitle}</h1>
          <p className="muted">{text.resultsScreenSubtitle}</p>
        </div>
      </header>
      {body}
    </div>
  );
}
