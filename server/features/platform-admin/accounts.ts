import { count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type DemoCredentials, newAdminInput, platformAdminMessages } from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { platformAdmins } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { dummyPasswordHash, hashPassword, keyedHash, verifyPassword } from "../../lib/crypto";
import { isUniqueViolation } from "../../lib/db-errors";
import { recordAdminAction } from "./audit";
import { adminColumns, type PlatformAdmin } from "./sessions";

export type NewAdmin = z.input<typeof newAdminInput>;

/** The admin of this username, whatever its case. */
export async function findAdminByUsername(db: Db, username: string): Promise<PlatformAdmin | undefined> {
  return (await adminByUsername(db, username))?.admin;
}

/** The admin of this username (whatever its case) with the password hash, to check a password against. */
async function adminByUsername(
  db: Db,
  username: string,
): Promise<{ admin: PlatformAdmin; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ admin: adminColumns, passwordHash: platformAdmins.passwordHash })
    .from(platformAdmins)
    .where(eq(sql`lower(${platformAdmins.username})`, username.trim().toLowerCase()));
  return row;
}

/** Creates a platform admin (argon2id hash; username unique whatever its case) and records it. */
export async function createAdmin(
  db: Db,
  clock: Clock,
  input: NewAdmin,
  via: "command" | "environment" | "demo",
): Promise<PlatformAdmin> {
  const parsed = newAdminInput.safeParse(input);
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? platformAdminMessages.usernameInvalid);
  const { username, password, full_name } = parsed.data;
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [admin] = await tx
        .insert(platformAdmins)
        .values({ username, passwordHash, fullName: full_name, createdAt: clock.now() })
        .returning(adminColumns);
      if (!admin) throw new Error("admin insert returned nothing");
      await recordAdminAction(tx as unknown as Db, clock, {
        adminId: admin.id,
        action: "admin.created",
        targetType: "admin",
        targetId: admin.id,
        detail: { username, via },
      });
      return admin;
    });
  } catch (error) {
    if (isUniqueViolation(error, "platform_admins_username_key"))
      throw conflict(platformAdminMessages.usernameTaken);
    throw error;
  }
}

/** Checks a username and password; unknown usernames cost the same time as wrong passwords. */
export async function authenticateAdmin(
  db: Db,
  username: string,
  password: string,
): Promise<{ admin: PlatformAdmin | null; known: PlatformAdmin | undefined }> {
  const found = await adminByUsername(db, username);
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), password);
  return { admin: found && ok ? found.admin : null, known: found?.admin };
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(platformAdmins);
  return row?.n ?? 0;
}

/**
 * At start: when ADMIN_USERNAME and ADMIN_PASSWORD are set and no admin exists yet, creates that
 * admin. Returns the username created, or null when there was nothing to do.
 */
export async function ensureInitialAdmin(
  db: Db,
  clock: Clock,
  initial: { username: string; password: string } | undefined,
): Promise<string | null> {
  if (!initial || (await countAdmins(db)) > 0) return null;
  try {
    const admin = await createAdmin(
      db,
      clock,
      { ...initial, full_name: "Platform Administrator" },
      "environment",
    );
    return admin.username;
  } catch (error) {
    // Another process of the deployment created it first.
    if (error instanceof Error && error.message === platformAdminMessages.usernameTaken) return null;
    throw error;
  }
}

const DEMO_USERNAME = "superadmin";

/**
 * The demo superadmin's credentials. The password is derived from the server's secret, so every
 * process of a deployment shows the same one and it is never stored in clear; it exists only
 * where the demo data was created (an empty database started with DEMO=on).
 */
export function demoAdminCredentials(secretKey: string): DemoCredentials {
  const digest = keyedHash(secretKey, "demo-superadmin", "password");
  return { username: DEMO_USERNAME, password: `demo-${digest.slice(0, 14)}` };
}

export async function createDemoAdmin(db: Db, clock: Clock, secretKey: string): Promise<DemoCredentials> {
  const credentials = demoAdminCredentials(secretKey);
  if (!(await findAdminByUsername(db, credentials.username))) {
    await createAdmin(db, clock, { ...credentials, full_name: "Demo Superadmin" }, "demo");
  }
  return credentials;
}

/** Which password hashes were checked to hold the demo password, so the check runs once per hash. */
const checkedDemoHashes = new Map<string, boolean>();

/** The demo credentials, when the demo superadmin exists and still has the demo password. */
export async function presentDemoCredentials(db: Db, secretKey: string): Promise<DemoCredentials | null> {
  const credentials = demoAdminCredentials(secretKey);
  const admin = await adminByUsername(db, credentials.username);
  if (!admin) return null;
  let matches = checkedDemoHashes.get(admin.passwordHash);
  if (matches === undefined) {
    matches = await verifyPassword(admin.passwordHash, credentials.password);
    checkedDemoHashes.set(admin.passwordHash, matches);
  }
  return matches ? credentials : null;
}

export async function touchSignIn(db: Db, clock: Clock, adminId: string): Promise<void> {
  await db.update(platformAdmins).set({ lastSignInAt: clock.now() }).where(eq(platformAdmins.id, adminId));
}
