import { eq } from "drizzle-orm";
import type { z } from "zod";
import { samePhone } from "../../../contract/accounts";
import type { updateProfileInput } from "../../../contract/accounts-input";
import { messages } from "../../../contract/messages";
import { profileMessages } from "../../../contract/profile";
import { users } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import { emailTo, queueMessages, smsTo } from "../../lib/outbox/queue";
import { phoneChanged } from "../../lib/outbox/templates";
import { confirmPassword } from "./guesses";
import { type User, userColumns } from "./sessions";
import { requireCode, type TwoFactorContext } from "./two-factor";

/**
 * Saves the user's name and phone number. The phone number receives the codes of the Phone
 * verification method, so whoever holds a session must not redirect it: a new number needs the
 * current password (and the authenticator's code where two-factor is on), and the old addresses
 * (the account's e-mail, and the old number) are told.
 */
export async function updateProfile(
  context: TwoFactorContext,
  user: User,
  input: z.output<typeof updateProfileInput>,
): Promise<User> {
  // The same number in another form (full width, as stored before numbers were read as ASCII) is no change.
  const oldPhone = samePhone(user.phoneNumber ?? "");
  const phoneChanges = input.phone_number !== undefined && samePhone(input.phone_number) !== oldPhone;
  if (phoneChanges) {
    if (!input.current_password)
      throw badRequest(profileMessages.contactPasswordRequired, "current_password");
    if (!(await confirmPassword(context.guard, user, input.current_password, context.ip)))
      throw forbidden(profileMessages.currentPasswordWrong);
    if (user.totpEnabled) {
      if (!input.code) throw badRequest(messages.totpRequired, "code");
      await requireCode(context, user, input.code);
    }
  }
  const { db, clock } = context.guard;
  const nameChanges = input.full_name !== undefined && input.full_name !== user.fullName;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...(nameChanges && { fullName: input.full_name }),
        ...(phoneChanges && { phoneNumber: input.phone_number }),
        // Recent Activity's "Updated contact information".
        ...((nameChanges || phoneChanges) && { contactUpdatedAt: now }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning(userColumns);
    if (phoneChanges) {
      const message = phoneChanged();
      await queueMessages(tx, [
        emailTo(user.email, message),
        ...(oldPhone ? [smsTo(oldPhone, message)] : []),
      ]);
    }
    return updated ?? user;
  });
}
