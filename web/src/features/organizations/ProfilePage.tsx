import { useEffect, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { ReportsPanel } from "../posts/ReportsPanel";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { InviteBox } from "./InviteBox";
import { JoinRequests } from "./JoinRequests";
import { LeaveOrganization } from "./LeaveOrganization";
import { MembersPanel } from "./MembersPanel";
import { OrganizationToggles } from "./OrganizationToggles";
import { OrgLogo } from "./OrgLogo";
import { ProfileEditForm } from "./ProfileEditForm";
import { SecurityFacts } from "./SecurityFacts";
import { StatCards } from "./StatCards";
import { useOrganizationStats } from "./useOrganizationStats";
import "./profile.css";

/** The organization profile (spec part 1 section 2), for organization users. */
export default function ProfilePage() {
  const { current, status, error, refresh } = useWorkspace();

  if (status === "loading") {
    return (
      <div className="op-page op-state" role="status">
        Loading organization...
      </div>
    );
  }
  if (!current) {
    return (
      <div className="op-page op-state" role="alert">
        <h1>{messages.organizationNotFound}</h1>
        <p className="muted">{messages.organizationLoadFailed}</p>
        {error && <p className="muted">{error}</p>}
        <button type="button" className="btn btn-primary" onClick={() => void refresh()}>
          Retry
        </button>
      </div>
    );
  }
  return <Profile key={current.id} current={current} />;
}

function Profile({ current }: { current: OrganizationProfile }) {
  const { refreshMembers } = useWorkspace();
  const [profile, setProfile] = useState(current);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const stats = useOrganizationStats(current.id);

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
    <div className="op-page">
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {editing ? (
        <ProfileEditForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            apply(saved);
            setNotice(messages.profileSaved);
          }}
        />
      ) : (
        <header className="card op-hero">
          <OrgLogo name={profile.name} url={profile.logo_url} size={88} />
          <div className="op-hero-text">
            <h1>{profile.name}</h1>
            <p className={profile.description ? "op-description" : "op-description muted"}>
              {profile.description || "No description provided"}
            </p>
            <ul className="op-meta">
              <li>
                <span className="op-meta-label">Location</span>
                {profile.location || profile.country || "Not provided"}
              </li>
              <li>
                <span className="op-meta-label">Created</span>
                {created}
              </li>
              <li>
                <span className="op-meta-label">Website</span>
                {profile.website ? (
                  <a href={profile.website} target="_blank" rel="noopener noreferrer">
                    {profile.website.replace(/^https?:\/\//, "")}
                  </a>
                ) : (
                  "Not provided"
                )}
              </li>
              <li>
                <span className="op-meta-label">Your role</span>
                {profile.role === "admin" ? "Administrator" : "Member"}
              </li>
            </ul>
          </div>
          {profile.can.manage && (
            <button
              type="button"
              className="btn op-edit-button"
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

      <div className="op-columns">
        <div className="op-column">
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
        <div className="op-column">
          {profile.can.manage && <ReportsPanel organizationId={profile.id} />}
          <SecurityFacts profile={profile} />
        </div>
      </div>
      <MembersPanel organization={profile} />
      <LeaveOrganization organization={profile} />
    </div>
  );
}
