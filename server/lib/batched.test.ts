import { describe, expect, it } from "vitest";
import { batched } from "./batched";

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe("batched", () => {
  it("writes a lone item at once, alone", async () => {
    const batches: number[][] = [];
    const submit = batched(
      async (items: number[]) => {
        batches.push(items);
        return items.map((n) => n * 2);
      },
      { max: 10, concurrency: 1 },
    );
    expect(await submit(4)).toBe(8);
    expect(batches).toEqual([[4]]);
  });

  it("batches what arrives while a write runs, in arrival order, at most max at a time", async () => {
    const batches: number[][] = [];
    const submit = batched(
      async (items: number[]) => {
        batches.push(items);
        await tick();
        return items.map((n) => n + 100);
      },
      { max: 3, concurrency: 1 },
    );
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(i)));
    expect(results).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
  });

  it("never runs more writes at once than its concurrency", async () => {
    let running = 0;
    let most = 0;
    const submit = batched(
      async (items: number[]) => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        return items;
      },
      { max: 2, concurrency: 2 },
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => submit(i)));
    expect(most).toBe(2);
  });

  it("refuses one item on its own, and a whole batch when the write throws; the next batch still goes", async () => {
    let fail = false;
    const submit = batched(
      async (items: number[]) => {
        await tick();
        if (fail) {
          fail = false;
          throw new Error("database down");
        }
        return items.map((n) => (n % 2 ? new Error(`odd ${n}`) : n));
      },
      { max: 10, concurrency: 1 },
    );
    // Batches: [1], then [2, 3] (they arrived while [1] was written).
    const first = await Promise.allSettled([submit(1), submit(2), submit(3)]);
    expect(first.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "odd 1",
      2,
      "odd 3",
    ]);
    fail = true; // Batches: [2] (refused whole), then [4, 6].
    const down = await Promise.allSettled([submit(2), submit(4), submit(6)]);
    expect(down.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "database down",
      4,
      6,
    ]);
  });

  it("a write that does not answer every item refuses the batch", async () => {
    const submit = batched(async () => [] as number[], { max: 10, concurrency: 1 });
    await expect(submit(1)).rejects.toThrow(/answer every item/);
  });

  it("with aloneOnError, writes a failed batch's items again one at a time, each answered by its own write", async () => {
    const batches: number[][] = [];
    const submit = batched(
      async (items: number[]) => {
        batches.push(items);
        await tick();
        if (items.includes(3)) throw new Error("3 breaks the statement");
        return items.map((n) => n * 10);
      },
      { max: 10, concurrency: 1, aloneOnError: true },
    );
    const settled = await Promise.allSettled([1, 2, 3, 4].map(submit));
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      "3 breaks the statement",
      40,
    ]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});
