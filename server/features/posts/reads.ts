import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { channelReads, notifications } from "../../db/schema";
import type { User } from "../accounts/sessions";
import { requireMember } from "../organizations/policy";
import { channelReader } from "./access";

/**
 * A row when `author` is an administrator of `organization` (an organization account with the admin
 * role, as `isAdmin` says); "Voters only" counts the messages of everyone else.
 */
export const administratorOf = (author: SQL, organization: SQL) => sql`
  select 1 from organization_memberships m join users u on u.id = m.user_id
  where m.user_id = ${author} and m.organization_id = ${organization}
    and m.role = 'admin' and u.user_type = 'organization'`;

/**
 * The user has read the channel up to now; their mentions there are read too. Says the channel's
 * organization. "Now" is the later of the app's clock and the channel's newest message: messages
 * take the database's time, and a database clock ahead of the app's must not leave messages already
 * shown unread.
 */
export async function markRead(
  db: Db,
  user: User,
  channelId: string,
  now: Date,
): Promise<{ organizationId: string }> {
  const { channel } = await channelReader(db, user, channelId);
  const upToNow = sql`greatest(${now}::timestamptz,
    (select max(p.created_at) from posts p where p.channel_id = ${channelId}::uuid))`;
  await db
    .insert(channelReads)
    .values({ channelId, userId: user.id, lastReadAt: upToNow })
    .onConflictDoUpdate({
      target: [channelReads.channelId, channelReads.userId],
      set: { lastReadAt: sql`excluded.last_read_at` },
    });
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.channelId, channelId),
        sql`${notifications.readAt} is null`,
      ),
    );
  return { organizationId: channel.organizationId };
}

/**
 * Unread messages per channel of the organization, by others, since the user last read it: all of
 * them for the notification choice "all", only those by voters (authors who are not the
 * organization's administrators) for "voters", only those mentioning the user for "mentions", none
 * for "nothing" or a muted channel. One query.
 */
export async function unreadCounts(
  db: Db,
  user: User,
  organizationId: string,
  now: Date,
): Promise<Record<string, number>> {
  await requireMember(db, user, organizationId);
  const result = (await db.execute(sql`
    select c.id as channel_id,
      case coalesce(pref.notify, 'all')
        when 'nothing' then 0
        when 'mentions' then (select count(*)::int from notifications n
          where n.user_id = ${user.id} and n.channel_id = c.id and n.read_at is null)
        when 'voters' then (select count(*)::int from posts p
          where p.channel_id = c.id and p.author_id is distinct from ${user.id}
            and p.created_at > coalesce(r.last_read_at, 'epoch'::timestamptz)
            and not exists (${administratorOf(sql`p.author_id`, sql`c.organization_id`)}))
        else (select count(*)::int from posts p
          where p.channel_id = c.id and p.author_id is distinct from ${user.id}
            and p.created_at > coalesce(r.last_read_at, 'epoch'::timestamptz))
      end as unread
    from channels c
    left join channel_preferences pref on pref.channel_id = c.id and pref.user_id = ${user.id}
    left join channel_reads r on r.channel_id = c.id and r.user_id = ${user.id}
    where c.organization_id = ${organizationId}
      and not (coalesce(pref.muted, false) and (pref.muted_until is null or pref.muted_until > ${now}))`)) as unknown as {
    rows: Array<{ channel_id: string; unread: number }>;
  };
  return Object.fromEntries(
    result.rows.filter((row) => row.unread > 0).map((row) => [row.channel_id, row.unread]),
  );
}
