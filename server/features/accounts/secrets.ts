import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { users } from "../../db/schema";

/**
 * An account's secrets: its password hash and its TOTP secret (sealed). A signed-in `User` does
 * not carry them (sessions.ts); the checks that need them read them here, when they run.
 */
export async function secretsOf(
  db: Db,
  userId: string,
): Promise<{ passwordHash: string; totpSecret: string | null } | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
