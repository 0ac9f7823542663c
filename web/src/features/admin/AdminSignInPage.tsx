import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  ADMIN_PASSWORD_MIN,
  adminEndpoints,
  adminMessages,
  type DemoCredentials,
} from "../../../../contract/admin";
import { call } from "../../api/client";
import { ApiError, NetworkError } from "../../api/http";
import { Field } from "../../ui/Field";
import { ShieldIcon } from "../../ui/icons";
import type { SignInState } from "./AdminSession";
import "./admin.css";
import { messageOf } from "../../ui/messageOf";

/** The spec's three kinds of sign-in failure, in its words. */
function signInError(failure: unknown): string {
  if (failure instanceof NetworkError) return `${adminMessages.networkError}${failure.message}`;
  if (failure instanceof ApiError) {
    // Wrong credentials and refused input are the server's own words; anything else is the service failing.
    if (failure.status === 401 || failure.status === 400) return failure.message;
    return `${adminMessages.serviceError}${failure.message}`;
  }
  return `${adminMessages.networkError}${messageOf(failure)}`;
}

/** /admin/signin: the platform admin's own sign-in (spec part 2, "Admin portal"). */
export default function AdminSignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as SignInState | null)?.notice;
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [demo, setDemo] = useState<DemoCredentials | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Signed in already: straight to the dashboard.
    call(adminEndpoints.session)
      .then(() => {
        if (!cancelled) navigate("/admin/dashboard", { replace: true });
      })
      .catch(() => undefined);
    // The demo box exists only when the server runs with demo data (404 otherwise).
    call(adminEndpoints.demoCredentials)
      .then((credentials) => {
        if (!cancelled) setDemo(credentials);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  const longEnough = password.length >= ADMIN_PASSWORD_MIN;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(adminMessages.fieldsRequired);
      return;
    }
    if (!longEnough) {
      setError(adminMessages.passwordTooShort);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call(adminEndpoints.signIn, { body: { username: username.trim(), password } });
      navigate("/admin/dashboard", { replace: true });
    } catch (failure) {
      setError(signInError(failure));
      setBusy(false);
    }
  }

  return (
    <main className="adm-signin-page">
      <div className="card adm-signin-card">
        <div className="adm-signin-mark" aria-hidden="true">
          <ShieldIcon size={28} />
        </div>
        <h1>Admin Portal</h1>
        <p className="muted adm-signin-sub">Votespace platform administration</p>
        {notice && (
          <div className="alert alert-error" role="status">
            {notice}
          </div>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={submit} noValidate>
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            invalid={password.length > 0 && !longEnough}
            hint={password.length > 0 && !longEnough ? adminMessages.passwordTooShort : undefined}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !longEnough}>
            {busy ? "Signing In..." : "Sign In"}
          </button>
        </form>
        <p className="adm-signin-notice">
          <ShieldIcon size={16} />
          <span>{adminMessages.accessNotice}</span>
        </p>
        {demo && (
          <section className="adm-demo" aria-label="Demo credentials">
            <h2>Demo credentials</h2>
            <p className="muted">This server runs with demo data. Superadmin:</p>
            <dl>
              <dt>Username</dt>
              <dd>
                <code data-testid="demo-username">{demo.username}</code>
              </dd>
              <dt>Password</dt>
              <dd>
                <code data-testid="demo-password">{demo.password}</code>
              </dd>
            </dl>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setUsername(demo.username);
                setPassword(demo.password);
                setError(null);
              }}
            >
              Use demo credentials
            </button>
          </section>
        )}
      </div>
    </main>
  );
}
