import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type changePasswordInput, profileMessages } from "../../../contract/profile";
import type { Db } from "../../db/connect";
import { users } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { endOtherSessions, type User } from "../accounts/sessions";

/**
 * Changes the password of the signed-in user: the current one is required; every other session
 * of the account ends, the one that asked stays.
 */
export async function changePassword(
  db: Db,
  clock: Clock,
  user: User,
  sessionId: string,
  input: z.output<typeof changePasswordInput>,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw forbidden(profileMessages.currentPasswordWrong);
  }
  if (input.new_password === input.current_password) throw badRequest(profileMessages.passwordSame);
  const passwordHash = await hashPassword(input.new_password);
  await db.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
  await endOtherSessions(db, user.id, sessionId);
}
