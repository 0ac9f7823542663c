import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { samePhone } from "../../../../contract/accounts";
import { updateProfileInput } from "../../../../contract/accounts-input";
import { profileEndpoints, profileMessages } from "../../../../contract/profile";
import { useEndpointQuery } from "../../api/query";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { FormError } from "../../ui/form/FormError";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { ChevronLeftIcon } from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import { useAuth } from "../accounts/AuthProvider";
import { ActivityCard } from "./ActivityCard";
import { ContactCard, phoneChanges } from "./ContactCard";
import { IdentityCard } from "./IdentityCard";
import { SecurityCard } from "./SecurityCard";
import { SessionsCard } from "./SessionsCard";
import styles from "./VoterProfilePage.module.css";

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
  const [editing, setEditing] = useState(false);
  const form = useContractForm(updateProfileInput);
  const saving = form.formState.isSubmitting;
  const [notice, setNotice] = useState<string | null>(null);

  const profile = query.data?.profile ?? null;
  // A change to the account's security is one of its Recent Activity's events.
  const accountChanged = () => {
    void query.refetch();
    void activity.refetch();
  };

  // Save stays in edit on failure (spec part 2 section 4), and says why. Only what this form
  // changed is sent: a change saved meanwhile in another tab (a new phone, where codes go) stays.
  const save = submitting(form, async (values) => {
    if (!profile) return;
    const { current_password, code, full_name, phone_number } = values;
    const before = form.formState.defaultValues;
    const newPhone = samePhone(phone_number ?? "") !== samePhone(before?.phone_number ?? "");
    await updateProfile({
      ...(full_name !== before?.full_name && { full_name }),
      ...(newPhone && { phone_number }),
      ...(newPhone && phoneChanges(profile, phone_number) && { current_password, code }),
    });
    await query.refetch();
    void activity.refetch();
    setEditing(false);
    setNotice(profileMessages.saved);
  });

  // Into edit, the focus goes to the first field: left on the button, now Save Changes, a second
  // Enter saved before anything was edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on entering edit only
  useEffect(() => {
    if (editing) form.setFocus("full_name");
  }, [editing]);

  function toggle() {
    if (!profile) return;
    if (editing) return void save();
    form.reset({ full_name: profile.full_name, phone_number: profile.phone_number });
    setNotice(null);
    setEditing(true);
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Link to="/member" className={cx("btn btn-ghost", styles.back)} aria-label="Back to the workspace">
          <ChevronLeftIcon />
          Back
        </Link>
        <h1>Voter Profile</h1>
        {profile && (
          <div className={styles.headerActions}>
            {editing && (
              <button type="button" className="btn" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </button>
            )}
            <button type="button" className="btn btn-primary" onClick={toggle} disabled={saving}>
              {saving ? "Saving..." : editing ? "Save Changes" : "Edit Profile"}
            </button>
          </div>
        )}
      </header>

      <LoadState
        data={query.data?.profile}
        error={query.error?.message}
        loadingLabel={profileMessages.loading}
        errorTitle={"The profile could not be loaded"}
        retryLabel="Retry"
        onRetry={() => void query.refetch()}
      >
        {(profile) => (
          <>
            {notice && (
              <Status as="div" className="alert alert-success">
                {notice}
              </Status>
            )}
            {editing && <FormError form={form} />}
            <div className={styles.grid}>
              <IdentityCard profile={profile} />
              <div className={styles.column}>
                <ContactCard
                  profile={profile}
                  form={editing ? form : null}
                  onSave={() => {
                    // Once: Enter again (or held) while it saves does not send it twice.
                    if (!saving) void save();
                  }}
                />
                <SecurityCard profile={profile} onChanged={accountChanged} />
                <SessionsCard onEndedOthers={() => void activity.refetch()} />
                <ActivityCard
                  state={activity}
                  onRetry={() => void activity.refetch()}
                  onPage={showActivityPage}
                />
              </div>
            </div>
          </>
        )}
      </LoadState>
    </main>
  );
}
