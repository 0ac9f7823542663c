import { sql } from "drizzle-orm";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityItem,
  type ActivityKind,
  type ActivityPage,
} from "../../../contract/profile";
import type { Db } from "../../db/connect";
import type { User } from "../accounts/sessions";

const METHOD_NAMES: Record<string, string> = {
  national_id: "National ID",
  voters_card: "Voter's Card",
  phone: "Phone",
};

interface Row {
  kind: ActivityKind;
  subject: string;
  extra: string;
  at: Date | string;
}

/**
 * The user's Recent Activity, newest first, from the rows that record each event: the account
 * (registered, and the last change of name or phone number), memberships (joined an organization;
 * left or removed, from the history kept when one ends), the account's security events (a password
 * changed or reset, two-factor on or off, the other sessions signed out, each with the device that
 * asked: a change its owner did not make shows here), verification grants (verified identity) and
 * participations grouped by election (voted). Participations hold who voted, never the choice, so
 * nothing here can say what was chosen. Read a page at a time (page 0 the newest), in an order
 * that ties cannot shuffle between pages.
 */
export async function recentActivity(db: Db, user: User, page = 0): Promise<ActivityPage> {
  const result = (await db.execute(sql`
    select * from (
      select 'registered' as kind, '' as subject, '' as extra, u.created_at as at
        from users u where u.id = ${user.id}
      union all
      select 'updated_contact', '', '', u.contact_updated_at
        from users u where u.id = ${user.id} and u.contact_updated_at is not null
      union all
      select 'joined_organization', o.name, m.role, m.created_at
        from organization_memberships m join organizations o on o.id = m.organization_id
        where m.user_id = ${user.id}
      union all
      select 'joined_organization', h.organization_name, h.role, h.joined_at
        from membership_history h where h.user_id = ${user.id}
      union all
      select 'left_organization', h.organization_name, h.reason, h.ended_at
        from membership_history h where h.user_id = ${user.id}
      union all
      select 'verified_identity', e.title, g.method, g.created_at
        from verification_grants g join elections e on e.id = g.election_id
        where g.user_id = ${user.id}
      union all
      select a.kind, '', a.device, a.created_at
        from account_events a where a.user_id = ${user.id}
      union all
      select 'voted', e.title, count(*)::text, max(p.created_at)
        from participations p join elections e on e.id = p.election_id
        where p.user_id = ${user.id}
        group by e.id, e.title
    ) events
    order by at desc, kind, subject, extra
    limit ${ACTIVITY_PAGE_SIZE + 1} offset ${page * ACTIVITY_PAGE_SIZE}
  `)) as unknown as { rows: Row[] };
  const items = result.rows.slice(0, ACTIVITY_PAGE_SIZE).map((row) => describe(row, user));
  return { items, page, has_more: result.rows.length > ACTIVITY_PAGE_SIZE };
}

/** How each kind of event reads on the screen. */
const DESCRIBE: Record<ActivityKind, (row: Row, user: User) => Pick<ActivityItem, "title" | "detail">> = {
  registered: (_row, user) => ({
    title: user.userType === "voter" ? "Registered as a voter" : "Registered an organization account",
    detail: "Account created",
  }),
  updated_contact: () => ({
    title: "Updated contact information",
    detail: "Name or phone number changed",
  }),
  joined_organization: (row) => ({
    title: `Joined ${row.subject}`,
    detail: row.extra === "admin" ? "As an administrator" : "As a member",
  }),
  left_organization: (row) =>
    row.extra === "removed"
      ? { title: `Removed from ${row.subject}`, detail: "By an administrator" }
      : { title: `Left ${row.subject}`, detail: "You left the organization" },
  verified_identity: (row) => ({
    title: "Verified identity",
    detail: `${METHOD_NAMES[row.extra] ?? row.extra} for ${row.subject}`,
  }),
  password_changed: (row) => ({
    title: "Changed password",
    detail: `From ${row.extra}; other sessions signed out`,
  }),
  password_reset: (row) => ({
    title: "Reset password by e-mail link",
    detail: `From ${row.extra}; every session signed out`,
  }),
  two_factor_on: (row) => ({ title: "Turned on two-factor sign-in", detail: `From ${row.extra}` }),
  two_factor_off: (row) => ({ title: "Turned off two-factor sign-in", detail: `From ${row.extra}` }),
  signed_out_others: (row) => ({ title: "Signed out all other sessions", detail: `From ${row.extra}` }),
  voted: (row) => {
    const positions = Number(row.extra);
    return {
      title: `Voted in ${row.subject}`,
      detail:
        positions === 1
          ? "1 position; your choice stays secret"
          : `${positions} positions; your choices stay secret`,
    };
  },
};

function describe(row: Row, user: User): ActivityItem {
  return { kind: row.kind, ...DESCRIBE[row.kind](row, user), at: new Date(row.at).toISOString() };
}
