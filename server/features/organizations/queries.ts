import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { channels, organizationMemberships, organizations } from "../../db/schema";
import { pendingRequest } from "./identity";

export type OrganizationRow = typeof organizations.$inferSelect;

/** Members per organization, counted from the memberships (never kept by hand). */
export const memberCount = sql<number>`(select count(*)::int from organization_memberships m where m.organization_id = "organizations"."id")`;

export async function findOrganization(db: Db, organizationId: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return row;
}

export async function countMembers(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.organizationId, organizationId));
  return row?.n ?? 0;
}

export async function countChannels(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(channels)
    .where(eq(channels.organizationId, organizationId));
  return row?.n ?? 0;
}

export async function isMember(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizationMemberships.id })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.userId, userId),
        eq(organizationMemberships.organizationId, organizationId),
      ),
    );
  return !!row;
}

/** The user's request to join waits for an administrator (approval required, or held for its ID number). */
export async function hasPendingRequest(db: Db, userId: string, organizationId: string): Promise<boolean> {
  return (await pendingRequest(db, organizationId, userId)).length > 0;
}
