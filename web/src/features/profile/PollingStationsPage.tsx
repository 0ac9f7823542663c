import { useState } from "react";
import { channelPath } from "../../../../contract/channels";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { type PollingStation, profileEndpoints, profileMessages } from "../../../../contract/profile";
import { call } from "../../api/client";
import { useEndpointQuery } from "../../api/query";
import { Link, useNavigate } from "../../router";
import { cx } from "../../ui/cx";
import { BallotIcon, ChevronLeftIcon } from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { homeFor, useAuth } from "../accounts/AuthProvider";
import styles from "./VoterProfilePage.module.css";

const STATUS_NAMES: Record<string, string> = {
  active: "Voting open",
  upcoming: "Upcoming",
  completed: "Completed",
  cancelled: "Cancelled",
};

const inZone = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString(undefined, {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

/** The colours of the election statuses the list shows apart. */
const STATUS_CLASS: Record<string, string> = {
  active: styles.stationActive,
  upcoming: styles.stationUpcoming,
};

/** /voters/stations ("Find My Polling Station"): the election channels of the user's organizations. */
export default function PollingStationsPage() {
  const query = useEndpointQuery(profileEndpoints.pollingStations);
  const stations = query.data?.stations;
  const { user } = useAuth();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const area = user?.user_type === "organization" ? "organization" : "member";

  /** The workspace shows one organization at a time: switch to the station's first. */
  async function open(station: PollingStation) {
    setOpening(station.election_id);
    setError(null);
    try {
      if (user?.organization_id !== station.organization_id)
        await call(organizationsEndpoints.switchTo, { body: { organization_id: station.organization_id } });
      navigate(channelPath(area, { id: station.channel_id, name: station.channel_name, type: "election" }));
    } catch (failure) {
      setError(messageOf(failure));
      setOpening(null);
    }
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Link to="/voters" className={cx("btn btn-ghost", styles.back)}>
          <ChevronLeftIcon />
          Back
        </Link>
        <h1>My Polling Stations</h1>
      </header>
      <p className="muted">
        You vote in an election's channel, in your organization's workspace. These are the election channels
        of the organizations you belong to.
      </p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <LoadState
        data={stations}
        error={query.error?.message}
        loadingLabel="Loading elections..."
        errorTitle="Your elections could not be loaded"
        retryLabel="Retry"
        onRetry={() => void query.refetch()}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className={cx("card", styles.state)}>
            <p>{profileMessages.noStations}</p>
            <Link to={`${user ? homeFor(user) : "/member"}/search-organizations`} className="btn btn-primary">
              Find an organization
            </Link>
          </div>
        }
      >
        {(stations) => (
          <ul className={styles.stations}>
            {stations.map((station) => (
              <li key={station.election_id} className={cx("card", styles.station)}>
                <BallotIcon size={22} />
                <div className={styles.stationText}>
                  <span className={styles.strong}>{station.title}</span>
                  <span className="muted">
                    {station.organization_name} · #{station.channel_name}
                  </span>
                  <span className="muted">
                    {inZone(station.starts_at, station.time_zone)} –{" "}
                    {inZone(station.ends_at, station.time_zone)}
                  </span>
                </div>
                <span className={cx(styles.stationStatus, STATUS_CLASS[station.status])}>
                  {STATUS_NAMES[station.status] ?? station.status}
                </span>
                {station.voted && <span className={styles.stationVoted}>You voted</span>}
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={opening !== null}
                  onClick={() => void open(station)}
                >
                  {opening === station.election_id ? "Opening..." : "Go to election"}
                  <span className="visually-hidden"> {station.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </main>
  );
}
