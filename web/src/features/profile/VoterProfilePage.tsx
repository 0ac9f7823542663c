import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { profileEndpoints, profileMessages } from "../../../../contract/profile";
import { useEndpointQuery } from "../../api/query";
import { ChevronLeftIcon } from "../../ui/icons";
import { useAuth } from "../accounts/AuthProvider";
import { ActivityCard } from "./ActivityCard";
import { ContactCard, type ContactDraft, phoneChanges } from "./ContactCard";
import { IdentityCard } from "./IdentityCard";
import { SecurityCard } from "./SecurityCard";
import { SessionsCard } from "./SessionsCard";
import "./profile.css";
import { messageOf } from "../../ui/messageOf";

/** /voters: the signed-in user's profile (spec part 2, "Voter profile"). */
export default function VoterProfilePage() {
  const { updateProfile } = useAuth();
  const query = useEndpointQuery(profileEndpoints.profile);
  // The page asked for last; the one shown stays until the next arrives.
  const [activityPage, showActivityPage] = useState(0);
  const activity = useEndpointQuery(
    profileEndpoints.activity,
    { query: { page: activityPage } },
    { placeholderData: keepPreviousData },
  );
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const profile = query.data?.profile ?? null;

  async function toggle() {
    if (!profile) return;
    if (!draft) {
      setDraft({
        full_name: profile.full_name,
        phone_number: profile.phone_number,
        current_password: "",
        code: "",
      });
      setNotice(null);
      setError(null);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await updateProfile({
        full_name: draft.full_name,
        phone_number: draft.phone_number,
        ...(phoneChanges(profile, draft) && {
          current_password: draft.current_password,
          ...(draft.code && { code: draft.code }),
        }),
      });
      await query.refetch();
      setDraft(null);
      setNotice(profileMessages.saved);
    } catch (failure) {
      // Save stays in edit on failure (spec part 2 section 4), and says why.
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="vp-page">
      <header className="vp-header">
        <Link to="/member" className="btn btn-ghost vp-back" aria-label="Back to the workspace">
          <ChevronLeftIcon />
          Back
        </Link>
        <h1>Voter Profile</h1>
        {profile && (
          <div className="vp-header-actions">
            {draft && (
              <button type="button" className="btn" onClick={() => setDraft(null)} disabled={saving}>
                Cancel
              </button>
            )}
            <button type="button" className="btn btn-primary" onClick={() => void toggle()} disabled={saving}>
              {saving ? "Saving..." : draft ? "Save Changes" : "Edit Profile"}
            </button>
          </div>
        )}
      </header>

      {query.isPending && (
        <p className="vp-state" role="status">
          {profileMessages.loading}
        </p>
      )}
      {query.isError && (
        <div className="vp-state" role="alert">
          <p>The profile could not be loaded: {query.error.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      )}
      {profile && (
        <>
          {notice && (
            <div className="alert alert-success" role="status">
              {notice}
            </div>
          )}
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="vp-grid">
            <IdentityCard profile={profile} />
            <div className="vp-column">
              <ContactCard profile={profile} draft={draft} onDraft={setDraft} />
              <SecurityCard profile={profile} onChanged={() => void query.refetch()} />
              <SessionsCard />
              <ActivityCard
                state={activity}
                onRetry={() => void activity.refetch()}
                onPage={showActivityPage}
              />
            </div>
          </div>
        </>
      )}
    </main>
  );
}
