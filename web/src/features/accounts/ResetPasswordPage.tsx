import { useState } from "react";
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import { passwordResetConfirmInput } from "../../../../contract/accounts-input";
import { ApiError } from "../../api/http";
import { useEndpointMutation, useEndpointQuery } from "../../api/query";
import { Link, useParams } from "../../router";
import { FormError } from "../../ui/form/FormError";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { AuthCard } from "./AuthCard";
import { PasswordField } from "./PasswordField";
import { usePasswordProblem } from "./usePasswordProblem";

export default function ResetPasswordPage() {
  const { token = "" } = useParams();
  // The token comes from the link: a value of the form, checked and sent with the password.
  const form = useContractForm(passwordResetConfirmInput, { defaultValues: { token, password: "" } });
  const [done, setDone] = useState<string | null>(null);
  const reset = useEndpointMutation(accountsEndpoints.resetPassword, {
    onSuccess: (result) => setDone(result.message),
  });
  // A link used or expired says so when it opens, not after a new password was typed. Only the
  // server's refusal counts: a failed read leaves the form, whose own answer then says.
  const link = useEndpointQuery(
    accountsEndpoints.checkPasswordReset,
    { params: { token } },
    { retry: false },
  );
  const refused = !done && link.error instanceof ApiError ? link.error : null;
  const dead = refused?.status === 400 ? refused.message : null;
  // Too many tries from this address: the form stays (the link may still work), saying why it is refused now.
  const throttled = refused?.status === 429 ? refused.message : null;
  const check = usePasswordProblem(form.watch("password"), form.formState.errors.password?.message ?? null);
  const busy = form.formState.isSubmitting;
  const submit = submitting(form, (body) => reset.mutateAsync({ body }));

  return (
    <AuthCard title="Choose a new password" subtitle="The link works once and for 30 minutes.">
      {done ? (
        <Status as="div" className="alert alert-success">
          {done} <Link to="/signin">Sign In</Link>
        </Status>
      ) : dead ? (
        <div className="alert alert-error" role="alert">
          {dead}. <Link to="/forgot-password">Ask for a new link</Link>
        </div>
      ) : (
        <>
          {throttled && (
            <div className="alert alert-error" role="alert">
              {throttled}
            </div>
          )}
          <FormError form={form} />
          <form onSubmit={submit} noValidate>
            <PasswordField
              purpose="new"
              label="New Password"
              {...form.register("password")}
              invalid={check.invalid}
              hint={check.hint}
            />
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={busy || check.problem !== null}
            >
              {busy ? "Saving..." : "Set Password"}
            </button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
