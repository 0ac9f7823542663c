/**
 * One queue per key: jobs of one key run one after another in the order they arrived, jobs of
 * different keys side by side. A message's write and its event go through its channel's queue, so
 * events leave in the order the messages were written and a sender's later message never overtakes
 * its earlier one (on PGlite, whose single connection interleaves the steps of concurrent requests).
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return function inTurn<T>(key: string, job: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(job);
    const tail = result.then(
      () => {},
      () => {},
    );
    tails.set(key, tail);
    // The last job of a key leaves no entry behind.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
