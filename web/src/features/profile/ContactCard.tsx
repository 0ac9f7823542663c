import { samePhone } from "../../../../contract/accounts";
import type { updateProfileInput } from "../../../../contract/accounts-input";
import { profileMessages, type VoterProfile } from "../../../../contract/profile";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { Field } from "../../ui/Field";
import { type ContractForm, fieldProps } from "../../ui/form/useContractForm";
import { CodeField } from "../accounts/CodeField";
import { PasswordField } from "../accounts/PasswordField";
import styles from "./VoterProfilePage.module.css";

/** The contact form: the profile update's own schema (`updateProfileInput`). */
export type ContactForm = ContractForm<typeof updateProfileInput>;

/** True when saving changes the phone number, so the server will ask for the password. */
export function phoneChanges(profile: VoterProfile, phoneNumber = ""): boolean {
  return samePhone(phoneNumber) !== samePhone(profile.phone_number);
}

/**
 * The password and code are asked only while the phone number changes (codes for the Phone method
 * go there): they leave the values when their fields go, and an empty code is not sent.
 */
const askedOnly = { shouldUnregister: true } as const;
const codeOnlyIfTyped = { ...askedOnly, setValueAs: (value: string) => value || undefined };

/**
 * Contact Information: name and phone editable, e-mail read-only, 'Not provided' when empty. A new
 * phone number asks for the current password (and the authenticator's code with two-factor on).
 */
export function ContactCard({
  profile,
  form,
  onSave,
}: {
  profile: VoterProfile;
  /** The form while editing, null otherwise. */
  form: ContactForm | null;
  /** Save Changes (in the page's header): Enter in a field does the same, as in any form. */
  onSave(): void;
}) {
  const shown = (value: string) =>
    value.trim() || <span className="muted">{profileMessages.notProvided}</span>;
  return (
    <section className={cx("card", styles.card)} aria-labelledby="vp-contact-title">
      <h2 id="vp-contact-title">Contact Information</h2>
      {form ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Enter in the fields it holds, not a control of its own
        <div
          onKeyDown={(event) => {
            if (
              event.key === "Enter" &&
              event.target instanceof HTMLInputElement &&
              !event.nativeEvent.isComposing
            ) {
              event.preventDefault();
              onSave();
            }
          }}
        >
          <div className={styles.warning} role="note">
            {profileMessages.verificationWarning}
          </div>
          <Field label="Full Name" autoComplete="name" maxLength={100} {...fieldProps(form, "full_name")} />
          <Field
            label="Email"
            name="email"
            value={profile.email}
            readOnly
            hint="Your e-mail address signs you in"
          />
          <Field
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            {...fieldProps(form, "phone_number")}
          />
          {phoneChanges(profile, form.watch("phone_number")) && (
            <>
              <PasswordField
                purpose="current"
                label="Current Password"
                hint={profileMessages.contactPasswordHint}
                {...fieldProps(form, "current_password", askedOnly)}
              />
              {profile.two_factor_enabled && (
                <CodeField placeholder="123456" {...fieldProps(form, "code", codeOnlyIfTyped)} />
              )}
            </>
          )}
        </div>
      ) : (
        <dl className={styles.contact}>
          <div>
            <dt>Full Name</dt>
            <dd>{shown(profile.full_name)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{profile.email.trim() ? <Email address={profile.email} /> : shown(profile.email)}</dd>
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
