import { profileMessages, type VoterProfile } from "../../../../contract/profile";
import { Field } from "../../ui/Field";

export interface ContactDraft {
  full_name: string;
  phone_number: string;
  /** Asked only when the phone number changes (codes for the Phone method go there). */
  current_password: string;
  code: string;
}

/** True when saving the draft changes the phone number, so the server will ask for the password. */
export function phoneChanges(profile: VoterProfile, draft: ContactDraft): boolean {
  return draft.phone_number.trim() !== profile.phone_number.trim();
}

/**
 * Contact Information: name and phone editable, e-mail read-only, 'Not provided' when empty. A new
 * phone number asks for the current password (and the authenticator's code with two-factor on).
 */
export function ContactCard({
  profile,
  draft,
  onDraft,
}: {
  profile: VoterProfile;
  draft: ContactDraft | null;
  onDraft(draft: ContactDraft): void;
}) {
  const shown = (value: string) =>
    value.trim() || <span className="muted">{profileMessages.notProvided}</span>;
  return (
    <section className="card vp-card" aria-labelledby="vp-contact-title">
      <h2 id="vp-contact-title">Contact Information</h2>
      {draft ? (
        <>
          <div className="vp-warning" role="note">
            {profileMessages.verificationWarning}
          </div>
          <Field
            label="Full Name"
            name="full_name"
            autoComplete="name"
            maxLength={100}
            value={draft.full_name}
            onChange={(e) => onDraft({ ...draft, full_name: e.target.value })}
          />
          <Field
            label="Email"
            name="email"
            value={profile.email}
            readOnly
            hint="Your e-mail address signs you in"
          />
          <Field
            label="Phone Number"
            name="phone_number"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={draft.phone_number}
            onChange={(e) => onDraft({ ...draft, phone_number: e.target.value })}
          />
          {phoneChanges(profile, draft) && (
            <>
              <Field
                label="Current Password"
                name="current_password"
                type="password"
                autoComplete="current-password"
                maxLength={200}
                value={draft.current_password}
                onChange={(e) => onDraft({ ...draft, current_password: e.target.value })}
                hint={profileMessages.contactPasswordHint}
              />
              {profile.two_factor_enabled && (
                <Field
                  label="Authentication Code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="123456"
                  value={draft.code}
                  onChange={(e) => onDraft({ ...draft, code: e.target.value.replace(/\D/g, "").slice(0, 6) })}
                />
              )}
            </>
          )}
        </>
      ) : (
        <dl className="vp-contact">
          <div>
            <dt>Full Name</dt>
            <dd>{shown(profile.full_name)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{shown(profile.email)}</dd>
          </div>
          <div>
            <dt>Phone Number</dt>
            <dd>{shown(profile.phone_number)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
