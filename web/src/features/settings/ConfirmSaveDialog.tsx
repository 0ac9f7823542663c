import { useState } from "react";
import { passwordConfirmInput } from "../../../../contract/settings-input";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import { PasswordAgain } from "./PasswordAgain";

/**
 * The password before saving the settings, when the saved settings ask for it (Require Password
 * is on); `error` is the server's word on the last password tried, shown until it changes.
 */
export function ConfirmSaveDialog({
  error,
  saving,
  onCancel,
  onConfirm,
}: {
  error: string | null;
  saving: boolean;
  onCancel(): void;
  onConfirm(password: string): void;
}) {
  const form = useContractForm(passwordConfirmInput, { defaultValues: { password: "" } });
  const password = form.watch("password") ?? "";
  const [tried, setTried] = useState(password);
  const shown = password === tried ? error : null;
  return (
    <Modal
      title="Confirm with your password"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            form="st-confirm-form"
            className="btn btn-primary"
            disabled={saving || password === ""}
          >
            {saving ? "Saving..." : "Save Settings"}
          </button>
        </>
      }
    >
      <form
        id="st-confirm-form"
        noValidate
        onSubmit={submitting(form, (values) => {
          if (!values.password) return;
          setTried(values.password);
          onConfirm(values.password);
        })}
      >
        {shown && (
          <div className="alert alert-error" role="alert">
            {shown}
          </div>
        )}
        <PasswordAgain value={password} onChange={(typed) => form.setValue("password", typed)} />
      </form>
    </Modal>
  );
}
