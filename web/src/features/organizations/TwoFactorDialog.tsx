import { useEffect, useState } from "react";
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import { totpCodeInput } from "../../../../contract/accounts-input";
import { useEndpointMutation } from "../../api/query";
import { cx } from "../../ui/cx";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, putError, submitting, useContractForm } from "../../ui/form/useContractForm";
import { LoadingState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { useAuth } from "../accounts/AuthProvider";
import { CodeField } from "../accounts/CodeField";
import { PasswordField } from "../accounts/PasswordField";
import { asksForPassword, PasswordAgain } from "../settings/PasswordAgain";
import { errorText } from "./errors";
import styles from "./TwoFactorDialog.module.css";

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
  // The code the app shows; the password (when asked for) goes with it.
  const form = useContractForm(totpCodeInput.pick({ code: true }), { defaultValues: { code: "" } });
  const enable = useEndpointMutation(accountsEndpoints.twoFactorEnable);
  const disable = useEndpointMutation(accountsEndpoints.twoFactorDisable);
  const busy = form.formState.isSubmitting;
  /** Null until the server asks for the password (the user's "Require Password"); then the field's value. */
  const [password, setPassword] = useState<string | null>(null);
  /** Turning it off with the password instead of a code (the app lost with its phone, say). */
  const [byPassword, setByPassword] = useState(false);
  /** Enrolment starts again once the password is given (a new attempt each time). */
  const [setupAttempt, setSetupAttempt] = useState(0);

  const passwordAsked = (failure: unknown) => {
    if (!asksForPassword(failure)) return false;
    if (password) putError(form, new Error(errorText(failure)));
    else form.clearErrors("root.server");
    setPassword((typed) => typed ?? "");
    return true;
  };

  /*
   * Enrolment is a write, not a read: each call makes a new secret (so no query, whose retries and
   * refetches would change the secret under the user's eyes). Its answer is the mutation's data.
   */
  const enrol = useEndpointMutation(accountsEndpoints.twoFactorSetup, {
    onError: (failure) => {
      if (!passwordAsked(failure)) putError(form, new Error(errorText(failure)));
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (with the password) starts it again
  useEffect(() => {
    if (mode === "enable") enrol.mutate({ body: { password: password || undefined } });
  }, [mode, setupAttempt]);
  const setup = enrol.data ?? null;
  const loading = mode === "enable" && (enrol.isIdle || enrol.isPending);

  const awaitingPassword = mode === "enable" && !setup && password !== null;

  const codeValid = /^\d{6}$/.test(form.watch("code"));

  // The profile carries two_factor_enabled: read it again (an empty update returns it).
  const finished = async (enabled: boolean) => {
    await updateProfile({}).catch(() => undefined);
    onDone(enabled);
  };

  const submit = submitting(form, async ({ code }) => {
    const body = { code, password: password || undefined };
    try {
      await (mode === "enable" ? enable : disable).mutateAsync({ body });
    } catch (failure) {
      if (passwordAsked(failure)) return;
      throw new Error(errorText(failure));
    }
    await finished(mode === "enable");
  });

  // Off with the password alone: no code to check, so not through the code's form.
  const offByPassword = async () => {
    form.clearErrors();
    try {
      await disable.mutateAsync({ body: { password: password ?? "" } });
    } catch (failure) {
      putError(form, new Error(errorText(failure)));
      return;
    }
    await finished(false);
  };

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
              awaitingPassword
                ? loading || !password
                : byPassword
                  ? disable.isPending || !password
                  : busy || !codeValid || (mode === "enable" && !setup)
            }
          >
            {awaitingPassword
              ? "Continue"
              : busy || disable.isPending
                ? "Checking..."
                : mode === "enable"
                  ? "Turn On"
                  : "Turn Off"}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          if (byPassword) {
            event.preventDefault();
            return void offByPassword();
          }
          if (!awaitingPassword) return void submit(event);
          event.preventDefault();
          if (password) setSetupAttempt((n) => n + 1);
        }}
        noValidate
        className={styles.form}
      >
        {mode === "enable" && (
          <>
            <ol className={styles.steps}>
              <li>
                Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).
              </li>
              <li>Scan the QR code, or enter the secret key by hand.</li>
              <li>Type the 6-digit code the app shows to confirm.</li>
            </ol>
            {loading && <LoadingState label="Preparing your secret key..." />}
            {setup && (
              <div className={styles.secret}>
                <img
                  src={setup.qr_data_url}
                  alt="QR code for your authenticator app"
                  width={180}
                  height={180}
                />
                <div>
                  <span className={styles.secretLabel}>Secret key</span>
                  <code className={styles.secretCode} data-testid="totp-secret">
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
            {byPassword
              ? "Enter your password. Signing in will then need only your password."
              : "Enter the code your authenticator app shows now. Signing in will then need only your password."}
          </p>
        )}
        <FormError form={form} />
        {byPassword ? (
          <PasswordField
            purpose="current"
            label="Your Password"
            name="current-password"
            value={password ?? ""}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          password !== null && <PasswordAgain value={password} onChange={setPassword} />
        )}
        {!awaitingPassword && !byPassword && <CodeField placeholder="123456" {...fieldProps(form, "code")} />}
        {mode === "disable" && (
          <button
            type="button"
            className={cx("btn btn-ghost", styles.switchProof)}
            onClick={() => {
              setByPassword((was) => !was);
              form.clearErrors();
            }}
          >
            {byPassword
              ? "Use a code from the app instead"
              : "No access to the app? Use your password instead"}
          </button>
        )}
      </form>
    </Modal>
  );
}
