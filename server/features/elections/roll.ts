/**
 * An election's roll: every voter member (no choice stored), or the administrator's choice: voter
 * members picked, plus the people of the chosen voter lists who joined (contract/invitations.ts).
 * Chosen while the election is upcoming; `lifecycle.ts` copies it into election_voters when voting opens.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { type ElectionRoll, type ElectionRollInput, rollMessages } from "../../../contract/invitations";
import type { Db } from "../../db/connect";
import {
  electionRollLists,
  electionRollMembers,
  electionRolls,
  elections,
  electionVoters,
  organizationMemberships,
  users,
  voterLists,
} from "../../db/schema";
import { atVersion, raisedVersion } from "../../db/versions";
import { badRequest } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { electionForAdmin, electionToManage, refuseUnwritten } from "./access";
import type { ElectionRow } from "./queries";

/**
 * The user ids on the roll as it stands now: the organization's voter members, all of them unless
 * the administrator chose, else those picked and those who joined from a chosen list.
 */
export function electionRoll(electionId: string, organizationId: string) {
  return sql`select m.user_id from organization_memberships m join users u on u.id = m.user_id
    where m.organization_id = ${organizationId}::uuid and u.user_type = 'voter'
      and (not exists (select 1 from election_rolls r where r.election_id = ${electionId}::uuid)
        or m.user_id in (select rm.user_id from election_roll_members rm where rm.election_id = ${electionId}::uuid)
        or m.user_id in (select i.accepted_user_id from invitations i
          join election_roll_lists rl on rl.list_id = i.list_id where rl.election_id = ${electionId}::uuid))`;
}

/** For upcoming elections with a chosen roll: its size, and whether the viewer is on it. */
export async function chosenRolls(
  db: Db,
  rows: ElectionRow[],
  viewerId: string,
): Promise<Map<string, { count: number; viewerOn: boolean }>> {
  const upcoming = rows.filter((row) => row.status === "upcoming");
  const chosen = new Map<string, { count: number; viewerOn: boolean }>();
  if (upcoming.length === 0) return chosen;
  const withChoice = await db
    .select({ electionId: electionRolls.electionId })
    .from(electionRolls)
    .where(
      inArray(
        electionRolls.electionId,
        upcoming.map((row) => row.id),
      ),
    );
  for (const { electionId } of withChoice) {
    const row = upcoming.find((r) => r.id === electionId);
    if (!row) continue;
    const roll = electionRoll(row.id, row.organizationId);
    const [first] = await db
      .select({
        count: count(),
        viewerOn: sql<boolean>`coalesce(bool_or(${users.id} = ${viewerId}::uuid), false)`,
      })
      .from(users)
      .where(sql`${users.id} in (${roll})`);
    chosen.set(electionId, { count: Number(first?.count ?? 0), viewerOn: Boolean(first?.viewerOn) });
  }
  return chosen;
}

export async function rollKind(db: Db, electionId: string): Promise<"members" | "chosen"> {
  const [row] = await db
    .select({ id: electionRolls.electionId })
    .from(electionRolls)
    .where(eq(electionRolls.electionId, electionId));
  return row ? "chosen" : "members";
}

async function describeRoll(db: Db, row: ElectionRow): Promise<ElectionRoll> {
  const [kind, members, lists] = await Promise.all([
    rollKind(db, row.id),
    db
      .select({ userId: electionRollMembers.userId })
      .from(electionRollMembers)
      .where(eq(electionRollMembers.electionId, row.id)),
    db
      .select({ listId: electionRollLists.listId })
      .from(electionRollLists)
      .where(eq(electionRollLists.electionId, row.id)),
  ]);
  const [counted] =
    row.status === "upcoming"
      ? await db
          .select({ count: count() })
          .from(users)
          .where(sql`${users.id} in (${electionRoll(row.id, row.organizationId)})`)
      : await db.select({ count: count() }).from(electionVoters).where(eq(electionVoters.electionId, row.id));
  return {
    kind,
    user_ids: members.map((m) => m.userId),
    list_ids: lists.map((l) => l.listId),
    count: Number(counted?.count ?? 0),
    version: row.rollVersion,
  };
}

export async function electionRollFor(db: Db, admin: User, electionId: string): Promise<ElectionRoll> {
  return describeRoll(db, await electionForAdmin(db, admin, electionId));
}

/**
 * Replaces the roll's choice while the election is upcoming. The election's row is locked and its
 * status checked in the transaction, so a roll never changes under an opening (which takes the same lock).
 * A choice that names the roll's `version` it started from is refused (409) when the roll was chosen
 * again since: a dialog opened before another administrator's save never writes their roll over.
 */
export async function setElectionRoll(
  db: Db,
  admin: User,
  electionId: string,
  input: ElectionRollInput,
): Promise<{ roll: ElectionRoll; election: ElectionRow }> {
  const row = await electionToManage(db, admin, electionId);
  if (row.status !== "upcoming") throw badRequest(rollMessages.fixed);
  const userIds = input.kind === "chosen" ? [...new Set(input.user_ids)] : [];
  const listIds = input.kind === "chosen" ? [...new Set(input.list_ids)] : [];
  if (input.kind === "chosen" && userIds.length + listIds.length === 0) throw badRequest(rollMessages.empty);
  if (userIds.length) {
    const voters = await db
      .select({ id: organizationMemberships.userId })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .where(
        and(
          eq(organizationMemberships.organizationId, row.organizationId),
          eq(users.userType, "voter"),
          inArray(organizationMemberships.userId, userIds),
        ),
      );
    if (voters.length !== userIds.length) throw badRequest(rollMessages.notVoter, "user_ids");
  }
  if (listIds.length) {
    const lists = await db
      .select({ id: voterLists.id })
      .from(voterLists)
      .where(and(eq(voterLists.organizationId, row.organizationId), inArray(voterLists.id, listIds)));
    if (lists.length !== listIds.length) throw badRequest(rollMessages.unknownList, "list_ids");
  }
  const election = await db.transaction(async (tx) => {
    // One update checks the status and the version, raises the version and holds the row until
    // commit (an opening takes the same lock): of two choices from one version, the second waits,
    // finds the version moved on and writes nothing.
    const [chosen] = await tx
      .update(elections)
      .set({ rollVersion: raisedVersion(elections.rollVersion) })
      .where(
        and(
          eq(elections.id, electionId),
          eq(elections.status, "upcoming"),
          atVersion(elections.rollVersion, input.version),
        ),
      )
      .returning();
    if (!chosen) return refuseUnwritten(tx, electionId, rollMessages.changedElsewhere, rollMessages.fixed);
    await tx.delete(electionRolls).where(eq(electionRolls.electionId, electionId));
    if (input.kind === "chosen") {
      await tx.insert(electionRolls).values({ electionId, chosenBy: admin.id });
      if (userIds.length)
        await tx.insert(electionRollMembers).values(userIds.map((userId) => ({ electionId, userId })));
      if (listIds.length)
        await tx.insert(electionRollLists).values(listIds.map((listId) => ({ electionId, listId })));
    }
    return chosen;
  });
  return { roll: await describeRoll(db, election), election };
}
