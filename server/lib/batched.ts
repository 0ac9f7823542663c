/**
 * Work that arrives while earlier work runs waits, and then goes together in one call of `write`, at
 * most `max` items at a time, one such call in flight: group commit for writes (one statement, one
 * commit for many), one statement for many reads of the same kind. Work that arrives while a batch
 * is written makes the next batch larger, not a second statement beside it: on PostgreSQL two in
 * flight cost more of its CPU a vote (0.56 against 0.46 ms), and on two cores they halved the votes
 * a second one day (770 against 1,720, batches of 2.5 taking 5.4 ms against 4 in 1.7 ms) and gained
 * nothing on a faster one (2,423 against 2,402; batches of 3.6 in 1.9 ms against 3.7 in 1.4). There
 * is no timer: a batch is taken once the event loop has read what its sockets hold (setImmediate:
 * the requests that came in one turn go together), so an idle server answers as fast as before;
 * under load, batches form while the database works on the previous ones. The turn matters most on
 * PGlite, whose statements run on this thread: nothing is read from a socket while one runs, so a
 * batch taken at once would always be one item. Items go in arrival order, so a batch commits
 * after every batch that arrived before it.
 *
 * `write` answers each item, in order: its value, or the Error that item alone is refused with. If
 * `write` throws, every item of that batch is refused with that error; or, with `aloneOnError`
 * (one item's fault, a constraint say, fails a whole statement), a batch of several is written
 * again one item at a time, each answered by its own write. A caller is answered only after its
 * batch's `write` resolved, which is after its commit.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function batched<Item, Result>(
  write: (items: Item[]) => Promise<Array<Result | Error>>,
  options: { max: number; aloneOnError?: boolean },
) {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  const queue: Waiting[] = [];
  let flushing = false;

  async function answer(batch: Waiting[]): Promise<void> {
    try {
      const results = await write(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error("batched: write must answer every item");
      batch.forEach((w, i) => {
        const result = results[i] as Result | Error;
        if (result instanceof Error) w.reject(result);
        else w.resolve(result);
      });
    } catch (error) {
      if (options.aloneOnError && batch.length > 1) for (const w of batch) await answer([w]);
      else for (const w of batch) w.reject(error);
    }
  }

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      await nextTurn();
      await answer(queue.splice(0, options.max));
    }
    flushing = false;
  }

  return function submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!flushing) void flush();
    });
  };
}
