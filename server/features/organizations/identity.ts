import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { joinRequests, organizationMemberships, securityAlerts, users } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import type { User } from "../accounts/sessions";

/**
 * One person, one place on an organization's roll. The ID number is self-asserted at
 * registration, so nothing stops several accounts from claiming one; what holds is that only one
 * of them can be a member of an organization at a time (the unique index on memberships'
 * (organization, voter_id_hash) holds it against races). Another account with the same number is
 * held for an administrator, who decides who the number belongs to, and monitoring raises an alert.
 */

export interface RollHolder {
  id: string;
  fullName: string;
}

/** The member, other than `userId`, registered with the same ID number (memberships from before the copied hash included). */
export async function rollHolder(
  db: Db,
  organizationId: string,
  voterIdHash: string,
  userId: string,
): Promise<RollHolder | undefined> {
  const [holder] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(users.voterIdHash, voterIdHash),
        ne(users.id, userId),
      ),
    )
    .limit(1);
  return holder;
}

/** The user's pending request to join the organization (a query, to lock or read as it is). */
export const pendingRequest = (db: Db, organizationId: string, userId: string) =>
  db
    .select()
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.organizationId, organizationId),
        eq(joinRequests.userId, userId),
        eq(joinRequests.status, "pending"),
      ),
    );

export type HeldJoin = { request: typeof joinRequests.$inferSelect; created: boolean; alertId?: string };

/**
 * Files (or marks) the user's pending request as held for its ID number and, for a new hold,
 * raises a "duplicate identity" alert for the organization's administrators; one transaction.
 */
export async function holdDuplicateJoin(
  db: Db,
  clock: Clock,
  user: Pick<User, "id" | "fullName">,
  organizationId: string,
  holder: RollHolder,
): Promise<HeldJoin> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [existing] = await pendingRequest(tx, organizationId, user.id).for("update");
    if (existing?.duplicateOfUserId) return { request: existing, created: false };
    let request = existing;
    if (existing) {
      [request] = await tx
        .update(joinRequests)
        .set({ duplicateOfUserId: holder.id })
        .where(eq(joinRequests.id, existing.id))
        .returning();
    } else {
      [request] = await tx
        .insert(joinRequests)
        .values({ organizationId, userId: user.id, duplicateOfUserId: holder.id, createdAt: now })
        .onConflictDoNothing()
        .returning();
    }
    // A concurrent call of the same user filed it first: that call raised the alert.
    if (!request) {
      const [filed] = await pendingRequest(tx, organizationId, user.id);
      if (!filed) throw new Error("held join request vanished");
      return { request: filed, created: false };
    }
    const [alert] = await tx
      .insert(securityAlerts)
      .values({
        organizationId,
        userId: user.id,
        type: "duplicate_identity",
        severity: "high",
        rule: "duplicate_identity",
        description: `Duplicate identity: ${user.fullName} asked to join with the ID number already registered by member ${holder.fullName}. The join is held for an administrator.`,
        createdAt: now,
      })
      .returning({ id: securityAlerts.id });
    return { request, created: true, alertId: alert?.id };
  });
}
