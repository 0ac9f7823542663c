import { and, asc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { messages } from "../../../contract/messages";
import {
  INVITE_CODE_PATTERN,
  type InvitePreview,
  type JoinRequest,
  type JoinResult,
  type Member,
} from "../../../contract/organizations";
import type { Db } from "../../db/connect";
import { joinRequests, organizationMemberships, organizations, users } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { type User, userColumns } from "../accounts/sessions";
import { holdDuplicateJoin, type RollHolder, rollHolder } from "./identity";
import { endMembership } from "./membership";
import { requireActiveOrganization, requireAdmin } from "./policy";
import { countMembers, findOrganization, hasPendingRequest, isMember, type OrganizationRow } from "./queries";
import { membersWhere } from "./service";

export type JoinOutcome = JoinResult & {
  member?: Member;
  request?: JoinRequest;
  /** A "duplicate identity" alert raised with a held join, for the administrators. */
  alertId?: string;
};

/**
 * Joins an organization as 'member' (spec part 1 section 6), or files a join request when the
 * organization requires approval. Search joins need a public organization; an invite link opens
 * any. Only voters have their current organization moved to the one they joined. An account whose
 * ID number another member registered is held for the administrators (identity.ts).
 */
export async function joinOrganization(
  db: Db,
  clock: Clock,
  user: User,
  organization: OrganizationRow,
  via: "search" | "invite",
): Promise<JoinOutcome> {
  if (organization.status === "suspended") throw forbidden(messages.organizationSuspendedToJoin);
  if (organization.status !== "active") throw forbidden(messages.organizationUnavailable);
  if (await isMember(db, user.id, organization.id)) throw conflict(messages.alreadyMember);
  if (via === "search" && !organization.isPublic) throw forbidden(messages.joinNeedsInvite);

  const holder = user.voterIdHash && (await rollHolder(db, organization.id, user.voterIdHash, user.id));
  if (holder) return holdJoin(db, clock, user, organization.id, holder);

  if (organization.requireApproval) {
    if (await hasPendingRequest(db, user.id, organization.id))
      return { status: "pending", message: messages.joinPending, organization_id: organization.id };
    const [request] = await db
      .insert(joinRequests)
      .values({ organizationId: organization.id, userId: user.id, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    return {
      status: "pending",
      message: messages.joinRequested,
      organization_id: organization.id,
      request: request && presentRequest(request, user, null),
    };
  }

  const added = await db.transaction((tx) => addMember(tx, user, organization.id));
  if (added === "same_id_number") {
    // Another account with this ID number joined between the check above and the insert.
    const raced = user.voterIdHash && (await rollHolder(db, organization.id, user.voterIdHash, user.id));
    if (raced) return holdJoin(db, clock, user, organization.id, raced);
    throw conflict(messages.joinTryAgain);
  }
  const [member] = await membersWhere(db, organization.id, [user.id]);
  return { status: "joined", message: messages.joined, organization_id: organization.id, member };
}

async function holdJoin(
  db: Db,
  clock: Clock,
  user: User,
  organizationId: string,
  holder: RollHolder,
): Promise<JoinOutcome> {
  const held = await holdDuplicateJoin(db, clock, user, organizationId, holder);
  // The requester hears what any request hears: whose number it is stays with the administrators.
  if (!held.created)
    return { status: "pending", message: messages.joinPending, organization_id: organizationId };
  return {
    status: "pending",
    message: messages.joinRequested,
    organization_id: organizationId,
    request: presentRequest(held.request, user, holder),
    alertId: held.alertId,
  };
}

/**
 * The membership (with the member's ID number hash, which the roll's unique index checks) and, for
 * voters, the current organization; callers run it in their transaction. A concurrent join of the
 * same user inserts nothing twice; another account holding the same ID number is "same_id_number".
 */
export async function addMember(
  tx: Db,
  user: Pick<User, "id" | "userType" | "voterIdHash">,
  organizationId: string,
): Promise<"added" | "same_id_number"> {
  const inserted = await tx
    .insert(organizationMemberships)
    .values({ organizationId, userId: user.id, role: "member", voterIdHash: user.voterIdHash })
    .onConflictDoNothing()
    .returning({ id: organizationMemberships.id });
  if (inserted.length === 0 && !(await isMember(tx, user.id, organizationId))) return "same_id_number";
  if (user.userType === "voter") await tx.update(users).set({ organizationId }).where(eq(users.id, user.id));
  return "added";
}

export async function organizationByInvite(db: Db, code: string): Promise<OrganizationRow> {
  if (!INVITE_CODE_PATTERN.test(code)) throw badRequest(messages.invalidInviteFormat);
  const [row] = await db.select().from(organizations).where(eq(organizations.inviteCode, code));
  if (row?.status === "suspended") throw forbidden(messages.organizationSuspendedToJoin);
  if (row?.status !== "active") throw notFound(messages.invalidInvite);
  return row;
}

export async function invitePreview(db: Db, code: string, user: User | null): Promise<InvitePreview> {
  const row = await organizationByInvite(db, code);
  return {
    invite_code: code,
    organization: {
      id: row.id,
      name: row.name,
      description: row.description,
      member_count: await countMembers(db, row.id),
      logo_url: row.logoUrl,
    },
    joined: user ? await isMember(db, user.id, row.id) : false,
    pending: user ? await hasPendingRequest(db, user.id, row.id) : false,
  };
}

function presentRequest(
  row: typeof joinRequests.$inferSelect,
  user: Pick<User, "id" | "fullName" | "email">,
  duplicateOf: RollHolder | null,
): JoinRequest {
  return {
    id: row.id,
    user_id: user.id,
    full_name: user.fullName,
    email: user.email,
    created_at: row.createdAt.toISOString(),
    same_id_number_as: duplicateOf ? { user_id: duplicateOf.id, full_name: duplicateOf.fullName } : null,
  };
}

export async function listJoinRequests(db: Db, admin: User, organizationId: string): Promise<JoinRequest[]> {
  await requireAdmin(db, admin, organizationId);
  const holders = alias(users, "holder");
  const rows = await db
    .select({
      request: joinRequests,
      user: userColumns,
      holder: { id: holders.id, fullName: holders.fullName },
    })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .leftJoin(holders, eq(holders.id, joinRequests.duplicateOfUserId))
    .where(and(eq(joinRequests.organizationId, organizationId), eq(joinRequests.status, "pending")))
    .orderBy(asc(joinRequests.createdAt));
  return rows.map((row) => presentRequest(row.request, row.user, row.holder?.id ? row.holder : null));
}

/**
 * Approves (the requester becomes a member) or declines a pending request. Approving a request held
 * for its ID number is the administrator's decision that the number is the requester's: the account
 * that held it leaves the roll in the same transaction (`removedUserIds`). A request that meets a
 * member with its number only now is marked held (with its alert) and refused, for a second look.
 */
export async function decideJoinRequest(
  db: Db,
  clock: Clock,
  admin: User,
  requestId: string,
  approve: boolean,
): Promise<DecidedJoin> {
  const [request] = await db.select().from(joinRequests).where(eq(joinRequests.id, requestId));
  if (request?.status !== "pending") throw notFound(messages.requestNotFound);
  await requireAdmin(db, admin, request.organizationId);
  if (approve) await requireActiveOrganization(db, request.organizationId);
  const [requester] = await db.select(userColumns).from(users).where(eq(users.id, request.userId));
  if (!requester) throw notFound(messages.requestNotFound);
  const organizationId = request.organizationId;
  const base = { organizationId, userId: request.userId };
  let removedUserIds: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const decided = await tx
        .update(joinRequests)
        .set({ status: approve ? "approved" : "declined", decidedAt: clock.now() })
        .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, "pending")))
        .returning({ id: joinRequests.id });
      if (decided.length === 0) throw notFound(messages.requestNotFound);
      if (!approve) return;
      if (request.duplicateOfUserId && requester.voterIdHash)
        removedUserIds = await releaseIdNumber(tx, organizationId, requester.voterIdHash, requester.id);
      if ((await addMember(tx, requester, organizationId)) === "same_id_number") throw new SameIdNumber();
    });
  } catch (error) {
    if (!(error instanceof SameIdNumber)) throw error;
    const holder =
      requester.voterIdHash && (await rollHolder(db, organizationId, requester.voterIdHash, requester.id));
    const held = holder ? await holdDuplicateJoin(db, clock, requester, organizationId, holder) : undefined;
    return { ...base, outcome: "refused", alertId: held?.alertId };
  }
  if (!approve) return { ...base, outcome: "declined" };
  const [member] = await membersWhere(db, organizationId, [requester.id]);
  return { ...base, outcome: "approved", member, removedUserIds };
}

export type DecidedJoin = { organizationId: string; userId: string } & (
  | { outcome: "approved"; member?: Member; removedUserIds: string[] }
  | { outcome: "declined" }
  /** The requester's ID number met a member's only now: the request is marked held for a second look. */
  | { outcome: "refused"; alertId?: string }
);

/** Thrown inside the approval's transaction to undo it. */
class SameIdNumber extends Error {}

/** Takes the other accounts with this ID number off the organization's roll; returns their ids. */
async function releaseIdNumber(
  tx: Db,
  organizationId: string,
  voterIdHash: string,
  keepUserId: string,
): Promise<string[]> {
  const holders = await tx
    .select({ id: users.id })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(users.voterIdHash, voterIdHash),
        ne(users.id, keepUserId),
        eq(organizationMemberships.role, "member"),
      ),
    );
  const ids = holders.map((row) => row.id);
  await endMembership(tx, organizationId, ids, "removed");
  return ids;
}

export async function findOrganizationOr404(db: Db, organizationId: string): Promise<OrganizationRow> {
  const row = await findOrganization(db, organizationId);
  if (!row) throw notFound(messages.organizationNotFound);
  return row;
}
