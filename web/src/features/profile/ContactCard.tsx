import { profileMessages, type VoterProfile } from "../../../../contract/profile";
import { Field } from "../../ui/Field";

export interface ContactDraft {
  full_name: string;
  phone_number: string;
}

/** Contact Information: name and phone editable, e-mail read-only, 'Not provided' when empty. */
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
