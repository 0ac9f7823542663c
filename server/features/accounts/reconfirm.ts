import { settingsMessages } from "../../../contract/settings";
import { AppError, forbidden } from "../../http/errors";
import { confirmPassword, type GuessGuard } from "./guesses";
import type { User } from "./sessions";

/**
 * Settings › Security › "Require Password": when the user turned it on, a sensitive action (saving
 * the settings, switching two-factor, a new invite link, a vote) needs the password again, checked
 * under the one throttle of password guesses. So a session alone (an unlocked laptop, a stolen
 * cookie) cannot change them. Returns whether the password was checked (true) or not asked (false).
 * Without the password: `password_required` (403), which the web answers with a password prompt.
 */
export async function requirePasswordIfChosen(
  guard: GuessGuard,
  user: User,
  password: string | undefined,
  ip: string,
  /** The words of the screen that asks (voting has the spec's own). */
  words: { needed: string; wrong: string } = {
    needed: settingsMessages.passwordNeeded,
    wrong: settingsMessages.passwordWrong,
  },
): Promise<boolean> {
  if (!user.settings?.security?.requirePassword) return false;
  if (!password) throw new AppError("password_required", words.needed);
  if (!(await confirmPassword(guard, user, password, ip))) throw forbidden(words.wrong);
  return true;
}
