import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { elections, organizations } from "../../db/schema";

/**
 * An organization that runs elections admits members by approval: its roll is who may vote, so an
 * administrator should see each account join (and an ID number held by a member is caught before
 * its second account gets in). When its first election is created (inside that transaction)
 * "Require Admin Approval" is turned on; the administrator may turn it off again, and later
 * elections leave the choice alone. Organizations that had elections before keep theirs.
 * Two first elections created at once each see only their own row, so both turn it on.
 * Returns the organization's name when the setting was off and is now on (the administrator is
 * told), null when nothing changed.
 */
export async function requireApprovalFromFirstElection(
  tx: Db,
  organizationId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ n: count() })
    .from(elections)
    .where(eq(elections.organizationId, organizationId));
  if (row?.n !== 1) return null;
  const [turnedOn] = await tx
    .update(organizations)
    .set({ requireApproval: true })
    .where(and(eq(organizations.id, organizationId), eq(organizations.requireApproval, false)))
    .returning({ name: organizations.name });
  return turnedOn?.name ?? null;
}
