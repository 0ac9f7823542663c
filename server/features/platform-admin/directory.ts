import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  AdminMember,
  AdminOrganization,
  memberListQuery,
  organizationListQuery,
  Page,
} from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { containing } from "../../db/like";
import { organizations, users } from "../../db/schema";
import { memberCount } from "../organizations/queries";

/** A term for ILIKE, its wildcards taken literally. */

const total = sql<number>`count(*) over ()::int`;

/**
 * Every organization with its owner (null when the account is gone) and its member count (counted
 * from the memberships), newest first; filtered by status and by a term in name, description or
 * the owner's name or e-mail.
 */
export async function listOrganizations(
  db: Db,
  query: z.output<typeof organizationListQuery>,
): Promise<Page<AdminOrganization>> {
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(organizations.status, query.status));
  if (query.q) {
    const pattern = containing(query.q);
    const matches = or(
      ilike(organizations.name, pattern),
      ilike(organizations.description, pattern),
      ilike(users.fullName, pattern),
      ilike(users.email, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const rows = await db
    .select({
      organization: organizations,
      ownerName: users.fullName,
      ownerEmail: users.email,
      memberCount,
      total,
    })
    .from(organizations)
    .leftJoin(users, eq(users.id, organizations.ownerId))
    .where(and(...conditions))
    .orderBy(desc(organizations.createdAt), desc(organizations.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((row) => presentOrganization(row.organization, row)),
    total: rows[0]?.total ?? (query.offset > 0 ? await countOrganizations(db, conditions) : 0),
    limit: query.limit,
    offset: query.offset,
  };
}

/** The total when the page asked for lies past the end (no row carries it then). */
async function countOrganizations(db: Db, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organizations)
    .leftJoin(users, eq(users.id, organizations.ownerId))
    .where(and(...conditions));
  return row?.n ?? 0;
}

export function presentOrganization(
  organization: typeof organizations.$inferSelect,
  extra: { ownerName: string | null; ownerEmail: string | null; memberCount: number },
): AdminOrganization {
  return {
    id: organization.id,
    name: organization.name,
    description: organization.description,
    status: organization.status,
    owner_id: organization.ownerId,
    owner_name: extra.ownerName || null,
    owner_email: extra.ownerEmail,
    member_count: extra.memberCount,
    created_at: organization.createdAt.toISOString(),
  };
}

/**
 * Every account (voters and organization users), newest first, with the organization it works in
 * now; filtered by a term in name, e-mail or that organization's name.
 */
export async function listMembers(
  db: Db,
  query: z.output<typeof memberListQuery>,
): Promise<Page<AdminMember>> {
  const pattern = query.q ? containing(query.q) : null;
  const where = pattern
    ? or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(organizations.name, pattern))
    : undefined;
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      userType: users.userType,
      organizationId: users.organizationId,
      organizationName: organizations.name,
      createdAt: users.createdAt,
      total,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where);
    count = row?.n ?? 0;
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      full_name: row.fullName,
      email: row.email,
      role: row.userType,
      organization_id: row.organizationId,
      organization_name: row.organizationName,
      created_at: row.createdAt.toISOString(),
    })),
    total: count,
    limit: query.limit,
    offset: query.offset,
  };
}
