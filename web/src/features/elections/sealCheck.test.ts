// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../../contract/ballots/ballot";
import { definitionText } from "../../../../contract/ballots/definition-hash";
import type { Bulletin, BulletinBallot } from "../../../../contract/bulletin";
import { ballotHash, chainRoot, GENESIS, sealedHashes } from "../../../../server/features/elections/chain";
import { sha256 } from "../../../../server/lib/crypto";
import { ballotHashOf, checkSeals, sealedAnswer } from "./sealCheck";

/**
 * The browser's seal check against the server's own chain (server/features/elections/chain.ts):
 * roots the server computes for ballots of every kind must check out here, and any change to a
 * published answer must not.
 */
const electionId = "3b0f0c2e-7d3e-4b7a-9a55-0c1d2e3f4a5b";
const hex = (n: number) => n.toString(16).padStart(64, "0");

const answers: Array<[position: string, candidate: string | null, ballot: Ballot | null]> = [
  ["p-plurality", "c-ada", null],
  ["p-stv", null, { kind: "ranking", ranks: [["c-ada"], ["c-alan"], ["c-grace"]] }],
  ["p-schulze", null, { kind: "ranking", ranks: [["c-hall", "c-online"], ["c-library"]] }],
  ["p-approval", null, { kind: "set", candidates: ["c-lib", "c-bikes"] }],
  ["p-motion", null, { kind: "answer", answer: "abstain" }],
  ["p-mj", null, { kind: "grades", grades: { "c-b": 3, "c-a": 0 } }],
  ["p-score", null, { kind: "scores", scores: { "c-z": 5, "c-y": 0 } }],
  ["p-irv", null, { kind: "blank" }],
];

/** The STV question of a board that publishes its definition hash. */
const stv: Bulletin["positions"][number] = {
  id: "p-stv",
  title: "Board of Directors",
  method: { kind: "stv", seats: 3 },
  blank: false,
  candidates: [
    { id: "c-ada", name: "Ada", party: "" },
    { id: "c-alan", name: "Alan", party: "" },
    { id: "c-grace", name: "Grace", party: "" },
  ],
};

/** Each ballot's chain key (as casting makes them from the receipt: only the voter can). */
const keyOf = (i: number) => hex(((i + 3) * 104729) % 997);

/**
 * A board of two seals (ballots 0-4 then 5-7), its roots and ballots' hashes as the server computes
 * them; with `positions`, the board of an election opened with a definition hash, which the first
 * seal chains from.
 */
function board(positions: Bulletin["positions"] = []): Bulletin {
  const definition = positions.length ? sha256(definitionText(electionId, positions)) : null;
  const genesis = definition ?? GENESIS;
  const ballots: BulletinBallot[] = answers.map(([position_id, candidate_id, ballot], i) => ({
    receipt_hash: hex((i * 7919) % 97),
    position_id,
    candidate_id,
    ballot,
  }));
  const rows = (from: number, to: number) =>
    ballots.slice(from, to).map((b, i) => ({
      electionId,
      positionId: b.position_id,
      candidateId: b.candidate_id,
      answer: b.ballot,
      chainKey: keyOf(from + i),
    }));
  // In the chain's order, as the server lists them (keys out of order, so the order is exercised).
  const sealed = (seal: number, from: number, to: number) => sealedHashes(seal, rows(from, to));
  const first = chainRoot(genesis, rows(0, 5));
  const second = chainRoot(first, rows(5, 8));
  const seal = (sequence: number, previous_root: string, root: string, ballot_count: number) => ({
    sequence,
    previous_root,
    root,
    ballot_count,
    created_at: "2026-11-24T12:00:00.000Z",
  });
  return {
    election: { id: electionId, title: "Board", status: "completed", organization_name: "Union" },
    positions,
    definition_hash: definition,
    roll_size: 8,
    turnout: null,
    tie_seed: hex(42),
    seals: [seal(1, genesis, first, 5), seal(2, first, second, 3)],
    sealed: [sealed(1, 0, 5), sealed(2, 5, 8)],
    ballots,
    results: [],
  };
}

