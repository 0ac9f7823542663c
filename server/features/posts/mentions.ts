import { and, eq, ne } from "drizzle-orm";
import type { Post } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { channelPreferences, notifications, organizationMemberships, users } from "../../db/schema";

/**
 * Members named in the message as "@Full Name" (without regard to case) are notified unless their
 * notification choice for the channel is "nothing", the channel is muted for them, or their
 * settings turn notifications or mentions off. Returns the
 * ids of those notified.
 */
export async function notifyMentions(
  db: Db,
  options: { post: Post; authorId: string; organizationId: string },
): Promise<string[]> {
  const text = options.post.content.toLowerCase();
  if (!text.includes("@")) return [];
  const members = await db
    .select({ id: users.id, fullName: users.fullName, settings: users.settings, pref: channelPreferences })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .leftJoin(
      channelPreferences,
      and(eq(channelPreferences.userId, users.id), eq(channelPreferences.channelId, options.post.channel_id)),
    )
    .where(
      and(eq(organizationMemberships.organizationId, options.organizationId), ne(users.id, options.authorId)),
    );
  const now = new Date();
  const named = members.filter((m) => m.fullName && text.includes(`@${m.fullName.toLowerCase()}`));
  const notified = named.filter((m) => {
    const muted = m.pref?.muted && (m.pref.mutedUntil === null || m.pref.mutedUntil > now);
    // The member's settings screen: notifications on, and mentions among them.
    const wanted =
      m.settings.notifications?.enabled !== false && m.settings.notifications?.mentions !== false;
    return wanted && m.pref?.notify !== "nothing" && !muted;
  });
  if (notified.length === 0) return [];
  await db.insert(notifications).values(
    notified.map((m) => ({
      userId: m.id,
      kind: "mention" as const,
      postId: options.post.id,
      channelId: options.post.channel_id,
      actorId: options.authorId,
    })),
  );
  return notified.map((m) => m.id);
}
