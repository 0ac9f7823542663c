import { type ReactNode, useEffect, useRef } from "react";
import type { OrganizationStats } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { useEndpointQuery } from "../../api/query";
import { useLive } from "../../api/useRealtime";
import { Link, useLocation } from "../../router";
import { cx } from "../../ui/cx";
import { HashIcon, UsersIcon } from "../../ui/icons";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { ElectionOverview } from "../elections/ElectionOverview";
import { InviteBox } from "../organizations/InviteBox";
import { JoinRequestsNotice } from "../organizations/JoinRequestsNotice";
import { LeaveOrganization } from "../organizations/LeaveOrganization";
import { OrgLogo } from "../organizations/OrgLogo";
import { NoOrganization } from "./EmptyState";
import { BuildingIcon, PlusIcon, SearchPlusIcon } from "./icons";
import { text } from "./text";
import { useWorkspace } from "./WorkspaceContext";
import styles from "./WorkspaceHome.module.css";
import buttons from "./workspaceButtons.module.css";

type StatsLoad =
  | { state: "loading" }
  | { state: "ready"; stats: OrganizationStats }
  | { state: "error"; message: string };

function Stat({ label, value, icon }: { label: string; value: number | null; icon: ReactNode }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statIcon}>{icon}</span>
      <span className={styles.statValue}>{value ?? "–"}</span>
      <span className={styles.statLabel}>{label}</span>
    </div>
  );
}

/** What a page that sends the user here may have to say on arrival (a channel creation's notice). */
export interface HomeState {
  notice?: string;
}

/** The area's index page: the organization, its numbers (counted by the server) and where to go next. */
export default function WorkspaceHome() {
  const { area, current, currentId, channels, members, online } = useWorkspace();
  const live = useLive();
  const notice = (useLocation().state as HomeState | null)?.notice;
  const query = useEndpointQuery(
    organizationsEndpoints.stats,
    { params: { id: currentId ?? "" } },
    { enabled: !!currentId },
  );
  const stats: StatsLoad = query.isError
    ? { state: "error", message: messageOf(query.error) }
    : query.data
      ? { state: "ready", stats: query.data }
      : { state: "loading" };

  // Members and who is online are the workspace's live lists, the same the server counts: a member
  // coming or going, online or not, changes them here with no read (each of them had every open home
  // of the organization count again). The channels (the private ones too, which the list may not
  // show) are counted by the server, again when a channel came or went.
  const { refetch } = query;
  const channelCount = channels.length;
  const channelsSeen = useRef(channelCount);
  useEffect(() => {
    if (channelsSeen.current === channelCount) return;
    channelsSeen.current = channelCount;
    void refetch();
  }, [channelCount, refetch]);

  if (!currentId || !current) return <NoOrganization area={area} />;

  const numbers = stats.state === "ready" ? stats.stats : null;
  return (
    <div className={styles.home}>
      <section className={styles.homeHero}>
        <OrgLogo name={current.name} url={current.logo_url} size={72} decorative />
        <div>
          <h1>{text.welcome(current.name)}</h1>
          <p className={cx(styles.homeDesc, !current.description && "muted")}>
            {current.description || text.noDescription}
          </p>
        </div>
      </section>

      {notice && <Status className="alert alert-info">{notice}</Status>}
      {/* Decided on the organization profile, which only the organization area has. */}
      {area === "organization" && current.can.manage && <JoinRequestsNotice organizationId={currentId} />}

      <section className={styles.stats} aria-label="Statistics" aria-busy={stats.state === "loading"}>
        <Stat
          label={text.statMembers}
          value={numbers ? members.length : null}
          icon={<UsersIcon size={20} />}
        />
        <Stat
          label={text.statChannels}
          value={numbers?.active_channels ?? null}
          icon={<HashIcon size={20} />}
        />
        <Stat
          label={text.statOnline}
          // Only known while live: with the connection lost, no count (a dash) rather than a stale one.
          value={live && numbers ? online.size : null}
          icon={<span className={cx(styles.presence, styles.presenceOn, styles.statDot)} />}
        />
      </section>
      {stats.state === "error" && (
        <div className="alert alert-error" role="alert">
          {text.statsFailed}
          {stats.message}{" "}
          <button type="button" className={buttons.linkButton} onClick={() => void query.refetch()}>
            {text.retry}
          </button>
        </div>
      )}

      <section className={styles.homeActions}>
        <Link to={`/${area}/create-channel`} className={styles.actionCard}>
          <PlusIcon size={22} />
          <span>
            <strong>{text.createChannel}</strong>
            <span className="muted">Text, airing, live or election.</span>
          </span>
        </Link>
        {area === "organization" ? (
          <Link to="/organization/profile" className={styles.actionCard}>
            <BuildingIcon size={22} />
            <span>
              <strong>{text.organizationProfile}</strong>
              <span className="muted">Details, invite link and settings.</span>
            </span>
          </Link>
        ) : (
          <Link to="/member/search-organizations" className={styles.actionCard}>
            <SearchPlusIcon size={22} />
            <span>
              <strong>{text.searchOrganizations}</strong>
              <span className="muted">Find and join more organizations.</span>
            </span>
          </Link>
        )}
      </section>
      {/* Members share the invite link when the organization allows member invites (the server sends the code only then). */}
      {area === "member" && current.can.invite && <InviteBox profile={current} onNewCode={() => undefined} />}
      {area === "organization" && <ElectionOverview organizationId={currentId} />}
      {/* The organization area has it on the organization's profile, beside its members. */}
      {area === "member" && <LeaveOrganization organization={current} />}
    </div>
  );
}
