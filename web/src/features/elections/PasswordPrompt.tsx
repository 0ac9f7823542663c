import { type FormEvent, useId, useState } from "react";
import { electionMessages } from "../../../../contract/elections";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";
import { useStableCallback } from "./parts";
import { text } from "./text";

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
  const [password, setPassword] = useState("");
  const formId = useId();
  const close = useStableCallback(onCancel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
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
        <Field
          label={text.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </Modal>
  );
}
