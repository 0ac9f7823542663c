import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { accountsEndpoints } from "../../../../contract/accounts";
import { call } from "../../api/client";
import { Field } from "../../ui/Field";
import { messageOf } from "../../ui/messageOf";
import { AuthCard } from "./AuthCard";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setDone((await call(accountsEndpoints.requestPasswordReset, { body: { email: email } })).message);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="We will send a one-time link to the e-mail of your account."
    >
      {done && (
        <div className="alert alert-success" role="status">
          {done}
        </div>
      )}
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
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !email.trim()}>
          {busy ? "Sending..." : "Send Reset Link"}
        </button>
      </form>
      <p className="auth-footer">
        <Link to="/signin">Back to Sign In</Link>
      </p>
    </AuthCard>
  );
}
