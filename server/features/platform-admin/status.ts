import { eq } from "drizzle-orm";
import {
  type AdminOrganization,
  platformAdminMessages,
  type SETTABLE_STATUSES,
} from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { organizations, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { countMembers } from "../organizations/queries";
import { recordAdminAction } from "./audit";
import { presentOrganization } from "./directory";

/**
 * Sets an organization active or suspended, from any status (spec part 2 section 4), and records
 * it in the audit log in the same transaction; setting the status it has already changes nothing. A suspended organization is hidden from search and
 * its members may read but not post, create or change channels and elections, join rooms, verify or
 * vote (organizations policy).
 */
export async function setOrganizationStatus(
  db: Db,
  clock: Clock,
  options: {
    adminId: string;
    organizationId: string;
    status: (typeof SETTABLE_STATUSES)[number];
    ip: string;
  },
): Promise<{ organization: AdminOrganization; previous: string; changed: boolean }> {
  const { adminId, organizationId, status, ip } = options;
  const { row, previous } = await db.transaction(async (tx) => {
    // The row lock makes concurrent changes record the status each one really replaced.
    const [before] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!before) throw notFound(platformAdminMessages.organizationNotFound);
    // Already so: nothing changes, and nothing is recorded or announced as if it had.
    if (before.status === status) return { row: before, previous: before.status };
    const [updated] = await tx
      .update(organizations)
      .set({ status })
      .where(eq(organizations.id, organizationId))
      .returning();
    if (!updated) throw notFound(platformAdminMessages.organizationNotFound);
    await recordAdminAction(tx as unknown as Db, clock, {
      adminId,
      action: status === "suspended" ? "organization.suspended" : "organization.activated",
      targetType: "organization",
      targetId: organizationId,
      detail: { from: before.status, to: status },
      ip,
    });
    return { row: updated, previous: before.status };
  });
  const [owner] = await db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, row.ownerId));
  return {
    organization: presentOrganization(row, {
      ownerName: owner?.fullName ?? null,
      ownerEmail: owner?.email ?? null,
      memberCount: await countMembers(db, organizationId),
    }),
    previous,
    changed: previous !== row.status,
  };
}
