import { inArray, lt, sql } from "drizzle-orm";
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
 * Counts one hit against a key (fixed windows kept in the database, so every server process shares
 * them). Returns the hits of the window so far, this one included, and the seconds until it ends.
 */
export async function countHit(
  db: Db,
  clock: Clock,
  key: string,
  limit: Limit,
): Promise<{ hits: number; retryAfter: number }> {
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
  const ends = (row?.windowStart.getTime() ?? now.getTime()) + limit.windowSeconds * 1000;
  return { hits: row?.hits ?? 1, retryAfter: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
}

/** Takes back `count` hits counted against each key (attempts that turned out to be the owner's). */
export async function forgiveHits(db: Db, keys: string[], count = 1): Promise<void> {
  if (keys.length === 0 || count <= 0) return;
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - ${count}, 0)` })
    .where(inArray(rateLimits.key, keys));
}

export function tooManyAttempts(retryAfter: number): AppError {
  return new AppError("rate_limited", messages.tooManyAttempts(retryAfter), {
    "retry-after": String(retryAfter),
  });
}

/** Counts one hit against each key and refuses with HTTP 429 when any key is over its limit. */
export async function enforceLimits(
  db: Db,
  clock: Clock,
  checks: Array<{ key: string; limit: Limit }>,
): Promise<void> {
  let retryAfter = 0;
  for (const { key, limit } of checks) {
    const hit = await countHit(db, clock, key, limit);
    if (hit.hits > limit.max) retryAfter = Math.max(retryAfter, hit.retryAfter);
  }
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
}

/** Drops windows that ended long ago. */
export async function pruneRateLimits(db: Db, clock: Clock): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(clock.now().getTime() - 86_400_000)));
}

/** Limits on frequent writes (messages, typing signals): a refusal is HTTP 429 with Retry-After. */
export interface HitLimiter {
  /** Counts one hit against each key and refuses with HTTP 429 when any key is over its limit. */
  enforce(checks: Array<{ key: string; limit: Limit }>): void | Promise<void>;
  close(): void;
}

/**
 * Fixed windows counted in this process's memory, for limits on frequent writes (messages, typing
 * signals): a hit costs a map lookup instead of a row written and committed per message, and a
 * flood is still refused with 429. The budget is per process: with several server processes behind
 * a balancer a user's requests spread over them get at most `processes × max` per window (still
 * bounded), unless REDIS_URL gives them one budget (SharedLimiter, lib/shared-limiter.ts). Limits
 * that guard secrets (sign-in, codes) stay in the database, shared by every process.
 */
export class MemoryLimiter implements HitLimiter {
  private readonly windows = new Map<string, { start: number; hits: number; length: number }>();
  private nextSweep = 0;

  constructor(private readonly clock: Clock) {}

  enforce(checks: Array<{ key: string; limit: Limit }>): void {
    let retryAfter = 0;
    for (const { key, limit } of checks) retryAfter = Math.max(retryAfter, this.hit(key, limit));
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);
  }

  /** Counts one hit against a key: 0 when within its limit, else the seconds until its window ends. */
  hit(key: string, limit: Limit): number {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const length = limit.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || window.start + length <= now) {
      window = { start: now, hits: 0, length };
      this.windows.set(key, window);
    }
    window.hits++;
    return window.hits > limit.max ? Math.max(1, Math.ceil((window.start + length - now) / 1000)) : 0;
  }

  close(): void {}

  /** Forgets ended windows, at most once a minute, so that the map holds only recent senders. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, window] of this.windows) {
      if (window.start + window.length <= now) this.windows.delete(key);
    }
  }
}
