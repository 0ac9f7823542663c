import { type AnyColumn, and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  AdminMember,
  AdminOrganization,
  MemberSort,
  memberListQuery,
  OrganizationSort,
  organizationListQuery,
  Page,
  SortOrder,
} from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { containing } from "../../db/like";
import { organizations, users } from "../../db/schema";
import { memberCount } from "../organizations/queries";

const total = sql<number>`count(*) over ()::int`;

/** A column's value to sort by: words without their case (an empty one as none), others as they are. */
type SortKey = { text: SQL | AnyColumn } | { value: SQL | AnyColumn };

/**
 * The ORDER BY of a paged list: the chosen column that way, nothing (a missing owner, no
 * organization, no name) last either way, then newest first, so that equal rows keep one order
 * from page to page.
 */
function orderBy(key: SortKey, order: SortOrder, created: AnyColumn, id: AnyColumn): SQL[] {
  const value = "text" in key ? sql`nullif(lower(${key.text}::text), '')` : sql`${key.value}`;
  return [sql`${value} ${sql.raw(order)} nulls last`, desc(created), desc(id)];
}

const ORGANIZATION_ORDER: Record<OrganizationSort, SortKey> = {
  name: { text: organizations.name },
  owner: { text: users.fullName },
  members: { value: memberCount },
  status: { text: organizations.status },
  created: { value: organizations.createdAt },
};

const MEMBER_ORDER: Record<MemberSort, SortKey> = {
  name: { text: users.fullName },
  email: { text: users.email },
  role: { text: users.userType },
  organization: { text: organizations.name },
  joined: { value: users.createdAt },
};

/**
 * Every organization with its owner (null when the account is gone) and its member count (counted
 * from the memberships), newest first or sorted by a column; filtered by status and by a term in
 * name, description or the owner's name or e-mail.
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
    .orderBy(
      ...orderBy(ORGANIZATION_ORDER[query.sort], query.order, organizations.createdAt, organizations.id),
    )
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
 * Every account (voters and organization users), newest first or sorted by a column, with the
 * organization it works in now; filtered by a term in name, e-mail or that organization's name.
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
    .orderBy(...orderBy(MEMBER_ORDER[query.sort], query.order, users.createdAt, users.id))
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
