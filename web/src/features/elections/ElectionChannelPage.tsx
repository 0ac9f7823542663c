import { lazy, Suspense, useEffect, useRef } from "react";
import { type Election, partyOf } from "../../../../contract/elections";
import { Link, useSearchParams } from "../../router";
import { cx } from "../../ui/cx";
import { BallotIcon, CalendarIcon, ClockIcon, LockIcon, UsersIcon } from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import { Spinner } from "../../ui/Spinner";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { recordVotingSession } from "../monitoring/recordVotingSession";
import { ChannelHeader, OtherOrganization } from "../workspace/ChannelFrame";
import { EmptyState, NoOrganization } from "../workspace/EmptyState";
import { useHonestAddress, useListedChannel } from "../workspace/useChannelFromQuery";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { rulesText } from "./ballotWords";
import { CandidateAvatar } from "./CandidateAvatar";
import { CastVote } from "./CastVote";
import styles from "./ElectionChannelPage.module.css";
import { loadOf } from "./ElectionsLoad";
import shared from "./elections.module.css";
import { dateInZone, statusOf, turnout, windowText } from "./format";
import { pageText as text } from "./pageText";
import { StatusBadge } from "./StatusBadge";
import { useChannelElection } from "./useElections";

// Administrators only: the configuration (and the form library it uses) loads for them alone.
const ConfigurationPanel = lazy(() =>
  import("./ConfigurationPanel").then((m) => ({ default: m.ConfigurationPanel })),
);
// The results (each method's tables) and the voters' roll load when their tab opens: the ballot
// page is the first load of most voters.
const ResultsTab = lazy(() => import("./ResultsList").then((m) => ({ default: m.ResultsTab })));
const VotersTab = lazy(() => import("./VotersTab").then((m) => ({ default: m.VotersTab })));

type TabKey = "overview" | "vote" | "results" | "voters";

const TABS: Array<TabDef<TabKey>> = [
  { key: "overview", label: text.tabs.overview },
  { key: "vote", label: text.tabs.vote },
  { key: "results", label: text.tabs.results },
  { key: "voters", label: text.tabs.voters },
];

export function TurnoutMeter({ election }: { election: Election }) {
  const value = turnout(election);
  return (
    <div>
      <div className={shared.turnoutFigure}>
        <strong>{value}%</strong>
        <span className={cx("muted", shared.small)}>
          {text.ofVoters(election.votes_cast, election.total_voters)}
        </span>
      </div>
      <div className={shared.bar} aria-hidden="true">
        <span
          className={cx(shared.barFill, styles.barFillBrand)}
          style={{ width: `${Math.min(100, Number(value))}%` }}
        />
      </div>
      {/* A count that moved with each ballot would time it to its voter: it moves by seals. */}
      {election.status === "active" && <p className={cx("muted", shared.small)}>{text.batchNote}</p>}
    </div>
  );
}

