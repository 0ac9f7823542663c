import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { breakTie, lotOrder } from "./ties";

describe("ties", () => {
  it("draws the same lot order for the same seed, whatever order the candidates come in", () => {
    const order = lotOrder("2026-11-24 close", ["a", "b", "c", "d"]);
    expect(lotOrder("2026-11-24 close", ["d", "c", "b", "a"])).toEqual(order);
    expect([...order].sort()).toEqual(["a", "b", "c", "d"]);
  });

  it("is SHA-256 of seed:id in ascending hex, so anyone can repeat it", () => {
    // sha256("s:a") = d4315d83…, sha256("s:b") = d30eca2b…: b comes first.
    expect(lotOrder("s", ["a", "b"])).toEqual(["b", "a"]);
    const ids = ["alice", "bob", "carol", "dan", "eve"];
    const hex = (id: string) => createHash("sha256").update(`seed:${id}`).digest("hex");
    expect(lotOrder("seed", ids)).toEqual([...ids].sort((a, b) => (hex(a) < hex(b) ? -1 : 1)));
  });

  it("reads earlier rounds from the most recent back, then the lot", () => {
    const rounds = [
      new Map([
        ["a", 1],
        ["b", 3],
        ["c", 1],
      ]),
      new Map([
        ["a", 5],
        ["b", 5],
        ["c", 4],
      ]),
    ];
    // Most recent earlier round: c had fewest.
    expect(breakTie(["a", "b", "c"], "fewest", rounds, ["a", "b", "c"])).toMatchObject({
      chosen: "c",
      by: "earlier",
      round: 2,
    });
    // a and b equal at round 2, a fewer at round 1.
    expect(breakTie(["a", "b"], "fewest", rounds, ["a", "b"])).toMatchObject({
      chosen: "a",
      by: "earlier",
      round: 1,
    });
    expect(breakTie(["a", "b"], "most", rounds, ["a", "b"])).toMatchObject({
      chosen: "b",
      by: "earlier",
      round: 1,
    });
    // Never different: the lot. The most wanted is first in the lot order, the fewest the last.
    expect(breakTie(["x", "y"], "most", [], ["y", "x"])).toEqual({
      tied: ["x", "y"],
      chosen: "y",
      by: "lot",
    });
    expect(breakTie(["x", "y"], "fewest", [], ["y", "x"])).toEqual({
      tied: ["x", "y"],
      chosen: "x",
      by: "lot",
    });
  });
});
