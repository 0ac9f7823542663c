import { createHash } from "node:crypto";
import type { Clock } from "./clock";
import { type HitLimiter, type Limit, MemoryLimiter, tooManyAttempts } from "./rate-limit";
import type { RedisClient } from "./redis";

/**
 * Takes `ARGV[1]` hits from a key's window (created with a length of `ARGV[2]` ms at its first hit);
 * replies the window's total so far and the milliseconds left in it.
 */
const TAKE = `local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return {total, left}`;
const TAKE_SHA = createHash("sha1").update(TAKE).digest("hex");

/** Hits taken from Redis and not yet spent, valid until the window they came from ends. */
interface Lease {
  ends: number;
  left: number;
  /** Redis gave fewer than asked: the window's budget is spent, refuse until it ends. */
  spent: boolean;
}

type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };

export interface SharedLimiterOptions {
  /** Hits taken from Redis at a time, as a share of a limit's max (at least 1). */
  leaseShare?: number;
  /** While Redis fails, how often to try it again. */
  retryMs?: number;
  /** Prepended to every key in Redis. */
  prefix?: string;
}

/**
 * One budget per key for every process that shares a Redis (REDIS_URL). Each process takes hits from
 * Redis in small leases (a tenth of the limit by default, one Lua call: INCRBY, and PEXPIRE at a
 * window's first hit) and spends them locally, so most hits cost what MemoryLimiter's cost. Redis
 * never grants more than `max` per window, so a user gets at most `max` across all processes, and at
 * least `max − (processes − 1) × lease` (hits leased by a process the user no longer reaches).
 * When Redis fails or does not answer, hits are counted per process (MemoryLimiter) until it answers
 * again, said once in the log each way: posting never waits on a Redis that is down.
 */
export class SharedLimiter implements HitLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly asking = new Map<string, Promise<void>>();
  private readonly fallback: MemoryLimiter;
  private readonly leaseShare: number;
  private readonly retryMs: number;
  private readonly prefix: string;
  private down = false;
  private closed = false;
  private nextTry = 0;
  private nextSweep = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly clock: Clock,
    private readonly log: Log,
    options: SharedLimiterOptions = {},
  ) {
    this.fallback = new MemoryLimiter(clock);
    this.leaseShare = options.leaseShare ?? 0.1;
    this.retryMs = options.retryMs ?? 5000;
    this.prefix = options.prefix ?? "votespace:limit:";
  }

  enforce(checks: Array<{ key: string; limit: Limit }>): void | Promise<void> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    let retryAfter = 0;
    const remote: Array<{ key: string; limit: Limit }> = [];
    for (const check of checks) {
      const local = this.spend(check.key, check.limit, now);
      if (local === undefined) remote.push(check);
      else retryAfter = Math.max(retryAfter, local);
    }
    if (remote.length === 0) {
      if (retryAfter > 0) throw tooManyAttempts(retryAfter);
      return;
    }
    return this.enforceRemote(remote, retryAfter);
  }

  close(): void {
    this.closed = true;
    this.redis.close();
  }

  /** Hits that need a lease first (the only ones that wait on Redis). */
  private async enforceRemote(checks: Array<{ key: string; limit: Limit }>, earlier: number): Promise<void> {
    let retryAfter = earlier;
    for (const { key, limit } of checks) {
      let local: number | undefined;
      while (local === undefined) {
        await this.ask(key, limit);
        local = this.spend(key, limit, this.clock.now().getTime());
      }
      retryAfter = Math.max(retryAfter, local);
    }
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);
  }

  /** 0 (allowed) or seconds to wait (refused), from this process alone; undefined: ask Redis for a lease. */
  private spend(key: string, limit: Limit, now: number): number | undefined {
    // Closed (the app shutting down): counted here, never a call to the closed client.
    if (this.closed) return this.fallback.hit(key, limit);
    if (this.down) {
      if (now >= this.nextTry) this.probe(now);
      return this.fallback.hit(key, limit);
    }
    const lease = this.leases.get(key);
    if (!lease || lease.ends <= now) return undefined;
    if (lease.left > 0) {
      lease.left--;
      return 0;
    }
    return lease.spent ? Math.max(1, Math.ceil((lease.ends - now) / 1000)) : undefined;
  }

  /** One request for a lease per key at a time; hits arriving meanwhile wait for it. */
  private ask(key: string, limit: Limit): Promise<void> {
    let pending = this.asking.get(key);
    if (!pending) {
      pending = this.lease(key, limit).finally(() => this.asking.delete(key));
      this.asking.set(key, pending);
    }
    return pending;
  }

  private async lease(key: string, limit: Limit): Promise<void> {
    const size = Math.max(1, Math.ceil(limit.max * this.leaseShare));
    try {
      const reply = await this.take(this.prefix + key, size, limit.windowSeconds * 1000);
      const [total, left] = reply as [number, number];
      const granted = Math.max(0, Math.min(size, limit.max - (total - size)));
      this.leases.set(key, { ends: this.clock.now().getTime() + left, left: granted, spent: granted < size });
    } catch (error) {
      this.failed(error);
    }
  }

  private async take(key: string, size: number, windowMs: number) {
    try {
      return await this.redis.command("EVALSHA", TAKE_SHA, 1, key, size, windowMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return this.redis.command("EVAL", TAKE, 1, key, size, windowMs);
    }
  }

  private failed(error: unknown): void {
    this.nextTry = this.clock.now().getTime() + this.retryMs;
    if (this.down || this.closed) return;
    this.down = true;
    this.leases.clear();
    // The client's messages name the address and the failure, never the URL's credentials.
    this.log.warn(
      { redis: this.redis.address, reason: (error as Error).message },
      "Redis is unreachable: rate limits on messages are counted per process until it answers again",
    );
  }

  /**
   * While down, now and then in the background, the lease's own script taking nothing: its answer
   * brings the shared budget back (a PING would also answer a Redis that refuses the script's writes,
   * LOADING or READONLY, and the log would flap).
   */
  private probe(now: number): void {
    this.nextTry = now + this.retryMs;
    this.take(`${this.prefix}probe`, 0, this.retryMs).then(
      () => {
        if (!this.down) return;
        this.down = false;
        this.log.info(
          { redis: this.redis.address },
          "Redis answers again: rate limits on messages are shared again",
        );
      },
      (error) => this.failed(error),
    );
  }

  /** Forgets leases of ended windows, at most once a minute. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, lease] of this.leases) if (lease.ends <= now) this.leases.delete(key);
  }
}
