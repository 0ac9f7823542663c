import { zodResolver } from "@hookform/resolvers/zod";
import {
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { config, type z } from "zod";
import { plainWords } from "../../../../contract/zod-words";
import { ApiError } from "../../api/http";
import { messageOf } from "../messageOf";

// The contract's words for rules that give none (contract/zod.ts), under a form's field as in the
// server's 400. Registered here: the web build takes contract/'s top-level calls as pure and drops
// the registration there (build/endpointsWithoutSchemas.ts), and every form comes through here.
config({ customError: plainWords });

/** A schema a form can stand on: an object of fields in, an object of fields out. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The form of a schema: its fields are the schema's input, `handleSubmit` hands over its output. */
export type ContractForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * A form validated in the browser by the same contract schema the server parses with
 * (react-hook-form and the zod resolver): the same rules, the same words, under the same fields.
 * Submitting validates first; after a submit, a field is checked again as it changes.
 */
export function useContractForm<S extends FormSchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver">,
): ContractForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/** The key of the form-level error (a failure that names no field of the form). */
const FORM_ERROR = "root.server";

/**
 * Puts a caught failure where it belongs: on its field when the server named one this form has
 * (`ApiError.field`), otherwise as the form-level error (`formError`), in the words of `messageOf`.
 */
export function putError<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  failure: unknown,
): void {
  const field = failure instanceof ApiError ? failure.field : undefined;
  if (field !== undefined && get(form.getValues(), field) !== undefined) {
    form.setError(field as Path<T>, { type: "server", message: messageOf(failure) }, { shouldFocus: true });
  } else {
    form.setError(FORM_ERROR, { type: "server", message: messageOf(failure) });
  }
}

/** The form-level error, if any (cleared when the form is submitted again). */
export function formError<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
): string | undefined {
  return form.formState.errors.root?.server?.message;
}

/**
 * The submit handler of a form: validates with the schema, then runs `send` with the parsed values;
 * whatever `send` throws lands on its field or on the form (`putError`). While it runs,
 * `form.formState.isSubmitting` is true.
 */
export function submitting<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  send: (values: Out) => unknown,
): ReturnType<UseFormReturn<T, unknown, Out>["handleSubmit"]> {
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (failure) {
      putError(form, failure);
    }
  });
}

/**
 * What a `Field` or `TextAreaField` needs to be one of the form's fields: the registration (name,
 * value, change, ref) and its error, shown under it the way every screen shows one.
 */
export function fieldProps<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
) {
  const error: { message?: string } | undefined = get(form.formState.errors, name);
  return { ...form.register(name, options), error: error?.message };
}

// Forms saved whole with a version, and forms of independent fields (docs/security.md, "Two
// administrators at once"), bundled with the forms: a chunk of their own would be one more name in
// each lazy page's list of files to load, the ballot page's first load among them.
export { ChangedElsewhere } from "../ChangedElsewhere";
export { changedFields, useFollowSaved } from "./useFollowSaved";
export { useVersionedEdit } from "./useVersionedEdit";
