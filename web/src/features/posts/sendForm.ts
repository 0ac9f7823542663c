import type { z } from "zod";
import type { ContractForm, FormSchema } from "../../ui/form/useContractForm";

/**
 * A dialog's form as `ConfirmDialog`'s `onConfirm`: validates with the schema (the problems show
 * under their fields), then sends the parsed values. The promise rejects when the form is invalid
 * (the dialog stays open) or the send fails (the dialog shows why); it resolves when sent.
 */
export function sendForm<S extends FormSchema>(
  form: ContractForm<S>,
  send: (values: z.output<S>) => Promise<void>,
) {
  return () =>
    new Promise<void>((resolve, reject) => {
      form
        .handleSubmit(
          (values) => send(values).then(resolve),
          (errors) => reject(new Error(Object.values(errors)[0]?.message?.toString() ?? "")),
        )()
        .catch(reject);
    });
}
