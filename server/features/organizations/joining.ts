import { and, asc, eq } from "drizzle-orm";
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
import type { User } from "../accounts/sessions";
import { requireActiveOrganization, requireAdmin } from "./policy";
import { countMembers, findOrganization, isMember, type OrganizationRow } from "./queries";
import { membersWhere } from "./service";

export type JoinOutcome = JoinResult & { member?: Member; request?: JoinRequest };

/**
 * Joins an organization as 'member' (spec part 1 section 6), or files a join request when the
 * organization requires approval. Search joins need a public organization; an invite link opens
 * any. Only voters have their current organization moved to the one they joined.
 */
export async function joinOrganization(
  db: Db,
  user: User,
  organization: OrganizationRow,
  via: "search" | "invite",
): Promise<JoinOutcome> {
  if (organization.status === "suspended") throw forbidden(messages.organizationSuspended);
  if (organization.status !== "active") throw forbidden(messages.organizationUnavailable);
  if (await isMember(db, user.id, organization.id)) throw conflict(messages.alreadyMember);
  if (via === "search" && !organization.isPublic) throw forbidden(messages.joinNeedsInvite);

  if (organization.requireApproval) {
    const [existing] = await db
      .select({ id: joinRequests.id })
      .from(joinRequests)
      .where(
        and(
          eq(joinRequests.organizationId, organization.id),
          eq(joinRequests.userId, user.id),
          eq(joinRequests.status, "pending"),
        ),
      );
    if (existing)
      return { status: "pending", message: messages.joinPending, organization_id: organization.id };
    const [request] = await db
      .insert(joinRequests)
      .values({ organizationId: organization.id, userId: user.id })
      .onConflictDoNothing()
      .returning();
    return {
      status: "pending",
      message: messages.joinRequested,
      organization_id: organization.id,
      request: request && presentRequest(request, user),
    };
  }

  // A concurrent join of the same user inserts nothing twice (the insert ignores the conflict).
  await db.transaction((tx) => addMember(tx, user, organization.id));
  const [member] = await membersWhere(db, organization.id, [user.id]);
  return { status: "joined", message: messages.joined, organization_id: organization.id, member };
}

/** The membership and, for voters, the current organization; callers run it in their transaction. */
async function addMember(tx: Db, user: Pick<User, "id" | "userType">, organizationId: string): Promise<void> {
  await tx
    .insert(organizationMemberships)
    .values({ organizationId, userId: user.id, role: "member" })
    .onConflictDoNothing();
  if (user.userType === "voter") await tx.update(users).set({ organizationId }).where(eq(users.id, user.id));
}

export async function organizationByInvite(db: Db, code: string): Promise<OrganizationRow> {
  if (!INVITE_CODE_PATTERN.test(code)) throw badRequest(messages.invalidInviteFormat);
  const [row] = await db.select().from(organizations).where(eq(organizations.inviteCode, code));
  if (row?.status === "suspended") throw forbidden(messages.organizationSuspended);
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
  };
}

function presentRequest(
  row: typeof joinRequests.$inferSelect,
  user: Pick<User, "id" | "fullName" | "email">,
): JoinRequest {
  return {
    id: row.id,
    user_id: user.id,
    full_name: user.fullName,
    email: user.email,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listJoinRequests(db: Db, admin: User, organizationId: string): Promise<JoinRequest[]> {
  await requireAdmin(db, admin, organizationId);
  const rows = await db
    .select({ request: joinRequests, user: users })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(and(eq(joinRequests.organizationId, organizationId), eq(joinRequests.status, "pending")))
    .orderBy(asc(joinRequests.createdAt));
  return rows.map((row) => presentRequest(row.request, row.user));
}

/** Approves (the requester becomes a member) or declines a pending request. */
export async function decideJoinRequest(
  db: Db,
  clock: Clock,
  admin: User,
  requestId: string,
  approve: boolean,
): Promise<{ organizationId: string; userId: string; member?: Member }> {
  const [request] = await db.select().from(joinRequests).where(eq(joinRequests.id, requestId));
  if (request?.status !== "pending") throw notFound(messages.requestNotFound);
  await requireAdmin(db, admin, request.organizationId);
  if (approve) await requireActiveOrganization(db, request.organizationId);
  const [requester] = await db.select().from(users).where(eq(users.id, request.userId));
  if (!requester) throw notFound(messages.requestNotFound);
  await db.transaction(async (tx) => {
    const decided = await tx
      .update(joinRequests)
      .set({ status: approve ? "approved" : "declined", decidedAt: clock.now() })
      .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, "pending")))
      .returning({ id: joinRequests.id });
    if (decided.length === 0) throw notFound(messages.requestNotFound);
    if (approve) await addMember(tx, requester, request.organizationId);
  });
  if (!approve) return { organizationId: request.organizationId, userId: request.userId };
  const [member] = await membersWhere(db, request.organizationId, [requester.id]);
  return { organizationId: request.organizationId, userId: request.userId, member };
}

export async function findOrganizationOr404(db: Db, organizationId: string): Promise<OrganizationRow> {
  const row = await findOrganization(db, organizationId);
  if (!row) throw notFound(messages.organizationNotFound);
  return row;
}
