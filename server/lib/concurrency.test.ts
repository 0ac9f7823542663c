import { describe, expect, it } from "vitest";
import { limitConcurrency } from "./concurrency";

describe("limitConcurrency", () => {
  it("never runs more than the limit at once, and runs every job in arrival order", async () => {
    const run = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        run(async () => {
          started.push(i);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it("a failing job frees its turn and its caller gets the error", async () => {
    const run = limitConcurrency(1);
    const failed = run(() => Promise.reject(new Error("no")));
    const next = run(() => Promise.resolve("yes"));
    await expect(failed).rejects.toThrow("no");
    await expect(next).resolves.toBe("yes");
  });
});
