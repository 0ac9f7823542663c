/**
 * Group commit: writes that arrive while earlier ones are being written wait, and are then written
 * together by one call of `write` (one statement, one commit), at most `max` at a time, with at most
 * `concurrency` such calls in flight. There is no timer: a write that finds a free slot goes at once,
 * alone, so an idle server answers as fast as before; under load, batches form by themselves while the
 * database works on the previous ones. Writes go in arrival order, so with `concurrency: 1` a batch
 * also commits after every batch that arrived before it.
 *
 * `write` answers each item, in order: its value, or the Error that item alone is refused with. If
 * `write` throws, every item of that batch is refused with that error. A caller is answered only
 * after its batch's `write` resolved, which is after its commit.
 */
export function groupCommit<Item, Result>(
  write: (items: Item[]) => Promise<Array<Result | Error>>,
  options: { max: number; concurrency: number },
) {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  const queue: Waiting[] = [];
  let running = 0;

  async function flush(): Promise<void> {
    running++;
    while (queue.length > 0) {
      const batch = queue.splice(0, options.max);
      try {
        const results = await write(batch.map((w) => w.item));
        if (results.length !== batch.length) throw new Error("group commit: write must answer every item");
        batch.forEach((w, i) => {
          const result = results[i] as Result | Error;
          if (result instanceof Error) w.reject(result);
          else w.resolve(result);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    running--;
  }

  return function submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running < options.concurrency) void flush();
    });
  };
}
