import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { accountsEndpoints, PASSWORD_MAX } from "../../../../contract/accounts";
import { call } from "../../api/client";
import { Field } from "../../ui/Field";
import { messageOf } from "../../ui/messageOf";
import { AuthCard } from "./AuthCard";
import { usePasswordProblem } from "./usePasswordProblem";

export default function ResetPasswordPage() {
  const { token = "" } = useParams();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = usePasswordProblem(password);
  const valid = check.problem === null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setDone(
        (await call(accountsEndpoints.resetPassword, { body: { token: token, password: password } })).message,
      );
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" subtitle="The link works once and for 30 minutes.">
      {done ? (
        <div className="alert alert-success" role="status">
          {done} <Link to="/signin">Sign In</Link>
        </div>
      ) : (
        <>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <form onSubmit={submit} noValidate>
            <Field
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              invalid={check.invalid}
              hint={check.hint}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy || !valid}>
              {busy ? "Saving..." : "Set Password"}
            </button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
