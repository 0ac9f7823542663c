import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type changePasswordInput, profileMessages } from "../../../contract/profile";
import { users } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import { hashPassword } from "../../lib/crypto";
import { confirmPassword, type GuessGuard } from "../accounts/guesses";
import { endOtherSessions, type User } from "../accounts/sessions";

/**
 * Changes the password of the signed-in user: the current one is required; every other session
 * of the account ends, the one that asked stays.
 */
export async function changePassword(
  guard: GuessGuard,
  request: { user: User; sessionId: string; ip: string },
  input: z.output<typeof changePasswordInput>,
): Promise<void> {
  const { db, clock } = guard;
  const { user, sessionId } = request;
  if (!(await confirmPassword(guard, user, input.current_password, request.ip))) {
    throw forbidden(profileMessages.currentPasswordWrong);
  }
  if (input.new_password === input.current_password)
    throw badRequest(profileMessages.passwordSame, "new_password");
  const passwordHash = await hashPassword(input.new_password);
  await db.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
  await endOtherSessions(db, user.id, sessionId);
}
