import { useEffect, useState } from "react";
import { signInInput } from "../../../../contract/accounts-input";
import { messages } from "../../../../contract/messages";
import { ApiError } from "../../api/http";
import { takeSessionEnded } from "../../api/sessionLost";
import { Link, useLocation } from "../../router";
import { Field } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { AuthCard } from "./AuthCard";
import styles from "./AuthCard.module.css";
import { useAuth } from "./AuthProvider";
import { CodeField } from "./CodeField";
import { PasswordField } from "./PasswordField";
import { signedOutLately } from "./storage";

const text = {
  signedOutInTab: "You signed out in another tab. Sign in again to go on.",
  signedOutElsewhere:
    "You were signed out from another device (a sign-out there, or a password change). Sign in again to go on.",
};

/** On success the GuestOnly guard around this page sends the user on (return path, else their area). */
export default function SignInPage() {
  const { signIn } = useAuth();
  const location = useLocation();
  // The code field joins the form (and the values) once the server asks for it.
  const form = useContractForm(signInInput, { defaultValues: { email: "", password: "" } });
  /** Shown once the server asks for the authenticator's code (two-factor sign-in). */
  const [needsCode, setNeedsCode] = useState(false);
  const busy = form.formState.isSubmitting;
  /** Signed out because the session ended (another tab or device, a password changed, run out): said once, and why. */
  const [ended] = useState(takeSessionEnded);
  const code = needsCode ? fieldProps(form, "code") : null;
  // The code is typed next: where the keys go, not on into the password (a keyboard's user typed it there).
  useEffect(() => {
    if (needsCode) form.setFocus("code");
  }, [needsCode, form]);

  const submit = submitting(form, async (values) => {
    try {
      await signIn(values);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "two_factor_required") {
        setNeedsCode(true);
        return;
      }
      throw failure instanceof ApiError ? failure : new Error(messages.signinError);
    }
  });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Votespace account.">
      {ended && (
        <Status className="alert alert-info">
          {signedOutLately()
            ? text.signedOutInTab
            : ended === "elsewhere"
              ? text.signedOutElsewhere
              : messages.sessionExpired}
        </Status>
      )}
      {/* Missing fields say one thing, once, above the form (as the server says it). */}
      <FormError form={form} fields={["email", "password"]} />
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" required {...form.register("email")} />
        <PasswordField purpose="current" label="Password" required {...form.register("password")} />
        {code && <CodeField hint={messages.totpRequired} {...code} />}
        <div className={styles.row}>
          <span />
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Signing In..." : "Sign In"}
        </button>
      </form>
      <p className={styles.footer}>
        New to Votespace?{" "}
        <Link to="/signup" state={location.state}>
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
