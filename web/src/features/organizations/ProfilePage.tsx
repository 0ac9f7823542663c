import { useEffect, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import { VoterListPanel } from "../invitations/VoterListPanel";
import { ReportsPanel } from "../posts/ReportsPanel";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { InviteBox } from "./InviteBox";
import { JoinRequests } from "./JoinRequests";
import { LeaveOrganization } from "./LeaveOrganization";
import { MembersPanel } from "./MembersPanel";
import { OrganizationToggles } from "./OrganizationToggles";
import { OrgLogo } from "./OrgLogo";
import { ProfileEditForm } from "./ProfileEditForm";
import styles from "./ProfilePage.module.css";
import { SecurityFacts } from "./SecurityFacts";
import { StatCards } from "./StatCards";
import { useOrganizationStats } from "./useOrganizationStats";

/** The organization profile (spec part 1 section 2), for organization users. */
export default function ProfilePage() {
  const { current, status, error, refresh } = useWorkspace();

  if (current && status !== "loading") return <Profile key={current.id} current={current} />;
  return (
    <div className={cx(styles.page, styles.state)}>
      <LoadState
        data={null}
        error={
          status === "loading" ? null : [messages.organizationLoadFailed, error].filter(Boolean).join(" ")
        }
        loadingLabel="Loading organization..."
        errorTitle={messages.organizationNotFound}
        retryLabel="Retry"
        onRetry={() => void refresh()}
      >
        {() => null}
      </LoadState>
    </div>
  );
}

function Profile({ current }: { current: OrganizationProfile }) {
  const { refreshMembers } = useWorkspace();
  const [profile, setProfile] = useState(current);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const stats = useOrganizationStats(current.id);
  const frozen = profile.status === "suspended";

  // The shell's copy is newer whenever it reloads (after our own changes, or another admin's).
  useEffect(() => setProfile(current), [current]);

  /** Shows the server's answer at once, then lets the shell (strip, sidebar, members) catch up. */
  const apply = (next: OrganizationProfile) => {
    setProfile(next);
    void refreshMembers().catch(() => undefined);
  };

  const created = new Date(profile.created_at).toLocaleDateString(undefined, {
    year: "numeric",
    month: "long",
    day: "numeric",
  });

  return (
    <div className={styles.page}>
      {notice && (
        <Status as="div" className="alert alert-success">
          {notice}
        </Status>
      )}
      {editing ? (
        <ProfileEditForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onApplied={apply}
          onSaved={(saved) => {
            apply(saved);
            setNotice(messages.profileSaved);
          }}
        />
      ) : (
        <header className={cx("card", styles.hero)}>
          <OrgLogo name={profile.name} url={profile.logo_url} size={88} className={styles.heroLogo} />
          <div className={styles.heroText}>
            <h1>{profile.name}</h1>
            <p className={cx(styles.description, !profile.description && "muted")}>
              {profile.description || "No description provided"}
            </p>
            <ul className={styles.meta}>
              <li>
                <span className={styles.metaLabel}>Location</span>
                {profile.location || "Not provided"}
              </li>
              <li>
                <span className={styles.metaLabel}>Created</span>
                {created}
              </li>
              <li>
                <span className={styles.metaLabel}>Website</span>
                {profile.website ? (
                  <a href={profile.website} target="_blank" rel="noopener noreferrer">
                    {profile.website.replace(/^https?:\/\//, "")}
                  </a>
                ) : (
                  "Not provided"
                )}
              </li>
              <li>
                <span className={styles.metaLabel}>Your role</span>
                {profile.role === "admin" ? "Administrator" : "Member"}
              </li>
            </ul>
          </div>
          {profile.can.manage && (
            <button
              type="button"
              className={cx("btn", styles.editButton)}
              disabled={frozen}
              onClick={() => {
                setNotice(null);
                setEditing(true);
              }}
            >
              Edit Profile
            </button>
          )}
        </header>
      )}

      <StatCards stats={stats.stats} error={stats.error} onRetry={() => void stats.reload()} />

      <div className={styles.columns}>
        {/* A suspended organization changes nothing: its controls are shown disabled (the banner says why). */}
        <fieldset className="control-group" disabled={frozen}>
          <div className={styles.column}>
            {profile.can.invite && (
              <InviteBox
                profile={profile}
                onNewCode={(code) => {
                  setProfile((p) => ({ ...p, invite_code: code }));
                  void refreshMembers().catch(() => undefined);
                }}
              />
            )}
            {profile.can.manage && (
              <JoinRequests
                organizationId={profile.id}
                requireApproval={profile.require_approval}
                onDecided={() => {
                  void stats.reload();
                  void refreshMembers().catch(() => undefined);
                }}
              />
            )}
            <OrganizationToggles
              profile={profile}
              onSaved={apply}
              onTwoFactorChanged={() => void refreshMembers().catch(() => undefined)}
            />
          </div>
          <div className={styles.column}>
            {profile.can.manage && <ReportsPanel organizationId={profile.id} />}
            <SecurityFacts profile={profile} />
          </div>
        </fieldset>
      </div>
      {/* The voter list before the members: below a long list of members it went unseen. */}
      {profile.can.manage && (
        <fieldset className="control-group" disabled={frozen}>
          <VoterListPanel organizationId={profile.id} />
        </fieldset>
      )}
      <MembersPanel organization={profile} />
      <LeaveOrganization organization={profile} />
    </div>
  );
}
