import { eq, getTableColumns } from "drizzle-orm";
import { ADMIN_IDLE_MINUTES, ADMIN_MAX_HOURS } from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { adminSessions, platformAdmins } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { newToken, sha256 } from "../../lib/crypto";

/** A signed-in platform admin, without the password hash (read only to check a password, accounts.ts). */
export type PlatformAdmin = Omit<typeof platformAdmins.$inferSelect, "passwordHash">;
const { passwordHash: _hash, ...adminColumns } = getTableColumns(platformAdmins);

/** The columns of a `PlatformAdmin`, for a select. */
export { adminColumns };
export type AdminSession = typeof adminSessions.$inferSelect;

/** Activity moves the idle expiry forward at most this often (a write per minute, not per request). */
const TOUCH_EVERY_MS = 60_000;
const IDLE_MS = ADMIN_IDLE_MINUTES * 60_000;
const MAX_MS = ADMIN_MAX_HOURS * 3_600_000;

/** Starts an admin session and returns the cookie's token; only its hash is stored. */
export async function createAdminSession(
  db: Db,
  clock: Clock,
  admin: PlatformAdmin,
  ip: string,
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(adminSessions).values({
    id: sha256(token),
    adminId: admin.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + IDLE_MS),
    ip,
  });
  return token;
}

/**
 * The admin of a session token, or null when the token is unknown, idle for longer than
 * ADMIN_IDLE_MINUTES, or older than ADMIN_MAX_HOURS (an ended session is deleted).
 */
export async function resolveAdminSession(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ sessionId: string; session: AdminSession; admin: PlatformAdmin } | null> {
  const id = sha256(token);
  const [row] = await db
    .select({ session: adminSessions, admin: adminColumns })
    .from(adminSessions)
    .innerJoin(platformAdmins, eq(platformAdmins.id, adminSessions.adminId))
    .where(eq(adminSessions.id, id));
  if (!row) return null;
  const now = clock.now();
  const hardEnd = row.session.createdAt.getTime() + MAX_MS;
  if (row.session.expiresAt <= now || hardEnd <= now.getTime()) {
    await endAdminSession(db, id);
    return null;
  }
  let session = row.session;
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + IDLE_MS, hardEnd));
    await db.update(adminSessions).set({ lastSeenAt: now, expiresAt }).where(eq(adminSessions.id, id));
    session = { ...session, lastSeenAt: now, expiresAt };
  }
  return { sessionId: id, session, admin: row.admin };
}

export async function endAdminSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}
