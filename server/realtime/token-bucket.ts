/** A sustained rate with room for a burst: `burst` at once, then `perSecond` on average. */
export interface Rate {
  perSecond: number;
  burst: number;
}

/**
 * The classic token bucket: full at the start, refilled continuously at `perSecond` up to `burst`;
 * each message (or byte) takes its cost from it, and is over the rate when the bucket cannot pay.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number,
  ) {
    this.tokens = rate.burst;
    this.last = now();
  }

  /** Takes `cost` tokens if there are that many; false (and nothing taken) when over the rate. */
  take(cost = 1): boolean {
    const now = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.last) / 1000) * this.rate.perSecond);
    this.last = now;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}
