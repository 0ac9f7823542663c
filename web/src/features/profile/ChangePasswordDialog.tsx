import { z } from "zod";
import { changePasswordInput, profileEndpoints, profileMessages } from "../../../../contract/profile";
import { useEndpointMutation } from "../../api/query";
import { cx } from "../../ui/cx";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import { PasswordField } from "../accounts/PasswordField";
import { usePasswordProblem } from "../accounts/usePasswordProblem";
import styles from "./VoterProfilePage.module.css";

/** What the server checks, and the new password typed twice, different from the current one. */
const changePasswordForm = changePasswordInput
  .extend({ again: z.string() })
  .refine((v) => v.again === v.new_password, { error: profileMessages.passwordsDiffer, path: ["again"] })
  .refine((v) => v.new_password !== v.current_password, {
    error: profileMessages.passwordSame,
    path: ["new_password"],
  });

/** Change Password: the current password, then the new one twice. Other devices are signed out. */
export function ChangePasswordDialog({
  onClose,
  onDone,
}: {
  onClose(): void;
  onDone(message: string): void;
}) {
  const form = useContractForm(changePasswordForm, {
    defaultValues: { current_password: "", new_password: "", again: "" },
  });
  const change = useEndpointMutation(profileEndpoints.changePassword, {
    onSuccess: (result) => onDone(result.message),
  });
  // Still busy once changed: the dialog is closing.
  const busy = form.formState.isSubmitting || change.isSuccess;
  const { errors } = form.formState;
  const [next, again] = form.watch(["new_password", "again"]);
  const nextCheck = usePasswordProblem(next, errors.new_password?.message ?? null);
  const differs = again.length > 0 && again !== next;

  const submit = submitting(form, ({ current_password, new_password }) =>
    change.mutateAsync({ body: { current_password, new_password } }),
  );

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
        <FormError form={form} />
        <PasswordField purpose="current" label="Current Password" {...fieldProps(form, "current_password")} />
        <PasswordField
          purpose="new"
          label="New Password"
          {...form.register("new_password")}
          hint={nextCheck.hint}
          invalid={nextCheck.invalid}
        />
        <PasswordField
          purpose="new"
          label="Confirm New Password"
          {...fieldProps(form, "again")}
          invalid={differs}
          hint={differs ? profileMessages.passwordsDiffer : undefined}
        />
        <p className={cx("muted", styles.dialogNote)}>
          Your other devices will be signed out; this one stays signed in.
        </p>
      </form>
    </Modal>
  );
}
