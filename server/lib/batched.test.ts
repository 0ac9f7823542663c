import { Agent, createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { batched } from "./batched";

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
/** One turn of the event loop: a batch waiting for it has been taken. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("batched", () => {
  it("writes a lone item at once, alone", async () => {
    const batches: number[][] = [];
    const submit = batched(
      async (items: number[]) => {
        batches.push(items);
        return items.map((n) => n * 2);
      },
      { max: 10 },
    );
    expect(await submit(4)).toBe(8);
    expect(batches).toEqual([[4]]);
  });

  it("batches what arrives in one turn and while a write runs, in arrival order, at most max at a time", async () => {
    const batches: number[][] = [];
    const submit = batched(
      async (items: number[]) => {
        batches.push(items);
        await tick();
        return items.map((n) => n + 100);
      },
      { max: 3 },
    );
    const first = [submit(0), submit(1)];
    await turn();
    const results = await Promise.all([...first, ...Array.from({ length: 6 }, (_, i) => submit(i + 2))]);
    expect(results).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
    expect(batches).toEqual([
      [0, 1],
      [2, 3, 4],
      [5, 6, 7],
    ]);
  });

  it("batches the requests that arrived while a write held the thread (PGlite's statements run on it)", async () => {
    const sizes: number[] = [];
    const submit = batched(
      async (items: number[]) => {
        sizes.push(items.length);
        const until = performance.now() + 3;
        while (performance.now() < until); // a synchronous write: no socket is read meanwhile
        return items;
      },
      { max: 64 },
    );
    const server = createServer((_request, response) => {
      void submit(1).then(() => response.end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const client = async () => {
        for (let i = 0; i < 10; i++)
          await new Promise<void>((resolve, reject) =>
            get({ port, host: "127.0.0.1", agent }, (response) => response.resume().on("end", resolve)).on(
              "error",
              reject,
            ),
          );
      };
      await Promise.all(Array.from({ length: 8 }, client));
      agent.destroy();
    } finally {
      server.close();
    }
    // One at a time, 80 requests would take 80 writes; together, a few requests a write.
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(80);
    expect(sizes.length).toBeLessThan(40);
  });

  it("runs one write at a time: what arrives meanwhile waits for the next", async () => {
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
      { max: 2 },
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => submit(i)));
    expect(most).toBe(1);
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
      { max: 10 },
    );
    // Batches: [1, 2, 3] (they arrived in one turn).
    const first = await Promise.allSettled([submit(1), submit(2), submit(3)]);
    expect(first.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "odd 1",
      2,
      "odd 3",
    ]);
    fail = true; // Batches: [2] (refused whole), then [4, 6] (they arrived while [2] was written).
    const alone = submit(2);
    await turn();
    const down = await Promise.allSettled([alone, submit(4), submit(6)]);
    expect(down.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "database down",
      4,
      6,
    ]);
  });

  it("a write that does not answer every item refuses the batch", async () => {
    const submit = batched(async () => [] as number[], { max: 10 });
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
      { max: 10, aloneOnError: true },
    );
    const settled = await Promise.allSettled([1, 2, 3, 4].map(submit));
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      "3 breaks the statement",
      40,
    ]);
    expect(batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });
});
