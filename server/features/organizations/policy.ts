import { and, eq, sql } from "drizzle-orm";
import type { Topic } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { channels, organizationMemberships, organizations } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import { uuidArray } from "../../lib/ids";
import type { User } from "../accounts/sessions";

export type Role = "admin" | "member";

/** The user's role in the organization, or null when they do not belong to it. */
export async function roleIn(db: Db, userId: string, organizationId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: organizationMemberships.role })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.userId, userId),
        eq(organizationMemberships.organizationId, organizationId),
      ),
    );
  return row?.role ?? null;
}

/**
 * Who may hold an organization's administration: organization accounts only, whether they own it or
 * joined it. Voters never do: a voter's account is the one that votes (administrators see the roll,
 * members' e-mails, reports and security monitoring), and the member area has no administration.
 */
export function mayAdminister(user: Pick<User, "userType">): boolean {
  return user.userType === "organization";
}

/**
 * An organization's administrator: an organization user whose membership there is 'admin' (the
 * owner gets it at sign-up; other administrators are made so by an administrator).
 */
export function isAdmin(user: Pick<User, "userType">, role: Role | null): boolean {
  return mayAdminister(user) && role === "admin";
}

/** The member's role; refuses outsiders as if the organization did not exist. */
export async function requireMember(db: Db, user: User, organizationId: string): Promise<Role> {
  const role = await roleIn(db, user.id, organizationId);
  if (!role) throw notFound(messages.organizationNotFound);
  return role;
}

export async function requireAdmin(db: Db, user: User, organizationId: string): Promise<void> {
  const role = await requireMember(db, user, organizationId);
  if (!isAdmin(user, role)) throw forbidden(messages.organizationAdminOnly);
}

/**
 * A suspended organization's members may read but not post, join rooms or vote, nor change its
 * channels and elections (requireManager, channelToChange, electionToManage): every such write calls
 * this first (inside its transaction where it has one).
 */
export async function requireActiveOrganization(db: Db, organizationId: string): Promise<void> {
  const [row] = await db
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound(messages.organizationNotFound);
  if (row.status === "suspended") throw forbidden(messages.organizationSuspended);
}

/**
 * An administrator changing what the organization holds (its channels, elections, profile, logo,
 * invitations): refused while the platform has the organization suspended, as its members' posts,
 * rooms and votes are. Reads, leaving it, and each user's own preferences stay open.
 */
export async function requireManager(db: Db, user: User, organizationId: string): Promise<void> {
  await requireAdmin(db, user, organizationId);
  await requireActiveOrganization(db, organizationId);
}

/** May this user watch this realtime topic? Members see their organizations and its channels; a user sees their own topic. */
export async function mayWatch(db: Db, user: User, topic: Topic): Promise<boolean> {
  const [kind, id] = topic.split(":") as [string, string | undefined];
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return false;
  if (kind === "user") return id === user.id;
  if (kind === "org") return (await roleIn(db, user.id, id)) !== null;
  if (kind === "admins") return isAdmin(user, await roleIn(db, user.id, id));
  if (kind === "channel") {
    const [channel] = await db
      .select({ organizationId: channels.organizationId })
      .from(channels)
      .where(eq(channels.id, id));
    return channel ? (await roleIn(db, user.id, channel.organizationId)) !== null : false;
  }
  return false;
}

/** One user's request to watch one topic, as `mayWatchAll` takes them. */
export interface WatchRequest {
  user: Pick<User, "id" | "userType">;
  topic: Topic;
}

/**
 * `mayWatch` for many users and topics at once, in at most two queries whatever their number (the
 * socket sweep re-checks every subscription of every socket: one query each would hold the server's
 * only thread for seconds on PGlite). The same rules as `mayWatch`, answered in the same order.
 */
export async function mayWatchAll(db: Db, requests: WatchRequest[]): Promise<boolean[]> {
  const parsed = requests.map(({ topic }) => {
    const [kind, id] = topic.split(":") as [string, string | undefined];
    return id && /^[0-9a-f-]{36}$/i.test(id) ? { kind, id, lower: id.toLowerCase() } : null;
  });
  const channelIds = unique(parsed.flatMap((p) => (p?.kind === "channel" ? [p.lower] : [])));
  const channelOrg = new Map<string, string>();
  if (channelIds.length > 0) {
    const rows = await db
      .select({ id: channels.id, organizationId: channels.organizationId })
      .from(channels)
      .where(sql`${channels.id} = any(${uuidArray(channelIds)}::uuid[])`);
    for (const row of rows) channelOrg.set(row.id, row.organizationId);
  }
  // The organization each request needs a role in (null: it needs none, or its channel is gone).
  const organizationOf = parsed.map((p) => {
    if (p?.kind === "org" || p?.kind === "admins") return p.lower;
    if (p?.kind === "channel") return channelOrg.get(p.lower) ?? null;
    return null;
  });
  const userIds = unique(requests.flatMap((r, i) => (organizationOf[i] ? [r.user.id] : [])));
  const organizationIds = unique(organizationOf.flatMap((id) => (id ? [id] : [])));
  const roles = new Map<string, Role>();
  if (userIds.length > 0) {
    // Every membership of these users in these organizations: a superset of the pairs asked for.
    const rows = await db
      .select({
        userId: organizationMemberships.userId,
        organizationId: organizationMemberships.organizationId,
        role: organizationMemberships.role,
      })
      .from(organizationMemberships)
      .where(
        and(
          sql`${organizationMemberships.userId} = any(${uuidArray(userIds)}::uuid[])`,
          sql`${organizationMemberships.organizationId} = any(${uuidArray(organizationIds)}::uuid[])`,
        ),
      );
    for (const row of rows) roles.set(`${row.userId} ${row.organizationId}`, row.role);
  }
  return requests.map(({ user }, i) => {
    const p = parsed[i];
    if (!p) return false;
    if (p.kind === "user") return p.id === user.id;
    const organizationId = organizationOf[i];
    const role = organizationId ? (roles.get(`${user.id} ${organizationId}`) ?? null) : null;
    if (p.kind === "org" || p.kind === "channel") return role !== null;
    if (p.kind === "admins") return isAdmin(user, role);
    return false;
  });
}

const unique = (values: string[]): string[] => [...new Set(values)];
