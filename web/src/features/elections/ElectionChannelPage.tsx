import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type Election, electionsEndpoints } from "../../../../contract/elections";
import { endpointUrl } from "../../../../contract/endpoint";
import { BallotIcon, CalendarIcon, ClockIcon, LockIcon, UsersIcon } from "../../ui/icons";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { recordVotingSession } from "../monitoring/recordVotingSession";
import { ChannelHeader } from "../workspace/ChannelFrame";
import { EmptyState, NoOrganization } from "../workspace/EmptyState";
import { useHonestAddress, useListedChannel } from "../workspace/useChannelFromQuery";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { CastVote } from "./CastVote";
import { ConfigurationPanel } from "./ConfigurationPanel";
import { dateInZone, statusOf, turnout, windowText } from "./format";
import { CandidateAvatar, LoadError, Loading, partyOf, StatusBadge } from "./parts";
import { ResultsList } from "./ResultsList";
import { text } from "./text";
import { useChannelElection } from "./useElections";
import { VotersTab } from "./VotersTab";
import "./elections.css";

type TabKey = "overview" | "vote" | "results" | "voters";

const TABS: Array<TabDef<TabKey>> = [
  { key: "overview", label: text.tabs.overview },
  { key: "vote", label: text.tabs.vote },
  { key: "results", label: text.tabs.results },
  { key: "voters", label: text.tabs.voters },
];

export function TurnoutMeter({ election, large }: { election: Election; large?: boolean }) {
  const value = turnout(election);
  return (
    <div className={large ? "el-turnout el-turnout-large" : "el-turnout"}>
      <div className="el-turnout-figure">
        <strong>{value}%</strong>
        <span className="muted el-small">{text.ofVoters(election.votes_cast, election.total_voters)}</span>
      </div>
      <div className="el-bar" aria-hidden="true">
        <span
          className="el-bar-fill el-bar-fill-brand"
          style={{ width: `${Math.min(100, Number(value))}%` }}
        />
      </div>
    </div>
  );
}

