/**
 * At most `limit` of the given jobs run at once; the others wait their turn, first come first served.
 * For CPU-heavy work that runs off the event loop (argon2 on libuv's threads): without a bound, a
 * burst of password checks takes every core and every other request waits behind them.
 */
export function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      release();
    }
  };
}