describe("checkSeals", () => {
  it("agrees with the server's roots for every kind of answer", async () => {
    expect(await checkSeals(board())).toEqual({ state: "ok", seals: 2, ballots: 8 });
  });

  it("makes each ballot's hash as the server does, so a voter's receipt checks their own answer", async () => {
    const b = board();
    for (const [i, ballot] of b.ballots.entries()) {
      const server = ballotHash({
        electionId,
        positionId: ballot.position_id,
        candidateId: ballot.candidate_id,
        answer: ballot.ballot,
        chainKey: keyOf(i),
      });
      expect(await ballotHashOf(electionId, ballot.position_id, ballot, keyOf(i))).toBe(server);
      expect(b.sealed.some((s) => s.hashes.includes(server))).toBe(true);
    }
  });

  it("hashes a plurality choice as its candidate and any other answer as its canonical text", () => {
    expect(sealedAnswer({ candidate_id: "c-ada", ballot: null })).toBe("c-ada");
    expect(sealedAnswer({ candidate_id: null, ballot: { kind: "grades", grades: { b: 1, a: 0 } } })).toBe(
      '{"grades":{"a":0,"b":1},"kind":"grades"}',
    );
    expect(sealedAnswer({ candidate_id: null, ballot: null })).toBe('{"kind":"blank"}');
  });

  it("finds a ballot's hash changed after sealing, and names the seal", async () => {
    const changed = board();
    const hashes = changed.sealed[0]?.hashes as string[];
    hashes[1] = hex(7);
    expect(await checkSeals(changed)).toEqual({
      state: "problems",
      problems: ["Seal 1: its root does not match its ballots."],
    });
  });

  it("finds a ballot removed from a seal, a broken link, and answers published for fewer ballots", async () => {
    const changed = board();
    changed.sealed[1]?.hashes.pop();
    changed.ballots.pop();
    changed.ballots.pop();
    (changed.seals[1] as Bulletin["seals"][number]).previous_root = GENESIS;
    const check = await checkSeals(changed);
    expect(check.state === "problems" && check.problems).toEqual([
      "Seal 2 does not chain to the seal before it.",
      "Seal 2 lists 3 ballots; 2 are published.",
      "Seal 2: its root does not match its ballots.",
      "6 answers are published for 7 sealed ballots.",
    ]);
  });

  it("holds the published turnout against the answers, as verify-election --board does", async () => {
    const stuffed = board([stv]);
    stuffed.turnout = { votes_cast: 0, total_voters: 8, quorum: null };
    // One answer to the STV question is published; no voter took part.
    const check = await checkSeals(stuffed);
    expect(check.state === "problems" && check.problems).toEqual([
      'Question "Board of Directors": 1 answer is published, but 0 voters took part.',
    ]);
    stuffed.turnout = { votes_cast: 1, total_voters: 8, quorum: null };
    expect((await checkSeals(stuffed)).state).toBe("ok");
  });

  it("accepts a chain that starts at the definition hash recomputed here from the board's questions", async () => {
    const defined = board([stv]);
    expect(defined.seals[0]?.previous_root).not.toBe(GENESIS);
    expect(await checkSeals(defined)).toEqual({ state: "ok", seals: 2, ballots: 8 });
  });

  it("finds a seat count changed after the vote, and a first seal that does not start at the definition", async () => {
    const changed = board([stv]);
    (changed.positions[0] as Bulletin["positions"][number]).method = { kind: "stv", seats: 2 };
    expect(await checkSeals(changed)).toEqual({
      state: "problems",
      problems: ["The questions differ from the definition the chain starts from."],
    });
    const restarted = board([stv]);
    restarted.definition_hash = null;
    expect(await checkSeals(restarted)).toEqual({
      state: "problems",
      problems: ["Seal 1 does not chain from the election's definition."],
    });
  });

  it("checks the chain while voting is open too, from the hashes alone, with no answer published", async () => {
    const open = { ...board(), ballots: [], results: null };
    open.election.status = "active";
    expect(await checkSeals(open)).toEqual({ state: "ok", seals: 2, ballots: 8 });
  });
});
