import { type FormEvent, useEffect, useState } from "react";
import { accountsEndpoints, type TotpSetup } from "../../../../contract/accounts";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";
import { useAuth } from "../accounts/AuthProvider";
import { asksForPassword, PasswordAgain } from "../settings/PasswordAgain";
import { errorText } from "./errors";
import "./twoFactor.css";

interface TwoFactorDialogProps {
  /** "enable" runs enrolment (QR code, secret, first code); "disable" asks for a current code. */
  mode: "enable" | "disable";
  onClose(): void;
  /** Called once the server has switched two-factor sign-in on or off. */
  onDone(enabled: boolean): void;
}

/**
 * Two-factor sign-in with an authenticator app (TOTP). Turning it on shows a new secret as a QR
 * code and confirms it with the first code; turning it off needs a code too. Either way the
 * signed-in profile is read again so every screen shows the new state.
 */
export function TwoFactorDialog({ mode, onClose, onDone }: TwoFactorDialogProps) {
  const { updateProfile } = useAuth();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [loading, setLoading] = useState(mode === "enable");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Null until the server asks for the password (the user's "Require Password"); then the field's value. */
  const [password, setPassword] = useState<string | null>(null);
  /** Enrolment starts again once the password is given (a new attempt each time). */
  const [setupAttempt, setSetupAttempt] = useState(0);

  const passwordAsked = (failure: unknown) => {
    if (!asksForPassword(failure)) return false;
    setError(password ? errorText(failure) : null);
    setPassword((typed) => typed ?? "");
    return true;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (with the password) starts it again
  useEffect(() => {
    if (mode !== "enable") return;
    let cancelled = false;
    setLoading(true);
    call(accountsEndpoints.twoFactorSetup, { body: { password: password || undefined } })
      .then((result) => {
        if (!cancelled) setSetup(result);
      })
      .catch((failure: unknown) => {
        if (!cancelled && !passwordAsked(failure)) setError(errorText(failure));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [mode, setupAttempt]);

  const awaitingPassword = mode === "enable" && !setup && password !== null;

  const codeValid = /^\d{6}$/.test(code);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (awaitingPassword) {
      if (password) setSetupAttempt((n) => n + 1);
      return;
    }
    if (!codeValid) {
      setError(messages.totpRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const given = password || undefined;
      if (mode === "enable")
        await call(accountsEndpoints.twoFactorEnable, { body: { code, password: given } });
      else await call(accountsEndpoints.twoFactorDisable, { body: { code, password: given } });
      // The profile carries two_factor_enabled: read it again (an empty update returns it).
      await updateProfile({}).catch(() => undefined);
      onDone(mode === "enable");
    } catch (failure) {
      if (!passwordAsked(failure)) setError(errorText(failure));
      setBusy(false);
    }
  }

  const title = mode === "enable" ? "Set Up Two-Factor Authentication" : "Turn Off Two-Factor Authentication";
  const formId = "two-factor-form";
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={mode === "enable" ? "btn btn-primary" : "btn btn-danger"}
            disabled={
              awaitingPassword ? loading || !password : busy || !codeValid || (mode === "enable" && !setup)
            }
          >
            {awaitingPassword
              ? "Continue"
              : busy
                ? "Checking..."
                : mode === "enable"
                  ? "Turn On"
                  : "Turn Off"}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="tf-form">
        {mode === "enable" && (
          <>
            <ol className="tf-steps">
              <li>
                Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).
              </li>
              <li>Scan the QR code, or enter the secret key by hand.</li>
              <li>Type the 6-digit code the app shows to confirm.</li>
            </ol>
            {loading && (
              <p className="muted" role="status">
                Preparing your secret key...
              </p>
            )}
            {setup && (
              <div className="tf-secret">
                <img
                  src={setup.qr_data_url}
                  alt="QR code for your authenticator app"
                  width={180}
                  height={180}
                />
                <div>
                  <span className="tf-secret-label">Secret key</span>
                  <code className="tf-secret-code" data-testid="totp-secret">
                    {setup.secret}
                  </code>
                  <span className="hint">After you turn it on, signing in asks for a code from the app.</span>
                </div>
              </div>
            )}
          </>
        )}
        {mode === "disable" && (
          <p className="muted">
            Enter the code your authenticator app shows now. Signing in will then need only your password.
          </p>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        {password !== null && <PasswordAgain value={password} onChange={setPassword} />}
        {!awaitingPassword && (
          <Field
            label="Authentication Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
          />
        )}
      </form>
    </Modal>
  );
}
