import { type FormEvent, useState } from "react";
import { profileMessages } from "../../../../contract/profile";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { usePasswordProblem } from "../accounts/usePasswordProblem";
import { profileApi } from "./api";

/** Change Password: the current password, then the new one twice. Other devices are signed out. */
export function ChangePasswordDialog({
  onClose,
  onDone,
}: {
  onClose(): void;
  onDone(message: string): void;
}) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const nextCheck = usePasswordProblem(next);
  const problem = (() => {
    if (!current) return profileMessages.currentPasswordRequired;
    if (nextCheck.problem) return nextCheck.problem;
    if (next !== again) return profileMessages.passwordsDiffer;
    if (next === current) return profileMessages.passwordSame;
    return null;
  })();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await profileApi.changePassword({ current_password: current, new_password: next });
      onDone(result.message);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  const formId = "change-password-form";
  return (
    <Modal
      title="Change Password"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? "Changing..." : "Change Password"}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={next}
          maxLength={12}
          onChange={(e) => setNext(e.target.value)}
          hint={nextCheck.hint}
          invalid={nextCheck.invalid}
        />
        <Field
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={again}
          maxLength={12}
          onChange={(e) => setAgain(e.target.value)}
          invalid={again.length > 0 && again !== next}
          hint={again.length > 0 && again !== next ? profileMessages.passwordsDiffer : undefined}
        />
        <p className="muted vp-dialog-note">
          Your other devices will be signed out; this one stays signed in.
        </p>
      </form>
    </Modal>
  );
}
