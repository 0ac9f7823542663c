import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { elections, organizations } from "../../db/schema";

/**
 * An organization that runs elections admits members by approval: its roll is who may vote, so an
 * administrator should see each account join. When its first election is created (inside that
 * transaction) "Require Admin Approval" is turned on; the administrator may turn it off again, and
 * later elections leave the choice alone. Organizations that had elections before keep theirs.
 * Two first elections created at once each see only their own row, so both turn it on.
 */
export async function requireApprovalFromFirstElection(tx: Db, organizationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(elections)
    .where(eq(elections.organizationId, organizationId));
  if (row?.n !== 1) return false;
  await tx.update(organizations).set({ requireApproval: true }).where(eq(organizations.id, organizationId));
  return true;
}
