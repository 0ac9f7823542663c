import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { formError } from "./useContractForm";

/**
 * The form-level error (a failure that names none of the form's fields), as screens show one.
 * `fields` are fields whose errors the screen says here instead, once, rather than under each
 * (a sign-in form's "both are required").
 */
export function FormError<T extends FieldValues, Out>({
  form,
  fields = [],
}: {
  form: UseFormReturn<T, unknown, Out>;
  fields?: ReadonlyArray<Path<T>>;
}) {
  const { errors } = form.formState;
  const message =
    formError(form) ??
    fields
      .map((field) => (errors as Record<string, { message?: string } | undefined>)[field]?.message)
      .find(Boolean);
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  );
}
