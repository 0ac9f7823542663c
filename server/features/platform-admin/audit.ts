import { desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { ADMIN_ACTION_NAMES, type AdminActionEntry, type Page } from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { containing } from "../../db/like";
import { adminActions, organizations, platformAdmins } from "../../db/schema";
import type { Clock } from "../../lib/clock";

/** What admins did (and failed sign-ins), named `<subject>.<verb>`. */
export type AdminActionName =
  | "session.signed_in"
  | "session.sign_in_failed"
  /** The throttle refused the attempt before the password was checked (the first of its window). */
  | "session.sign_in_refused"
  | "session.signed_out"
  | "organization.activated"
  | "organization.suspended"
  | "admin.created";

/**
 * Records one entry of the audit log. Never a password: failed sign-ins keep the username typed
 * (cut short) and the address only.
 */
export async function recordAdminAction(
  db: Db,
  clock: Clock,
  entry: {
    adminId: string | null;
    action: AdminActionName;
    targetType?: string;
    targetId?: string;
    detail?: Record<string, unknown>;
    ip?: string;
  },
): Promise<void> {
  await db.insert(adminActions).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType ?? "",
    targetId: entry.targetId ?? "",
    detail: entry.detail ?? {},
    ip: entry.ip ?? "",
    createdAt: clock.now(),
  });
}

/** The audit log, newest first, with who did it and the organization's name where the target is one. */
export async function listAdminActions(
  db: Db,
  options: { q: string; limit: number; offset: number },
): Promise<Page<AdminActionEntry>> {
  // The search looks through the whole log, not the page on screen: the action's words, the admin,
  // the organization, the username a failed sign-in typed (a real admin's only), the address.
  const term = options.q.toLowerCase();
  const named = Object.entries(ADMIN_ACTION_NAMES)
    .filter(([, words]) => words.toLowerCase().includes(term))
    .map(([action]) => action);
  const pattern = containing(options.q);
  const found = options.q
    ? or(
        named.length ? inArray(adminActions.action, named) : undefined,
        ilike(platformAdmins.username, pattern),
        ilike(organizations.name, pattern),
        ilike(sql`${adminActions.detail}->>'username'`, pattern),
        ilike(adminActions.ip, pattern),
      )
    : undefined;
  const organizationOf = sql`${adminActions.targetType} = 'organization' and ${organizations.id}::text = ${adminActions.targetId}`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        action: adminActions,
        username: platformAdmins.username,
        organizationName: organizations.name,
      })
      .from(adminActions)
      .leftJoin(platformAdmins, eq(platformAdmins.id, adminActions.adminId))
      .leftJoin(organizations, organizationOf)
      .where(found)
      .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminActions)
      .leftJoin(platformAdmins, eq(platformAdmins.id, adminActions.adminId))
      .leftJoin(organizations, organizationOf)
      .where(found),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.action.id,
      admin_username: row.username,
      action: row.action.action,
      target_type: row.action.targetType,
      target_id: row.action.targetId,
      target_name: row.organizationName,
      detail: row.action.detail,
      ip: row.action.ip,
      created_at: row.action.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    limit: options.limit,
    offset: options.offset,
  };
}
