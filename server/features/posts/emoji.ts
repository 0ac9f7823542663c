import { and, count, eq, inArray, lte, min, sql } from "drizzle-orm";
import {
  postMessages,
  REACTION_NAMES_SHOWN,
  REACTIONS_PER_POST_MAX,
  type Reaction,
} from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { postReactions, posts, users } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { postFor, refuseIfSuspended, refuseUnlessParticipant } from "./access";

/**
 * Adds or takes back the user's emoji reaction. Reacting is taking part, like the Like: the
 * channel's locks, its reaction setting and the organization's suspension apply. A message holds
 * at most REACTIONS_PER_POST_MAX different emoji; the message row is locked while a new one is
 * counted, so two members adding different emoji at once cannot pass the limit together.
 */
export async function setReaction(db: Db, user: User, postId: string, emoji: string, reacted: boolean) {
  const access = await postFor(db, user, postId);
  const { post, admin, channel } = access;
  refuseUnlessParticipant(access, user);
  if (!admin && !channel.permissions.membersCanComment) throw forbidden(postMessages.reactionsOff);
  refuseIfSuspended(access);
  await db.transaction(async (tx) => {
    if (!reacted) {
      await tx
        .delete(postReactions)
        .where(
          and(
            eq(postReactions.postId, postId),
            eq(postReactions.userId, user.id),
            eq(postReactions.emoji, emoji),
          ),
        );
      return;
    }
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for("update");
    const present = await tx
      .selectDistinct({ emoji: postReactions.emoji })
      .from(postReactions)
      .where(eq(postReactions.postId, postId));
    const known = present.some((row) => row.emoji === emoji);
    if (!known && present.length >= REACTIONS_PER_POST_MAX) throw badRequest(postMessages.tooManyReactions);
    await tx.insert(postReactions).values({ postId, userId: user.id, emoji }).onConflictDoNothing();
  });
  return {
    channelId: post.channelId,
    reactions: (await loadReactions(db, user.id, [postId])).get(postId) ?? [],
  };
}

/**
 * The reactions of these messages, each in the order it was first added, with counts, the
 * viewer's own (none for a null viewer: the message as anyone sees it) and the first names.
 */
export async function loadReactions(
  db: Db,
  viewerId: string | null,
  postIds: string[],
): Promise<Map<string, Reaction[]>> {
  const result = new Map<string, Reaction[]>();
  if (postIds.length === 0) return result;
  const ranked = db
    .select({
      postId: postReactions.postId,
      emoji: postReactions.emoji,
      userId: postReactions.userId,
      fullName: users.fullName,
      rank: sql<number>`row_number() over (partition by ${postReactions.postId}, ${postReactions.emoji} order by ${postReactions.createdAt}, ${postReactions.userId})`.as(
        "rank",
      ),
    })
    .from(postReactions)
    .innerJoin(users, eq(users.id, postReactions.userId))
    .where(inArray(postReactions.postId, postIds))
    .as("ranked");
  const [totals, names, mine] = await Promise.all([
    db
      .select({
        postId: postReactions.postId,
        emoji: postReactions.emoji,
        n: count(),
        first: min(postReactions.createdAt),
      })
      .from(postReactions)
      .where(inArray(postReactions.postId, postIds))
      .groupBy(postReactions.postId, postReactions.emoji)
      .orderBy(min(postReactions.createdAt), postReactions.emoji),
    db.select().from(ranked).where(lte(ranked.rank, REACTION_NAMES_SHOWN)).orderBy(ranked.rank),
    viewerId
      ? db
          .select({ postId: postReactions.postId, emoji: postReactions.emoji })
          .from(postReactions)
          .where(and(inArray(postReactions.postId, postIds), eq(postReactions.userId, viewerId)))
      : Promise.resolve([]),
  ]);
  const key = (postId: string, emoji: string) => `${postId} ${emoji}`;
  const mineSet = new Set(mine.map((row) => key(row.postId, row.emoji)));
  const people = new Map<string, Reaction["people"]>();
  for (const row of names) {
    const list = people.get(key(row.postId, row.emoji)) ?? [];
    list.push({ id: row.userId, full_name: row.fullName });
    people.set(key(row.postId, row.emoji), list);
  }
  for (const row of totals) {
    const list = result.get(row.postId) ?? [];
    list.push({
      emoji: row.emoji,
      count: row.n,
      mine: mineSet.has(key(row.postId, row.emoji)),
      people: people.get(key(row.postId, row.emoji)) ?? [],
    });
    result.set(row.postId, list);
  }
  return result;
}
