import type { z } from "zod";
import { type changePasswordInput, profileMessages } from "../../../contract/profile";
import { badRequest, forbidden } from "../../http/errors";
import { hashPassword } from "../../lib/crypto";
import { recordAccountEvent } from "../accounts/events";
import { confirmPassword, type GuessGuard } from "../accounts/guesses";
import { setPassword } from "../accounts/service";
import { endOtherSessions, type SessionEnding, type User } from "../accounts/sessions";

/**
 * Changes the password of the signed-in user: the current one is required; every other session
 * of the account ends, the one that asked stays.
 */
export async function changePassword(
  guard: GuessGuard & SessionEnding,
  request: { user: User; sessionId: string; ip: string; userAgent: string | undefined },
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
  const now = clock.now();
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash, now);
    await recordAccountEvent(tx, {
      user,
      kind: "password_changed",
      userAgent: request.userAgent,
      at: now,
    });
  });
  await endOtherSessions(guard, user.id, sessionId);
}
