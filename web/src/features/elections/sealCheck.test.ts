// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../../contract/ballots/ballot";
import type { Bulletin } from "../../../../contract/elections";
import { chainRoot, GENESIS } from "../../../../server/features/elections/sealing";
import { checkSeals } from "./sealCheck";

const electionId = "0b6f2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
const plurality = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const board = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";
const ranking: Ballot = { kind: "ranking", ranks: [["ada"], ["grace"]] };

/** A closed election's board: a plurality choice and a ranking in one seal the server computed. */
function boardOf(answer: Ballot | null): Bulletin {
  const ballots = [
    { receipt_hash: "a".repeat(64), position_id: plurality, candidate_id: "ama", ballot: null, seal: 1 },
    { receipt_hash: "b".repeat(64), position_id: board, candidate_id: null, ballot: answer, seal: 1 },
  ];
  const root = chainRoot(GENESIS, [
    { electionId, positionId: plurality, candidateId: "ama", answer: null, receiptHash: "a".repeat(64) },
    { electionId, positionId: board, candidateId: null, answer: ranking, receiptHash: "b".repeat(64) },
  ]);
  return {
    election: { id: electionId, title: "Board", status: "completed", organization_name: "Union" },
    positions: [],
    tie_seed: null,
    seals: [{ sequence: 1, previous_root: GENESIS, root, ballot_count: 2, created_at: "" }],
    ballots,
    results: null,
  };
}

describe("checkSeals", () => {
  it("rebuilds the server's root from a ranking's canonical text beside a plurality choice", async () => {
    expect(await checkSeals(boardOf(ranking))).toEqual({ state: "ok", seals: 1, ballots: 2 });
  });

  it("finds a ranking altered after the seal", async () => {
    const altered: Ballot = { kind: "ranking", ranks: [["grace"], ["ada"]] };
    expect(await checkSeals(boardOf(altered))).toMatchObject({ state: "problems" });
  });

  it("waits while an answer is not published", async () => {
    expect(await checkSeals(boardOf(null))).toEqual({ state: "pending" });
  });
});
