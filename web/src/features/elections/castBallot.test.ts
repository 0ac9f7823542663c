import { afterEach, describe, expect, it } from "vitest";
import type { Election } from "../../../../contract/elections";
import { settleLost } from "./castBallot";
import { keepReceipt, receiptsFor } from "./receipts";

const userId = "u-1";
const electionId = "e-1";
const election = (voted: string[]) =>
  ({ id: electionId, viewer: { voted_position_ids: voted } }) as unknown as Election;

afterEach(() => localStorage.clear());

describe("a cast whose answer never came", () => {
  it("stays pending while its positions are not read as voted, then shows its receipt", () => {
    keepReceipt(userId, electionId, {
      receipt: "VS-LOST",
      choices: { president: "ada" },
      cast_at: "2026-12-06T05:00:00.000Z",
      pending: true,
    });
    // A read from before the loss cannot say it was not cast: it is kept.
    expect(settleLost(userId, election([]))).toBeNull();
    expect(receiptsFor(userId, electionId)).toHaveLength(1);

    expect(settleLost(userId, election(["president"]))).toEqual({ receipt: "VS-LOST" });
    expect(receiptsFor(userId, electionId)).toEqual([
      { receipt: "VS-LOST", choices: { president: "ada" }, cast_at: "2026-12-06T05:00:00.000Z" },
    ]);
    expect(settleLost(userId, election(["president"]))).toBeNull();
  });

  it("is not taken for a position another cast's kept receipt covers", () => {
    keepReceipt(userId, electionId, { receipt: "VS-CAST", choices: { president: "bo" }, cast_at: "" });
    keepReceipt(userId, electionId, {
      receipt: "VS-LOST",
      choices: { president: "ada" },
      cast_at: "",
      pending: true,
    });
    expect(settleLost(userId, election(["president"]))).toBeNull();
  });
});
