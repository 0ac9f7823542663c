import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { messages } from "../../../contract/messages";
import type {
  Member,
  MyOrganizations,
  OrganizationProfile,
  organizationSettingsInput,
  SearchResult,
  updateOrganizationInput,
} from "../../../contract/organizations";
import { wallClock } from "../../../contract/zoned-time";
import type { Db } from "../../db/connect";
import { containing } from "../../db/like";
import { elections, joinRequests, organizationMemberships, organizations, users } from "../../db/schema";
import { updateWhere } from "../../db/update";
import { notFound } from "../../http/errors";
import { newInviteCode } from "../../lib/crypto";
import type { GuessGuard } from "../accounts/guesses";
import { requirePasswordIfChosen } from "../accounts/reconfirm";
import type { User } from "../accounts/sessions";
import { votingWindow } from "../elections/definition";
import { isAdmin, requireManager, requireMember } from "./policy";
import { presentProfile, presentSummary } from "./presenter";
import { countChannels, countMembers, findOrganization, memberCount } from "./queries";

/** The organizations the user belongs to (the strip's logos) and the current one. */
export async function myOrganizations(db: Db, user: User): Promise<MyOrganizations> {
  const [rows, waiting] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, logoUrl: organizations.logoUrl })
      .from(organizationMemberships)
      .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
      .where(eq(organizationMemberships.userId, user.id))
      .orderBy(asc(organizationMemberships.createdAt)),
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(joinRequests)
      .innerJoin(organizations, eq(organizations.id, joinRequests.organizationId))
      .where(and(eq(joinRequests.userId, user.id), eq(joinRequests.status, "pending")))
      .orderBy(asc(joinRequests.createdAt)),
  ]);
  const current = rows.some((row) => row.id === user.organizationId)
    ? user.organizationId
    : (rows[0]?.id ?? null);
  return { current_id: current, organizations: rows.map(presentSummary), pending: waiting };
}

/** Makes one of the user's organizations the current one. */
export async function switchOrganization(db: Db, user: User, organizationId: string): Promise<void> {
  await requireMember(db, user, organizationId);
  await db.update(users).set({ organizationId }).where(eq(users.id, user.id));
}

export async function organizationProfile(
  db: Db,
  user: User,
  organizationId: string,
): Promise<OrganizationProfile> {
  const role = await requireMember(db, user, organizationId);
  const row = await findOrganization(db, organizationId);
  if (!row) throw notFound(messages.organizationNotFound);
  const [members, channelCount] = await Promise.all([
    countMembers(db, organizationId),
    countChannels(db, organizationId),
  ]);
  return presentProfile(row, { role, admin: isAdmin(user, role) }, { members, channels: channelCount });
}

export async function updateOrganization(
  db: Db,
  user: User,
  organizationId: string,
  input: z.output<typeof updateOrganizationInput>,
  now: Date,
): Promise<OrganizationProfile> {
  await requireManager(db, user, organizationId);
  await db.transaction(async (tx) => {
    await updateWhere(tx, organizations, input, eq(organizations.id, organizationId));
    if (input.timezone) await rescheduleElections(tx, organizationId, input.timezone, now);
  });
  return organizationProfile(db, user, organizationId);
}

/**
 * A new time zone: an upcoming election keeps its dates and hours, read in the new zone (its instants
 * move); one that would then start in the past is refused (votingWindow), as typing that start would
 * be: the election would open at once, with no confirmation. An open election keeps its instants,
 * told to its voters when it opened: its dates and hours are written again as the new zone shows them.
 */
async function rescheduleElections(
  tx: Db,
  organizationId: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  const open = await tx
    .select()
    .from(elections)
    .where(
      and(eq(elections.organizationId, organizationId), inArray(elections.status, ["upcoming", "active"])),
    );
  for (const election of open) {
    await tx
      .update(elections)
      .set(
        election.status === "upcoming"
          ? votingWindow(election, timeZone, now, messages.timeZoneStartPast)
          : shownIn(election, timeZone),
      )
      .where(eq(elections.id, election.id));
  }
}

