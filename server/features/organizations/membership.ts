import { and, eq, inArray, sql } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import type { Member } from "../../../contract/organizations";
import type { Db } from "../../db/connect";
import {
  channelMembers,
  channelPreferences,
  channelReads,
  channels,
  membershipHistory,
  notifications,
  organizationMemberships,
  users,
} from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { mayAdminister, type Role, requireAdmin, requireMember } from "./policy";
import { findOrganization } from "./queries";
import { membersWhere } from "./service";

/**
 * Ends these users' membership of the organization, in the caller's transaction: the membership
 * (access to channels, rooms, elections and realtime topics goes with it), their standing in its
 * private channels, their channel preferences, read marks and notices there, and the organization
 * as their current one. What they did stays: messages and comments keep their author, and an
 * election's record (its roll, participations, ballots and seals) is never altered by a departure.
 */
export async function endMembership(
  tx: Db,
  organizationId: string,
  userIds: string[],
  reason: "left" | "removed",
): Promise<void> {
  if (userIds.length === 0) return;
  const theirs = and(
    eq(organizationMemberships.organizationId, organizationId),
    inArray(organizationMemberships.userId, userIds),
  );
  const ended = await tx.delete(organizationMemberships).where(theirs).returning({
    userId: organizationMemberships.userId,
    role: organizationMemberships.role,
    joinedAt: organizationMemberships.createdAt,
  });
  // Each member's own record keeps the membership that ended (their Recent Activity), with the
  // organization's name as it is now, read by the insert itself.
  const organizationName = sql<string>`(select name from organizations where id = ${organizationId})`;
  if (ended.length > 0)
    await tx.insert(membershipHistory).values(ended.map((row) => ({ ...row, organizationName, reason })));
  const orgChannels = tx
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.organizationId, organizationId));
  for (const table of [channelMembers, channelPreferences, channelReads, notifications] as const) {
    await tx.delete(table).where(and(inArray(table.userId, userIds), inArray(table.channelId, orgChannels)));
  }
  await tx
    .update(users)
    .set({ organizationId: null })
    .where(and(inArray(users.id, userIds), eq(users.organizationId, organizationId)));
}

/** The member leaves the organization. Its owner cannot: the organization would have no one answerable. */
export async function leaveOrganization(db: Db, user: User, organizationId: string): Promise<string> {
  await requireMember(db, user, organizationId);
  const organization = await ownerOf(db, organizationId);
  if (organization.ownerId === user.id) throw forbidden(messages.ownerCannotLeave);
  await db.transaction((tx) => endMembership(tx, organizationId, [user.id], "left"));
  return organization.name;
}

/** An administrator removes a member: never the owner, never themselves (they leave instead). */
export async function removeMember(
  db: Db,
  admin: User,
  organizationId: string,
  userId: string,
): Promise<Member> {
  const target = await targetMember(db, admin, organizationId, userId, messages.removeSelf);
  await db.transaction((tx) => endMembership(tx, organizationId, [userId], "removed"));
  return target;
}

/**
 * An administrator makes a member an administrator (an organization account: voters never
 * administer, `mayAdminister`) or takes it back from another administrator, never from the owner.
 */
export async function setMemberRole(
  db: Db,
  admin: User,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<Member> {
  const target = await targetMember(db, admin, organizationId, userId, messages.ownRoleUnchanged);
  if (role === "admin" && !mayAdminister({ userType: target.user_type })) {
    throw forbidden(messages.votersNeverAdmins);
  }
  await db
    .update(organizationMemberships)
    .set({ role })
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
      ),
    );
  return { ...target, role };
}

/** The member an administrator acts on: someone else, still a member, and not the owner. */
async function targetMember(
  db: Db,
  admin: User,
  organizationId: string,
  userId: string,
  selfMessage: string,
): Promise<Member> {
  await requireAdmin(db, admin, organizationId);
  if (userId === admin.id) throw badRequest(selfMessage);
  const [target] = await membersWhere(db, organizationId, [userId], "admin");
  if (!target) throw notFound(messages.memberNotFound);
  const organization = await ownerOf(db, organizationId);
  if (organization.ownerId === userId) throw forbidden(messages.ownerProtected);
  return target;
}

async function ownerOf(db: Db, organizationId: string): Promise<{ ownerId: string; name: string }> {
  const row = await findOrganization(db, organizationId);
  if (!row) throw notFound(messages.organizationNotFound);
  return row;
}
