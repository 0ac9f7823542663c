import type { ComponentProps } from "react";
import { PASSWORD_MAX } from "../../../../contract/accounts";
import { Field } from "../../ui/Field";

type PasswordFieldProps = Omit<ComponentProps<typeof Field>, "type" | "autoComplete" | "maxLength"> & {
  /** A password being chosen, or the one the account has. */
  purpose: "new" | "current";
};

/**
 * A member's password, wherever it is typed: the input caps at the spec's maximum (12) when it is
 * chosen and when it is typed again, so the same keystrokes, or the same pasted text, give the same
 * password. A sign-in field that took 14 characters could never match the 12 a sign-up kept.
 * (A platform admin's password has rules of its own: `AdminSignInPage`.)
 */
export function PasswordField({ purpose, ...field }: PasswordFieldProps) {
  return (
    <Field
      type="password"
      autoComplete={purpose === "new" ? "new-password" : "current-password"}
      maxLength={PASSWORD_MAX}
      {...field}
    />
  );
}
