import { lt, sql } from "drizzle-orm";
import { messages } from "../../contract/messages";
import type { Db } from "../db/connect";
import { rateLimits } from "../db/schema";
import { AppError } from "../http/errors";
import type { Clock } from "./clock";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against each key (fixed windows kept in the database, so every server process
 * shares them) and refuses with HTTP 429 when any key is over its limit.
 */
export async function enforceLimits(
  db: Db,
  clock: Clock,
  checks: Array<{ key: string; limit: Limit }>,
): Promise<void> {
  let retryAfter = 0;
  for (const { key, limit } of checks) {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStart} <= ${cutoff} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff} then ${now} else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    if (row && row.hits > limit.max) {
      const ends = row.windowStart.getTime() + limit.windowSeconds * 1000;
      retryAfter = Math.max(retryAfter, Math.ceil((ends - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new AppError("rate_limited", messages.tooManyAttempts, { "retry-after": String(retryAfter) });
  }
}

/** Drops windows that ended long ago. */
export async function pruneRateLimits(db: Db, clock: Clock): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(clock.now().getTime() - 86_400_000)));
}
