import { useRef, useState } from "react";
import { Link } from "react-router";
import { profileMessages } from "../../../../contract/profile";
import { ChevronLeftIcon } from "../../ui/icons";
import { useAuth } from "../accounts/AuthProvider";
import { ActivityCard } from "./ActivityCard";
import { profileApi } from "./api";
import { ContactCard, type ContactDraft, phoneChanges } from "./ContactCard";
import { IdentityCard } from "./IdentityCard";
import { SecurityCard } from "./SecurityCard";
import { SessionsCard } from "./SessionsCard";
import { useLoad } from "./useLoad";
import "./profile.css";
import { messageOf } from "../../ui/messageOf";

/** /voters: the signed-in user's profile (spec part 2, "Voter profile"). */
export default function VoterProfilePage() {
  const { updateProfile } = useAuth();
  const { state, reload } = useLoad(() => profileApi.profile().then((r) => r.profile));
  // The page asked for last (the answer says which page it is, so the card needs no copy).
  const activityPage = useRef(0);
  const activity = useLoad(() => profileApi.activity(activityPage.current));
  const showActivityPage = (page: number) => {
    activityPage.current = page;
    void activity.reload();
  };
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const profile = state.status === "ready" ? state.data : null;

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
      await reload();
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

      {state.status === "loading" && (
        <p className="vp-state" role="status">
          {profileMessages.loading}
        </p>
      )}
      {state.status === "error" && (
        <div className="vp-state" role="alert">
          <p>The profile could not be loaded: {state.error}</p>
          <button type="button" className="btn btn-primary" onClick={() => void reload()}>
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
              <SecurityCard profile={profile} onChanged={() => void reload()} />
              <SessionsCard />
              <ActivityCard
                state={activity.state}
                onRetry={() => void activity.reload()}
                onPage={showActivityPage}
              />
            </div>
          </div>
        </>
      )}
    </main>
  );
}
