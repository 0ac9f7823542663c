import { useEffect, useRef } from "react";
import { settingsMessages } from "../../../../contract/settings";
import { ApiError } from "../../api/http";
import { PasswordField } from "../accounts/PasswordField";

/**
 * The server asks for the password again (Settings › Security › "Require Password" is on), or the
 * one typed was wrong: either way the screen shows a password field and tries again with it.
 */
export function asksForPassword(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    (failure.code === "password_required" || failure.message === settingsMessages.passwordWrong)
  );
}

/** The password field of a sensitive action, inside the dialog that confirms it. */
export function PasswordAgain({ value, onChange }: { value: string; onChange(value: string): void }) {
  // Shown when the server asks for it: the password is what is typed next, so the keys go there (a
  // code field left with the focus would drop them).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <PasswordField
      ref={field}
      purpose="current"
      label="Your Password"
      name="confirm-password"
      hint="Your settings ask for your password before this action."
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
