import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { updateProfileInput } from "../../../contract/accounts";
import { messages } from "../../../contract/messages";
import { profileMessages } from "../../../contract/profile";
import { users } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import type { Notifier } from "../../lib/notifier";
import { confirmPassword } from "./guesses";
import type { User } from "./sessions";
import { requireCode, type TwoFactorContext } from "./two-factor";

export interface ContactContext extends TwoFactorContext {
  notifier: Notifier;
}

/**
 * Saves the user's name and phone number. The phone number receives the codes of the Phone
 * verification method, so whoever holds a session must not redirect it: a new number needs the
 * current password (and the authenticator's code where two-factor is on), and the old addresses
 * (the account's e-mail, and the old number) are told.
 */
export async function updateProfile(
  context: ContactContext,
  user: User,
  input: z.output<typeof updateProfileInput>,
): Promise<User> {
  const oldPhone = user.phoneNumber?.trim() ?? "";
  const phoneChanges = input.phone_number !== undefined && input.phone_number !== oldPhone;
  if (phoneChanges) {
    if (!input.current_password) throw badRequest(profileMessages.contactPasswordRequired);
    if (!(await confirmPassword(context.guard, user, input.current_password, context.ip)))
      throw forbidden(profileMessages.currentPasswordWrong);
    if (user.totpEnabled) {
      if (!input.code) throw badRequest(messages.totpRequired);
      await requireCode(context, user, input.code);
    }
  }
  const { db, clock } = context.guard;
  const [updated] = await db
    .update(users)
    .set({
      ...(input.full_name !== undefined && { fullName: input.full_name }),
      ...(phoneChanges && { phoneNumber: input.phone_number }),
      updatedAt: clock.now(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (phoneChanges) await tellOldAddresses(context.notifier, user, oldPhone);
  return updated ?? user;
}

async function tellOldAddresses(notifier: Notifier, user: User, oldPhone: string): Promise<void> {
  const text =
    "The phone number of your Votespace account was changed. Verification codes for the Phone method now go to the new number. " +
    "If you did not make this change, reset your password and check your profile.";
  const subject = "Your Votespace phone number was changed";
  await notifier.send({ to: user.email, subject, text });
  if (oldPhone) await notifier.send({ to: oldPhone, subject, text });
}