/** An election's window as the wall clock of `timeZone` shows its instants. */
function shownIn(election: { startsAt: Date; endsAt: Date }, timeZone: string) {
  const start = wallClock(election.startsAt, timeZone);
  const end = wallClock(election.endsAt, timeZone);
  return { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time };
}

export async function updateOrganizationSettings(
  db: Db,
  user: User,
  organizationId: string,
  input: z.output<typeof organizationSettingsInput>,
): Promise<OrganizationProfile> {
  await requireManager(db, user, organizationId);
  await updateWhere(
    db,
    organizations,
    {
      isPublic: input.is_public,
      allowMemberInvites: input.allow_member_invites,
      requireApproval: input.require_approval,
    },
    eq(organizations.id, organizationId),
  );
  return organizationProfile(db, user, organizationId);
}

/** Issues a new invite code; the old link stops working at once. */
/** A new invite link (the old one stops working); with "Require Password" on, only with the password. */
export async function regenerateInviteCode(
  guard: GuessGuard,
  user: User,
  organizationId: string,
  password: string | undefined,
  ip: string,
): Promise<string> {
  const { db } = guard;
  await requireManager(db, user, organizationId);
  await requirePasswordIfChosen(guard, user, password, ip);
  const code = newInviteCode();
  await db.update(organizations).set({ inviteCode: code }).where(eq(organizations.id, organizationId));
  return code;
}

/**
 * Active organizations the user can find: the public ones and their own, matching the term
 * (case-insensitive, in name, description or location), most members first.
 */
export async function searchOrganizations(db: Db, user: User, term: string): Promise<SearchResult[]> {
  const pattern = containing(term.trim());
  // Correlated subqueries name their tables explicitly: Drizzle leaves columns unqualified here.
  const mine = sql<boolean>`exists (select 1 from organization_memberships m where m.organization_id = "organizations"."id" and m.user_id = ${user.id})`;
  const pending = sql<boolean>`exists (select 1 from join_requests r where r.organization_id = "organizations"."id" and r.user_id = ${user.id} and r.status = 'pending')`;
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      description: organizations.description,
      location: organizations.location,
      logoUrl: organizations.logoUrl,
      isPublic: organizations.isPublic,
      memberCount,
      joined: mine,
      pending,
    })
    .from(organizations)
    .where(
      and(
        eq(organizations.status, "active"),
        or(eq(organizations.isPublic, true), mine),
        term.trim()
          ? or(
              ilike(organizations.name, pattern),
              ilike(organizations.description, pattern),
              ilike(organizations.location, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(memberCount), asc(organizations.name))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    logo_url: row.logoUrl,
    member_count: row.memberCount,
    joined: row.joined,
    pending: row.pending,
    is_public: row.isPublic,
  }));
}

export async function listMembers(db: Db, user: User, organizationId: string): Promise<Member[]> {
  const role = await requireMember(db, user, organizationId);
  return membersWhere(db, organizationId, undefined, isAdmin(user, role) ? "admin" : user.id);
}

/**
 * Who sees members' e-mail addresses: "admin" (the organization's administrators: all of them), a
 * member's user id (their own, and those shared with members), or null for an audience of members
 * (a realtime event: shared ones only).
 */
export type EmailViewer = "admin" | string | null;

export async function membersWhere(
  db: Db,
  organizationId: string,
  userIds?: string[],
  viewer: EmailViewer = null,
): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      settings: users.settings,
      userType: users.userType,
      role: organizationMemberships.role,
      joinedAt: organizationMemberships.createdAt,
    })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        userIds ? inArray(users.id, userIds) : undefined,
      ),
    )
    .orderBy(asc(organizationMemberships.createdAt));
  const emailShown = (row: (typeof rows)[number]) =>
    viewer === "admin" || viewer === row.userId || row.settings.privacy?.shareEmail === true;
  return rows.map((row) => ({
    user_id: row.userId,
    full_name: row.fullName,
    email: emailShown(row) ? row.email : null,
    user_type: row.userType,
    role: row.role,
    joined_at: row.joinedAt.toISOString(),
  }));
}
