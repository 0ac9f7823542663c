import { desc, eq, sql } from "drizzle-orm";
import type { SecuritySettings } from "../../../contract/channels";
import { type ElectionAuditEntry, electionServerMessages } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { electionAudit, elections, users } from "../../db/schema";
import { conflict } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { electionForAdmin } from "./access";

const sameSettings = (a: SecuritySettings, b: SecuritySettings) =>
  (Object.keys({ ...a, ...b }) as Array<keyof SecuritySettings>).every((key) => a[key] === b[key]);

/**
 * An election channel's security settings are its election's verification rules. Before voting
 * opens every change is recorded (who, before, after); once it opened they are frozen. Run in the
 * channel update's transaction: the election row is locked, so opening (which takes the same row
 * and then copies the settings) happens wholly before or wholly after this change.
 */
export async function guardSecurityChange(
  tx: Db,
  options: { channelId: string; actorId: string; before: SecuritySettings; after: SecuritySettings },
): Promise<void> {
  if (sameSettings(options.before, options.after)) return;
  const locked = (await tx.execute(
    sql`select id, status from elections where channel_id = ${options.channelId}::uuid for update`,
  )) as unknown as { rows: Array<{ id: string; status: string }> };
  for (const election of locked.rows) {
    if (election.status !== "upcoming") throw conflict(electionServerMessages.securityFrozen);
    await tx.insert(electionAudit).values({
      electionId: election.id,
      actorId: options.actorId,
      action: "security_settings_changed",
      detail: { before: options.before, after: options.after },
    });
  }
}

/**
 * In the opening transaction, after the status changed: the channel's security settings become
 * the election's own frozen copy, which casting and verification read from then on.
 */
export async function freezeVerificationRules(tx: Db, electionId: string, actorId: string | null) {
  const [frozen] = await tx
    .update(elections)
    .set({
      securitySettings: sql`(select c.security_settings from channels c where c.id = ${elections.channelId})`,
    })
    .where(eq(elections.id, electionId))
    .returning({ settings: elections.securitySettings });
  await tx.insert(electionAudit).values({
    electionId,
    actorId,
    action: "verification_rules_frozen",
    detail: { settings: frozen?.settings ?? null },
  });
}

/** The election's audit trail, newest first (administrators). */
export async function electionAuditTrail(
  db: Db,
  admin: User,
  electionId: string,
): Promise<ElectionAuditEntry[]> {
  await electionForAdmin(db, admin, electionId);
  const rows = await db
    .select({ entry: electionAudit, actorName: users.fullName })
    .from(electionAudit)
    .leftJoin(users, eq(users.id, electionAudit.actorId))
    .where(eq(electionAudit.electionId, electionId))
    .orderBy(desc(electionAudit.createdAt), desc(electionAudit.id));
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    action: entry.action,
    actor_name: actorName,
    detail: entry.detail,
    created_at: entry.createdAt.toISOString(),
  }));
}
