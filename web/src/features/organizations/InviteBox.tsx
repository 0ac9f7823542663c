import { useEffect, useId, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { call } from "../../api/client";
import { copyText, shareOrCopy } from "../../ui/clipboard";
import { cx } from "../../ui/cx";
import { Modal } from "../../ui/Modal";
import { Status } from "../../ui/Status";
import { asksForPassword, PasswordAgain } from "../settings/PasswordAgain";
import { errorText } from "./errors";
import { inviteLink } from "./inviteLink";
import styles from "./ProfilePage.module.css";

/** Spec part 1 section 9: 'Copied!' shows for 2000 ms on the organization profile. */
const COPIED_FOR_MS = 2000;

/** The invite link with Copy, Share and, for administrators, a new link that retires the old one. */
export function InviteBox({
  profile,
  onNewCode,
}: {
  profile: OrganizationProfile;
  onNewCode(code: string): void;
}) {
  const [copied, setCopied] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [renewing, setRenewing] = useState(false);
  /** Null until the server asks for the password (Require Password); then the field's value. */
  const [password, setPassword] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const linkId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!profile.invite_code) return null;
  const link = inviteLink(profile.invite_code);

  async function copy() {
    setError(null);
    setStatus(null);
    try {
      await copyText(link);
      setCopied(true);
    } catch {
      setError(messages.inviteLinkFailed);
    }
  }

  async function share() {
    setError(null);
    setStatus(null);
    try {
      const how = await shareOrCopy({
        title: `Join ${profile.name} on Votespace`,
        text: `You're invited to join ${profile.name} on Votespace.`,
        url: link,
      });
      if (how === "copied") setStatus(messages.inviteLinkCopied);
    } catch {
      setError(messages.inviteLinkFailed);
    }
  }

  function closeConfirm() {
    setConfirming(false);
    setPassword(null);
    setPasswordError(null);
  }

  async function renew() {
    setRenewing(true);
    setError(null);
    try {
      const { invite_code } = await call(organizationsEndpoints.newInviteCode, {
        params: { id: profile.id },
        body: { password: password || undefined },
      });
      onNewCode(invite_code);
      setStatus("A new invite link is ready. The old link no longer works.");
      setConfirming(false);
      setPassword(null);
      setPasswordError(null);
    } catch (failure) {
      if (asksForPassword(failure)) {
        // The dialog stays open with a password field; a wrong password says so there.
        setPasswordError(password === null ? null : errorText(failure));
        setPassword((typed) => typed ?? "");
        return;
      }
      setError(errorText(failure));
      setConfirming(false);
    } finally {
      setRenewing(false);
    }
  }

  return (
    <section className={cx("card", styles.card)} aria-labelledby="op-invite">
      <h2 id="op-invite">Invite Members</h2>
      <p className={cx("muted", styles.cardSub)}>
        Anyone with this link can join {profile.name}
        {profile.require_approval ? " once an administrator approves the request." : "."}
      </p>
      <label htmlFor={linkId} className="visually-hidden">
        Invite link
      </label>
      <div className={styles.inviteRow}>
        <input
          id={linkId}
          className={styles.inviteLink}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-primary" onClick={copy} aria-live="polite">
          {copied ? messages.copied : "Copy"}
        </button>
        <button type="button" className="btn" onClick={share}>
          Share
        </button>
      </div>
      {profile.can.manage && (
        <button
          type="button"
          className={cx("btn", "btn-ghost", styles.renew)}
          onClick={() => setConfirming(true)}
        >
          New link
        </button>
      )}
      {status && <Status className={styles.status}>{status}</Status>}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {confirming && (
        <Modal
          title="Create a new invite link?"
          onClose={closeConfirm}
          footer={
            <>
              <button type="button" className="btn" onClick={closeConfirm}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={renew}
                disabled={renewing || password === ""}
              >
                {renewing ? "Creating..." : "Create new link"}
              </button>
            </>
          }
        >
          <p>
            The current link stops working at once: anyone who has it but has not joined yet will need the new
            link.
          </p>
          {password !== null && (
            <>
              {passwordError && (
                <div className="alert alert-error" role="alert">
                  {passwordError}
                </div>
              )}
              <PasswordAgain value={password} onChange={setPassword} />
            </>
          )}
        </Modal>
      )}
    </section>
  );
}
