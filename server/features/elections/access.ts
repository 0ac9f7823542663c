import { eq } from "drizzle-orm";
import { electionServerMessages } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { elections } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { isAdmin, requireActiveOrganization, roleIn } from "../organizations/policy";
import type { ElectionRow } from "./queries";

/** The election, for a member of its organization; outsiders get 404 as if it did not exist. */
export async function electionForMember(db: Db, user: User, electionId: string): Promise<ElectionRow> {
  const [row] = await db.select().from(elections).where(eq(elections.id, electionId));
  if (!row || !(await roleIn(db, user.id, row.organizationId)))
    throw notFound(electionServerMessages.electionNotFound);
  return row;
}

export async function electionForAdmin(db: Db, user: User, electionId: string): Promise<ElectionRow> {
  const row = await electionForMember(db, user, electionId);
  if (!isAdmin(user, await roleIn(db, user.id, row.organizationId)))
    throw forbidden(electionServerMessages.adminOnly);
  return row;
}

/** The election, for an administrator changing it: not while the organization is suspended (requireManager). */
export async function electionToManage(db: Db, user: User, electionId: string): Promise<ElectionRow> {
  const row = await electionForAdmin(db, user, electionId);
  await requireActiveOrganization(db, row.organizationId);
  return row;
}

/**
 * Why an upcoming election's conditional update (status upcoming, at the version the edit started
 * from) wrote nothing: still upcoming, so another save came first (409, `stale`); else voting has
 * opened and the thing edited is fixed (400, `fixed`).
 */
export async function refuseUnwritten(
  db: Db,
  electionId: string,
  stale: string,
  fixed: string,
): Promise<never> {
  const [current] = await db
    .select({ status: elections.status })
    .from(elections)
    .where(eq(elections.id, electionId));
  throw current?.status === "upcoming" ? conflict(stale) : badRequest(fixed);
}
