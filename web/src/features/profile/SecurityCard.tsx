import { useState } from "react";
import { profileMessages, type VoterProfile } from "../../../../contract/profile";
import { cx } from "../../ui/cx";
import { LockIcon, ShieldIcon } from "../../ui/icons";
import { Status } from "../../ui/Status";
import { TwoFactorDialog } from "../organizations/TwoFactorDialog";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import styles from "./VoterProfilePage.module.css";

/** Security: Change Password and two-factor sign-in (TOTP), both done on the server. */
export function SecurityCard({ profile, onChanged }: { profile: VoterProfile; onChanged(): void }) {
  const [dialog, setDialog] = useState<"password" | "enable" | "disable" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className={cx("card", styles.card)} aria-labelledby="vp-security-title">
      <h2 id="vp-security-title">Security</h2>
      {notice && (
        <Status as="div" className="alert alert-success">
          {notice}
        </Status>
      )}
      <div className={styles.securityRow}>
        <LockIcon />
        <div>
          <span className={styles.strong}>Password</span>
          <span className="muted">Changing it signs out your other devices.</span>
        </div>
        <button type="button" className="btn" onClick={() => setDialog("password")}>
          Change Password
        </button>
      </div>
      <div className={styles.securityRow}>
        <ShieldIcon />
        <div>
          <span className={styles.strong}>Two-factor sign-in</span>
          <span className="muted">
            {profile.two_factor_enabled
              ? profileMessages.twoFactorOn
              : "A code from an authenticator app, asked at every sign-in."}
          </span>
        </div>
        {profile.two_factor_enabled ? (
          <button type="button" className="btn" onClick={() => setDialog("disable")}>
            Turn Off
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setDialog("enable")}>
            Enable Two-Factor
          </button>
        )}
      </div>
      {dialog === "password" && (
        <ChangePasswordDialog
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setNotice(message);
            onChanged();
          }}
        />
      )}
      {(dialog === "enable" || dialog === "disable") && (
        <TwoFactorDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={(enabled) => {
            setDialog(null);
            setNotice(enabled ? profileMessages.twoFactorEnabled : "Two-factor sign-in is now off.");
            onChanged();
          }}
        />
      )}
    </section>
  );
}
