import type { ComponentProps } from "react";
import { Field } from "../../ui/Field";

type CodeFieldProps = Omit<ComponentProps<typeof Field>, "label"> & { label?: string };

/**
 * A one-time code of six digits (the authenticator's, or a verification code), as a form's field
 * (`fieldProps(form, "code")`): anything but digits is dropped as it is typed.
 */
export function CodeField({
  label = "Authentication Code",
  maxLength = 6,
  onChange,
  ...field
}: CodeFieldProps) {
  return (
    <Field
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      {...field}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, "").slice(0, maxLength);
        return onChange?.(event);
      }}
    />
  );
}
