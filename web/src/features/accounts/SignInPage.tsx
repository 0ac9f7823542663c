import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { messages } from "../../../../contract/messages";
import { ApiError } from "../../api/http";
import { Field } from "../../ui/Field";
import { AuthCard } from "./AuthCard";
import { useAuth } from "./AuthProvider";

/** On success the GuestOnly guard around this page sends the user on (return path, else their area). */
export default function SignInPage() {
  const { signIn } = useAuth();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  /** Shown once the server asks for the authenticator's code (two-factor sign-in). */
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(messages.signInFieldsRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn({ email, password, ...(needsCode ? { code } : {}) });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "two_factor_required") {
        setNeedsCode(true);
        setError(null);
        setBusy(false);
        return;
      }
      setError(failure instanceof ApiError ? failure.message || messages.signInFailed : messages.signinError);
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Votespace account.">
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {needsCode && (
          <Field
            label="Authentication Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={messages.totpRequired}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
        )}
        <div className="auth-row">
          <span />
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Signing In..." : "Sign In"}
        </button>
      </form>
      <p className="auth-footer">
        New to Votespace?{" "}
        <Link to="/signup" state={location.state}>
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
