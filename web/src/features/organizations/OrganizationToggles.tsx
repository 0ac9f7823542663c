import { useState } from "react";
import type { OrganizationProfile, OrganizationSettingsInput } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { call } from "../../api/client";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { Toggle } from "../../ui/Toggle";
import { useAuth } from "../accounts/AuthProvider";
import { errorText } from "./errors";
import styles from "./ProfilePage.module.css";
import { TwoFactorDialog } from "./TwoFactorDialog";

type SettingKey = keyof OrganizationSettingsInput;

const SETTINGS: Array<{ key: SettingKey; label: string; description: string }> = [
  {
    key: "is_public",
    label: "Public Organization",
    description: "Listed in Search Organizations, and anyone signed in can join without an invite link.",
  },
  {
    key: "allow_member_invites",
    label: "Allow Member Invites",
    description: "Members can see and share the invite link, not only administrators.",
  },
  {
    key: "require_approval",
    label: "Require Admin Approval",
    description: "New joins become requests that an administrator approves or declines.",
  },
];

/** The organization's switches; each one is saved on the server at once, and a refusal is shown. */
export function OrganizationToggles({
  profile,
  onSaved,
  onTwoFactorChanged,
}: {
  profile: OrganizationProfile;
  onSaved(profile: OrganizationProfile): void;
  onTwoFactorChanged(): void;
}) {
  const { user } = useAuth();
  const [busy, setBusy] = useState<SettingKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState<"enable" | "disable" | null>(null);
  const mayManage = profile.can.manage;
  const twoFactorOn = user?.two_factor_enabled ?? false;

  async function change(key: SettingKey, value: boolean, label: string) {
    setBusy(key);
    setError(null);
    setSaved(null);
    try {
      onSaved(
        await call(organizationsEndpoints.updateSettings, {
          params: { id: profile.id },
          body: { [key]: value },
        }),
      );
      setSaved(`${label} turned ${value ? "on" : "off"}.`);
    } catch (failure) {
      setError(`${label} could not be saved: ${errorText(failure)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={cx("card", styles.card)} aria-labelledby="op-settings">
      <h2 id="op-settings">Organization Settings</h2>
      {!mayManage && (
        <p className={cx("muted", styles.cardSub)}>
          Only this organization's administrators can change the organization's settings. Your own sign-in,
          below, is yours to change.
        </p>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {SETTINGS.map((setting) => (
        <Toggle
          key={setting.key}
          label={setting.label}
          description={setting.description}
          checked={profile[setting.key]}
          disabled={!mayManage || (busy !== null && busy !== setting.key)}
          busy={busy === setting.key}
          onChange={(value) => void change(setting.key, value, setting.label)}
        />
      ))}
      {/* The person's own switch, not the organization's: apart, under its own heading. */}
      <section aria-labelledby="op-your-sign-in">
        <h3 id="op-your-sign-in" className={styles.cardSubhead}>
          Your Sign-in
        </h3>
        <p className={cx("muted", styles.cardSub)}>Your own account's setting, whatever your role here.</p>
        <Toggle
          label="Enable Two-Factor Auth"
          description={
            twoFactorOn
              ? "On: signing in to your account asks for a code from your authenticator app."
              : "Protect your sign-in with a code from an authenticator app (TOTP)."
          }
          checked={twoFactorOn}
          onChange={(value) => setTwoFactor(value ? "enable" : "disable")}
        />
      </section>
      {saved && <Status className={styles.status}>{saved}</Status>}
      {twoFactor && (
        <TwoFactorDialog
          mode={twoFactor}
          onClose={() => setTwoFactor(null)}
          onDone={(enabled) => {
            setTwoFactor(null);
            setSaved(`Two-factor authentication turned ${enabled ? "on" : "off"}.`);
            onTwoFactorChanged();
          }}
        />
      )}
    </section>
  );
}
