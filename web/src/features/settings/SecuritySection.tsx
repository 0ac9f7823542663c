import { useId } from "react";
import { SESSION_LIFETIME_DAYS, SESSION_TIMEOUTS } from "../../../../contract/accounts";
import { SESSION_TIMEOUT_LABELS } from "../../../../contract/settings";
import { cx } from "../../ui/cx";
import styles from "./SettingsPage.module.css";
import { type SettingsForm, SettingToggle, useSetting } from "./settingsForm";

/**
 * Settings › Security: Require Password, the session timeout, and two-factor sign-in (switched on
 * the server at once, in its own dialog: `onTwoFactor`).
 */
export function SecuritySection({ form, onTwoFactor }: { form: SettingsForm; onTwoFactor(): void }) {
  const timeoutId = useId();
  const twoFactorAuth = form.watch("security.twoFactorAuth");
  const timeout = useSetting(form, "security.sessionTimeout");
  return (
    <section className={cx("card", styles.section, styles.wide)} aria-labelledby="st-security">
      <h2 id="st-security">Security</h2>
      <SettingToggle
        form={form}
        name="security.requirePassword"
        label="Require Password"
        description="Ask for your password again before saving these settings, switching two-factor, creating an invite link and voting."
      />
      <div className={styles.row}>
        <div className={styles.rowText}>
          <span className={styles.rowLabel}>Two-Factor Authentication</span>
          <span className={styles.rowDesc}>
            {twoFactorAuth
              ? "On: signing in asks for a code from your authenticator app."
              : "Off: protect your sign-in with a code from an authenticator app."}
          </span>
        </div>
        <span className={cx(styles.pill, twoFactorAuth && styles.pillOn)}>
          {twoFactorAuth ? "On" : "Off"}
        </span>
        <button type="button" className={twoFactorAuth ? "btn" : "btn btn-primary"} onClick={onTwoFactor}>
          {twoFactorAuth ? "Turn Off" : "Set Up"}
        </button>
      </div>
      <div className={styles.row}>
        <div className={styles.rowText}>
          <label htmlFor={timeoutId} className={styles.rowLabel}>
            Session Timeout
          </label>
          <span className={styles.rowDesc}>
            Sign out after this long without activity. Never keeps you signed in for {SESSION_LIFETIME_DAYS}{" "}
            days, the longest any sign-in lasts.
          </span>
        </div>
        <select
          id={timeoutId}
          className={styles.select}
          name={timeout.name}
          ref={timeout.ref}
          value={timeout.value}
          onBlur={timeout.onBlur}
          onChange={(e) => timeout.onChange(Number(e.target.value))}
        >
          {SESSION_TIMEOUTS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {SESSION_TIMEOUT_LABELS[minutes]}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