function Overview({ election }: { election: Election }) {
  return (
    <div className={styles.overview}>
      <section className={cx(shared.card, styles.overviewIntro)}>
        <div className={shared.overviewTitle}>
          <h2>{election.title}</h2>
          <StatusBadge status={election.status} scheme="channel" />
        </div>
        <p className={election.description ? undefined : "muted"}>
          {election.description || text.noDescription}
        </p>
      </section>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>
            <CalendarIcon size={16} /> {text.votingPeriod}
          </dt>
          <dd>
            {dateInZone(election.starts_at, election.time_zone)} –{" "}
            {dateInZone(election.ends_at, election.time_zone)}
          </dd>
        </div>
        <div className={cx(styles.fact, styles.factWindow)}>
          <dt>
            <ClockIcon size={16} /> {text.votingWindow}
          </dt>
          {/* One continuous window from opening to closing (not daily hours); early opening or closing moves it. */}
          <dd>{windowText(election)}</dd>
        </div>
        <div className={cx(styles.fact, styles.factWide)}>
          <dt>
            <UsersIcon size={16} /> {text.turnout}
          </dt>
          <dd>
            <TurnoutMeter election={election} />
          </dd>
        </div>
      </dl>

      <section className={shared.card} aria-labelledby="el-positions-title">
        <h3 id="el-positions-title">{text.positions}</h3>
        {election.positions.length === 0 && <p className="muted">{text.noCandidates}</p>}
        {election.positions.map((position) => (
          <div key={position.id} className={styles.position}>
            <h4>{position.title}</h4>
            {position.description && <p>{position.description}</p>}
            {/* How any other question than the spec's offices is answered: a Yes/No question has no candidates to list. */}
            {position.method.kind !== "plurality" && (
              <p className={cx("muted", shared.small)}>{rulesText(position)}</p>
            )}
            <ul className={shared.candidates}>
              {position.candidates.map((candidate) => (
                <li key={candidate.id} className={shared.candidate}>
                  <CandidateAvatar name={candidate.name} image={candidate.image_url} size={44} />
                  <span>
                    <strong>{candidate.name}</strong>
                    <span className={cx("muted", shared.small)}>{partyOf(candidate.party)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section className={cx(shared.card, styles.bulletinCallout)}>
        <LockIcon size={20} />
        <div>
          <Link to={`/elections/${election.id}/bulletin`}>{text.bulletinLink}</Link>
          <p className={cx("muted", shared.small)}>{text.bulletinNote}</p>
        </div>
      </section>
    </div>
  );
}

/** The election channel screen: header, status, the four tabs and (organization users) the configuration. */
export default function ElectionChannelPage() {
  const { area, currentId, current, organizations } = useWorkspace();
  const [searchParams, setSearchParams] = useSearchParams();
  const channelId = searchParams.get("channelId");
  const { listed, gone } = useListedChannel(channelId);
  useHonestAddress(gone ? null : listed);
  const { query, refetch, replace } = useChannelElection(channelId);
  // The tab open is in the address (`&tab=vote`, `&tab=results`): a link from a notice opens on it,
  // a reload opens the same tab again, and Back returns to the tab before.
  const asked = searchParams.get("tab");
  const tab = TABS.find((t) => t.key === asked)?.key ?? "overview";
  const setTab = (next: TabKey) => setSearchParams({ ...Object.fromEntries(searchParams), tab: next });
  const election = query.data && !gone ? query.data : null;
  // A failed live refetch keeps the last good screen; only a first load's failure can be "not found".
  const failure = query.data ? null : query.error;

  // Suspended or re-activated while open: the ballot reads what the voter may do now.
  const organizationStatus = current?.status;
  const statusSeen = useRef(organizationStatus);
  useEffect(() => {
    if (statusSeen.current === organizationStatus) return;
    statusSeen.current = organizationStatus;
    refetch();
  }, [organizationStatus, refetch]);

  // Security monitoring: a voter opening the election while it takes votes is recorded once per
  // visit (never blocks voting); an upcoming or closed election's page is only read.
  const monitoredId = area === "member" && election?.status === "active" ? election.id : null;
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
  if (elsewhere)
    return (
      <article className={shared.page}>
        <OtherOrganization
          organization={elsewhere}
          icon={<BallotIcon size={36} />}
          title={text.otherOrganization(elsewhere.name)}
        >
          {text.otherOrganizationBody}
        </OtherOrganization>
      </article>
    );
  if (notFound) {
    return (
      <article className={shared.page}>
        <EmptyState
          icon={<BallotIcon size={36} />}
          title={text.electionNotFound}
          action={
            <Link to={`/${area}`} className="btn btn-primary">
              Back to Dashboard
            </Link>
          }
        >
          {text.electionNotFoundBody}
        </EmptyState>
      </article>
    );
  }
  // Only a channel of this organization's list names the page (the address's name is anyone's text).
  const name = listed?.name ?? text.defaultChannelName;

  return (
    <article className={shared.page}>
      <ChannelHeader
        type="election"
        name={
          <>
            {name}
            {election && (
              <StatusBadge status={election.status} scheme="channel" className={styles.headerBadge} />
            )}
          </>
        }
        // The election's own title only where it differs from the channel's name shown above it.
        description={
          listed?.description ||
          (election && election.title !== name ? election.title : "") ||
          "Election channel"
        }
      />

      <LoadState {...loadOf(query)} data={election}>
        {(election) => (
          <div
            className={
              election.viewer.can_manage ? cx(shared.layout, shared.layoutWithConfig) : shared.layout
            }
          >
            <div className={styles.layoutMain}>
              <Tabs<TabKey> tabs={TABS} active={tab} onChange={setTab} label="Election">
                {tab === "overview" && <Overview election={election} />}
                {tab === "vote" && <CastVote key={election.id} election={election} onChanged={refetch} />}
                {tab === "results" && (
                  <Suspense fallback={<Spinner />}>
                    <ResultsTab election={election} />
                  </Suspense>
                )}
                {tab === "voters" && (
                  <Suspense fallback={<Spinner />}>
                    <VotersTab election={election} />
                  </Suspense>
                )}
              </Tabs>
            </div>
            {election.viewer.can_manage && (
              <Suspense fallback={null}>
                <ConfigurationPanel election={election} onUpdated={replace} />
              </Suspense>
            )}
          </div>
        )}
      </LoadState>
    </article>
  );
}
