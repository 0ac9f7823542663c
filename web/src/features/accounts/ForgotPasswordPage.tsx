import { useState } from "react";
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import { passwordResetRequestInput } from "../../../../contract/accounts-input";
import { useEndpointMutation } from "../../api/query";
import { Link } from "../../router";
import { Field } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { AuthCard } from "./AuthCard";
import styles from "./AuthCard.module.css";

export default function ForgotPasswordPage() {
  const form = useContractForm(passwordResetRequestInput, { defaultValues: { email: "" } });
  const [done, setDone] = useState<string | null>(null);
  const request = useEndpointMutation(accountsEndpoints.requestPasswordReset, {
    onSuccess: (result) => setDone(result.message),
  });
  const busy = form.formState.isSubmitting;
  const submit = submitting(form, (body) => request.mutateAsync({ body }));

  return (
    <AuthCard
      title="Reset your password"
      subtitle="We will send a one-time link to the e-mail of your account."
    >
      {done && (
        <Status as="div" className="alert alert-success">
          {done}
        </Status>
      )}
      <FormError form={form} />
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" required {...fieldProps(form, "email")} />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || !form.watch("email").trim()}
        >
          {busy ? "Sending..." : "Send Reset Link"}
        </button>
      </form>
      <p className={styles.footer}>
        <Link to="/signin">Back to Sign In</Link>
      </p>
    </AuthCard>
  );
}
