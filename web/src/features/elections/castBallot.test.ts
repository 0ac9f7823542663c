import { afterEach, describe, expect, it, vi } from "vitest";
import { type Election, electionMessages, electionServerMessages } from "../../../../contract/elections";
import { forgetKeptForUser } from "../../api/keptForUser";
import { castBallot, keepGrant, settleLost, unspentGrant } from "./castBallot";
import { keepReceipt, receiptsFor } from "./receipts";

const userId = "u-1";
const electionId = "e-1";
const election = (voted: string[]) =>
  ({ id: electionId, viewer: { voted_position_ids: voted } }) as unknown as Election;

afterEach(() => {
  localStorage.clear();
  forgetKeptForUser();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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

describe("the verification's grant", () => {
  const selections = [{ position_id: "president", candidate_id: "ada" }];
  const castWith = (grantId: string) => castBallot({ userId, electionId, grantId, selections, answers: {} });
  const answering = (status: number, body: unknown) =>
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status })));
  const refusal = (code: string, message: string) => ({ error: { code, message } });

  it("is kept for a cast tried again after no answer or a server error, and spent by the cast stored", async () => {
    keepGrant(electionId, "g-1", Date.now());
    expect(unspentGrant(electionId)).toBe("g-1");

    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(castWith("g-1")).rejects.toThrow();
    expect(unspentGrant(electionId)).toBe("g-1");
    answering(503, refusal("unavailable", "down"));
    await expect(castWith("g-1")).rejects.toThrow();
    answering(500, refusal("internal", "Something went wrong"));
    await expect(castWith("g-1")).rejects.toThrow();
    // A wrong password: the prompt asks again, with the same grant.
    answering(403, refusal("forbidden", electionMessages.passwordWrong));
    await expect(castWith("g-1")).rejects.toThrow();
    expect(unspentGrant(electionId)).toBe("g-1");

    answering(201, { success: true, message: "", receipt: "VS-X", position_ids: ["president"], head: null });
    await castWith("g-1");
    expect(unspentGrant(electionId)).toBeNull();
  });

  it("is forgotten when the server no longer takes it, when it ends, and at sign-out", async () => {
    keepGrant(electionId, "g-1", Date.now());
    answering(403, refusal("forbidden", electionServerMessages.grantMissing));
    await expect(castWith("g-1")).rejects.toThrow(electionServerMessages.grantMissing);
    expect(unspentGrant(electionId)).toBeNull();

    // Valid for the server's ten minutes counted from when the verification was asked for.
    vi.useFakeTimers({ now: new Date("2026-12-06T05:00:00Z") });
    keepGrant(electionId, "g-2", Date.now());
    vi.setSystemTime(new Date("2026-12-06T05:09:59Z"));
    expect(unspentGrant(electionId)).toBe("g-2");
    vi.setSystemTime(new Date("2026-12-06T05:10:00Z"));
    expect(unspentGrant(electionId)).toBeNull();

    keepGrant(electionId, "g-3", Date.now());
    forgetKeptForUser();
    expect(unspentGrant(electionId)).toBeNull();
  });
});
