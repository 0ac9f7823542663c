import { and, count, eq, sql } from "drizzle-orm";
import type { OrganizationStats } from "../../../contract/organizations";
import type { AppContext } from "../../context";
import { channels, elections, participations } from "../../db/schema";
import { onlineUserIds } from "../../realtime/presence";
import { disclosedParticipation } from "../elections/queries";
import { countMembers } from "./queries";

/** The profile's stat cards, each counted from the data. */
export async function organizationStats(
  ctx: Pick<AppContext, "db" | "clock">,
  organizationId: string,
): Promise<OrganizationStats> {
  const { db } = ctx;
  const [members, [active], [cast], online] = await Promise.all([
    countMembers(db, organizationId),
    db.select({ n: count() }).from(channels).where(eq(channels.organizationId, organizationId)),
    // A vote cast is a voter who voted in an election (the same count as each election's votes_cast,
    // so while voting is open only participations a seal disclosed, in batches).
    db
      .select({
        n: sql<number>`count(distinct (${participations.electionId}, ${participations.userId}))::int`,
      })
      .from(participations)
      .innerJoin(elections, eq(elections.id, participations.electionId))
      .where(
        and(
          eq(elections.organizationId, organizationId),
          disclosedParticipation('"participations"', '"elections"'),
        ),
      ),
    onlineUserIds(db, organizationId),
  ]);
  return {
    total_members: members,
    active_channels: active?.n ?? 0,
    total_votes_cast: cast?.n ?? 0,
    online_now: online.length,
  };
}