function Overview({ election }: { election: Election }) {
  return (
    <div className="el-overview">
      <section className="el-card el-overview-intro">
        <div className="el-overview-title">
          <h2>{election.title}</h2>
          <StatusBadge status={election.status} scheme="channel" />
        </div>
        <p className={election.description ? undefined : "muted"}>
          {election.description || text.noDescription}
        </p>
      </section>

      <dl className="el-facts">
        <div className="el-fact">
          <dt>
            <CalendarIcon size={16} /> {text.votingPeriod}
          </dt>
          <dd>
            {dateInZone(election.starts_at, election.time_zone)} –{" "}
            {dateInZone(election.ends_at, election.time_zone)}
          </dd>
        </div>
        <div className="el-fact">
          <dt>
            <ClockIcon size={16} /> {text.votingWindow}
          </dt>
          {/* One continuous window from opening to closing (not daily hours); early opening or closing moves it. */}
          <dd>{windowText(election)}</dd>
        </div>
        <div className="el-fact el-fact-wide">
          <dt>
            <UsersIcon size={16} /> {text.turnout}
          </dt>
          <dd>
            <TurnoutMeter election={election} />
          </dd>
        </div>
      </dl>

      <section className="el-card" aria-labelledby="el-positions-title">
        <h3 id="el-positions-title">{text.positions}</h3>
        {election.positions.length === 0 && <p className="muted">{text.noCandidates}</p>}
        {election.positions.map((position) => (
          <div key={position.id} className="el-position">
            <h4>{position.title}</h4>
            <ul className="el-candidates">
              {position.candidates.map((candidate) => (
                <li key={candidate.id} className="el-candidate">
                  <CandidateAvatar name={candidate.name} image={candidate.image_url} size={44} />
                  <span>
                    <strong>{candidate.name}</strong>
                    <span className="muted el-small">{partyOf(candidate.party)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section className="el-card el-bulletin-callout">
        <LockIcon size={20} />
        <div>
          <Link to={`/elections/${election.id}/bulletin`}>{text.bulletinLink}</Link>
          <p className="muted el-small">{text.bulletinNote}</p>
        </div>
      </section>
    </div>
  );
}

/** The election channel screen: header, status, the four tabs and (organization users) the configuration. */
export default function ElectionChannelPage() {
  const { area, currentId, current, organizations, switchTo } = useWorkspace();
  const [searchParams] = useSearchParams();
  const channelId = searchParams.get("channelId");
  const { listed, gone } = useListedChannel(channelId);
  useHonestAddress(gone ? null : listed);
  const { query, refetch, replace } = useChannelElection(channelId);
  const [tab, setTab] = useState<TabKey>("overview");
  const election = query.data && !gone ? query.data : null;
  // A failed live refetch keeps the last good screen; only a first load (or a Retry) shows the error.
  const failure = query.data ? null : query.error;

  // Suspended or re-activated while open: the ballot reads what the voter may do now.
  const organizationStatus = current?.status;
  const statusSeen = useRef(organizationStatus);
  useEffect(() => {
    if (statusSeen.current === organizationStatus) return;
    statusSeen.current = organizationStatus;
    refetch();
  }, [organizationStatus, refetch]);

  // Security monitoring: a voter opening the election is recorded once per visit (never blocks voting).
  const monitoredId = area === "member" && election ? election.id : null;
  useEffect(() => {
    if (monitoredId) void recordVotingSession(monitoredId);
  }, [monitoredId]);

  if (!currentId) return <NoOrganization area={area} />;

  const notFound =
    !channelId || gone || (failure !== null && (statusOf(failure) === 404 || statusOf(failure) === 400));
  // An election of another organization of the viewer's (opened by its address): never shown under
  // this organization's name; the viewer may switch to its own workspace.
  const elsewhere =
    election && election.organization_id !== currentId
      ? organizations.find((o) => o.id === election.organization_id)
      : undefined;
  if (notFound || elsewhere) {
    return (
      <article className="ws-channel-page el-page">
        <EmptyState
          icon={<BallotIcon size={36} />}
          title={elsewhere ? text.otherOrganization(elsewhere.name) : text.electionNotFound}
          action={
            elsewhere ? (
              <button type="button" className="btn btn-primary" onClick={() => void switchTo(elsewhere.id)}>
                {text.switchTo(elsewhere.name)}
              </button>
            ) : (
              <Link to={`/${area}`} className="btn btn-primary">
                Back to Dashboard
              </Link>
            )
          }
        >
          {elsewhere ? text.otherOrganizationBody : text.electionNotFoundBody}
        </EmptyState>
      </article>
    );
  }
  // Only a channel of this organization's list names the page (the address's name is anyone's text).
  const name = listed?.name ?? text.defaultChannelName;

  return (
    <article className="ws-channel-page el-page">
      <ChannelHeader
        type="election"
        name={
          <>
            {name}
            {election && <StatusBadge status={election.status} scheme="channel" />}
          </>
        }
        description={listed?.description || election?.title || "Election channel"}
      />

      {failure && !query.isFetching ? (
        <LoadError message={failure.message} onRetry={() => void query.refetch()} />
      ) : !election ? (
        <Loading />
      ) : (
        <div className={election.viewer.can_manage ? "el-layout el-layout-with-config" : "el-layout"}>
          <div className="el-layout-main">
            <Tabs<TabKey> tabs={TABS} active={tab} onChange={setTab} label="Election">
              {tab === "overview" && <Overview election={election} />}
              {tab === "vote" && <CastVote key={election.id} election={election} onChanged={refetch} />}
              {tab === "results" && (
                <>
                  <div className="el-results-toolbar">
                    {election.status === "active" && <p className="muted el-small">{text.batchNote}</p>}
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
                  <ResultsList election={election} />
                </>
              )}
              {tab === "voters" && <VotersTab election={election} />}
            </Tabs>
          </div>
          {election.viewer.can_manage && <ConfigurationPanel election={election} onUpdated={replace} />}
        </div>
      )}
    </article>
  );
}
