import { useId } from "react";
import { electionMessages } from "../../../../contract/elections";
import { passwordConfirmInput } from "../../../../contract/settings-input";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import { PasswordField } from "../accounts/PasswordField";
import { text } from "./text";
import { useStableCallback } from "./useStableCallback";

/** Asks for the account password again before the ballot is cast. */
export function PasswordPrompt({
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  error?: string;
  busy: boolean;
  onSubmit(password: string): void;
  onCancel(): void;
}) {
  const form = useContractForm(passwordConfirmInput, { defaultValues: { password: "" } });
  const password = form.watch("password");
  const formId = useId();
  const close = useStableCallback(onCancel);
  const submit = submitting(form, (values) => values.password && onSubmit(values.password));
  return (
    <Modal
      title={text.passwordTitle}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {text.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy || !password}>
            {busy ? text.submitting : text.castWithPassword}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <p>{electionMessages.passwordNeeded}</p>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <PasswordField purpose="current" label={text.password} {...form.register("password")} />
      </form>
    </Modal>
  );
}
