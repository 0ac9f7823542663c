import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import {
  ADMIN_PASSWORD_MIN,
  type AdminSessionInfo,
  adminSignInInput,
  type DemoCredentials,
  platformAdminEndpoints,
  platformAdminMessages,
} from "../../../../contract/platform-admin";
import { call } from "../../api/client";
import { ApiError, NetworkError } from "../../api/http";
import { endpointKey, useEndpointMutation } from "../../api/query";
import { useLocation, useNavigate } from "../../router";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { ShieldIcon } from "../../ui/icons";

import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import type { SignInState } from "./AdminSession";
import styles from "./AdminSignInPage.module.css";

/** The spec's three kinds of sign-in failure, in its words. */
function signInError(failure: unknown): string {
  if (failure instanceof NetworkError) return `${platformAdminMessages.networkError}${failure.message}`;
  if (failure instanceof ApiError) {
    // Wrong credentials, refused input and too many attempts are the server's own words (a limit is
    // no fault of the service); anything else is the service failing.
    if (failure.status === 401 || failure.status === 400 || failure.status === 429) return failure.message;
    return `${platformAdminMessages.serviceError}${failure.message}`;
  }
  return `${platformAdminMessages.networkError}${messageOf(failure)}`;
}

/** /admin/signin: the platform admin's own sign-in (spec part 2, "Admin portal"). */
export default function AdminSignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as SignInState | null)?.notice;
  const form = useContractForm(adminSignInInput, { defaultValues: { username: "", password: "" } });
  const queryClient = useQueryClient();
  // The dashboard's guard reads the session held: the one signed in now, not a "none" held from before.
  const signedIn = useCallback(
    (session: AdminSessionInfo) => {
      queryClient.setQueryData(endpointKey(platformAdminEndpoints.session), session);
      navigate("/admin/dashboard", { replace: true });
    },
    [queryClient, navigate],
  );
  const signIn = useEndpointMutation(platformAdminEndpoints.signIn, { onSuccess: signedIn });
  const [demo, setDemo] = useState<DemoCredentials | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Signed in already: straight to the dashboard.
    call(platformAdminEndpoints.session)
      .then((session) => {
        if (session && !cancelled) signedIn(session);
      })
      .catch(() => undefined);
    // The demo box exists only when the server runs with demo data (null otherwise).
    call(platformAdminEndpoints.demoCredentials)
      .then((credentials) => {
        if (!cancelled) setDemo(credentials);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  const password = form.watch("password");
  const longEnough = password.length >= ADMIN_PASSWORD_MIN;
  const busy = form.formState.isSubmitting;
  const submit = submitting(form, async (body) => {
    try {
      await signIn.mutateAsync({ body });
    } catch (failure) {
      throw new Error(signInError(failure));
    }
  });

  return (
    <main className={styles.page}>
      <div className={cx("card", styles.card)}>
        <div className={styles.mark} aria-hidden="true">
          <ShieldIcon size={28} />
        </div>
        <h1>Admin Portal</h1>
        <p className={cx("muted", styles.sub)}>Votespace platform administration</p>
        {notice && (
          <Status as="div" className="alert alert-error">
            {notice}
          </Status>
        )}
        {/* Missing fields say one thing, once, above the form (as the server says it). */}
        <FormError form={form} fields={["username", "password"]} />
        <form onSubmit={submit} noValidate>
          <Field label="Username" autoComplete="username" {...form.register("username")} required />
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.register("password")}
            required
            invalid={password.length > 0 && !longEnough}
            hint={password.length > 0 && !longEnough ? platformAdminMessages.passwordTooShort : undefined}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !longEnough}>
            {busy ? "Signing In..." : "Sign In"}
          </button>
        </form>
        <p className={styles.notice}>
          <ShieldIcon size={16} />
          <span>{platformAdminMessages.accessNotice}</span>
        </p>
        {demo && (
          <section className={styles.demo} aria-label="Demo credentials">
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
                form.setValue("username", demo.username);
                form.setValue("password", demo.password);
                form.clearErrors();
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
