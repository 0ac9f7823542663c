import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionText } from "../../../contract/ballots/definition-hash";
import type { Bulletin } from "../../../contract/bulletin";
import { VERIFIER_FILE } from "../../../contract/bulletin-check";
import { bundleVerifier } from "../../../web/build/verifierFile";
import { ballots, electionPositions, elections, electionVoters } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { questionElection, voteEveryQuestion } from "../../test/elections";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { bulletinBoard } from "./bulletin";
import { chainRoot, GENESIS } from "./chain";
import { verifyBulletin } from "./recount";
import { verifyElectionIntegrity } from "./verifier";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A closed election with plurality, STV (3 of 6), a two-thirds referendum and approval, five voters; its board as published. */
async function closedBoard(options: Parameters<typeof questionElection>[1] = {}) {
  const e = await questionElection(t, options);
  await voteEveryQuestion(t, e);
  await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
  const board: Bulletin = (await call(t.app, "").get(`/api/elections/${e.election.id}/bulletin`)).json();
  return { e, board };
}

const copy = (board: Bulletin): Bulletin => structuredClone(board);

describe("verify-election recounts the bulletin board", () => {
  it("agrees with an STV, referendum and approval election: every seal rebuilt from the answers, every question recounted", async () => {
    const { board } = await closedBoard();
    const check = verifyBulletin(board);
    expect(check).toMatchObject({
      seals: 1,
      ballots: 20,
      recounted: 5,
      choicesPublished: true,
      problems: [],
    });
    // The channel's two plurality offices (President, Senator), then the three questions added.
    expect(board.results?.map((r) => r.result.method)).toEqual([
      "plurality",
      "plurality",
      "stv",
      "referendum",
      "approval",
    ]);
  });

  it("finds a tampered answer on the board: the recount differs (its seal's hash is the voter's to check)", async () => {
    const { e, board } = await closedBoard();
    const tampered = copy(board);
    const yes = tampered.ballots.find(
      (b) => b.position_id === e.motion.id && b.ballot?.kind === "answer" && b.ballot.answer === "yes",
    );
    if (!yes) throw new Error("no Yes ballot");
    yes.ballot = { kind: "answer", answer: "no" };
    const { problems } = verifyBulletin(tampered);
    expect(problems.some((p) => p.startsWith("seal "))).toBe(false);
    expect(
      problems.some((p) =>
        p.startsWith(`question "Motion 3: amend article 12" (${e.motion.id}): published as passed`),
      ),
    ).toBe(true);
  });

  it("finds an answer changed in the database: the chain from the stored ballots and from the board both disagree", async () => {
    const { e } = await closedBoard();
    const db = t.database.db;
    const [stored] = await db.select().from(ballots).where(eq(ballots.positionId, e.stv.id)).limit(1);
    if (!stored) throw new Error("no STV ballot");
    const { A, F } = e.stv.candidates as Record<string, string>;
    await db
      .update(ballots)
      .set({ answer: { kind: "ranking", ranks: [[F], [A]] } })
      .where(eq(ballots.id, stored.id));
    const integrity = await verifyElectionIntegrity(db, e.election.id);
    expect(integrity.problems.some((p) => p.includes("root differs from its ballots"))).toBe(true);
    const check = verifyBulletin(await bulletinBoard(db, e.election.id));
    expect(check.problems.some((p) => p.includes("root differs from its ballots' hashes"))).toBe(true);
  });

  it("finds a tampered round: an STV stage's totals or the winners changed after the count", async () => {
    const { e, board } = await closedBoard();
    const tampered = copy(board);
    const stv = tampered.results?.find((r) => r.position_id === e.stv.id)?.result;
    if (stv?.method !== "stv") throw new Error("no STV result");
    const stage = stv.result.stages[1] ?? stv.result.stages[0];
    if (!stage) throw new Error("no stage");
    const [first] = Object.keys(stage.totals);
    stage.totals[first as string] = (stage.totals[first as string] ?? 0) + 1;
    const where = `question "Board of Directors" (${e.stv.id})`;
    expect(verifyBulletin(tampered).problems).toEqual([
      `${where}: stage ${stage.number} differs from the recount`,
    ]);

    const swapped = copy(board);
    const result = swapped.results?.find((r) => r.position_id === e.stv.id)?.result;
    if (result?.method !== "stv") throw new Error("no STV result");
    const { F } = e.stv.candidates as Record<string, string>;
    result.result.elected = [...result.result.elected.slice(0, 2), F];
    expect(verifyBulletin(swapped).problems[0]).toContain(`${where}: the winners differ: published `);
  });

  it("finds a broken chain, a changed hash, an answer too many and results without a seed", async () => {
    const { board } = await closedBoard();
    const broken = copy(board);
    const [seal] = broken.seals;
    if (!seal) throw new Error("no seal");
    seal.previous_root = "f".repeat(64);
    const hashes = broken.sealed[0]?.hashes as string[];
    hashes[0] = "e".repeat(64);
    broken.ballots.push({
      ...(broken.ballots[0] as Bulletin["ballots"][number]),
      receipt_hash: "d".repeat(64),
    });
    broken.tie_seed = null;
    const { problems } = verifyBulletin(broken);
    expect(problems).toContain(
      "seal 1: does not chain from the election's definition (the questions it is counted with)",
    );
    expect(problems).toContain(
      "seal 1: its root differs from its ballots' hashes (a ballot was altered, added or removed)",
    );
    expect(problems).toContain(
      `the board publishes ${board.ballots.length + 1} answers for ${board.ballots.length} sealed ballots`,
    );
    expect(problems).toContain("results are published without the tie seed");
  });

  it("holds the published turnout against the answers: no question with more answers than voters who took part, no more of them than the roll, the quorum's verdict what its figures give", async () => {
    const { board } = await closedBoard();
    const turnout = board.turnout;
    if (!turnout) throw new Error("no turnout");
    expect(turnout.votes_cast).toBe(5);
    // Ballots stuffed into the count (their seal rebuilt to hold them) with the turnout left as it was.
    const stuffed = copy(board);
    if (stuffed.turnout) stuffed.turnout.votes_cast = 2;
    const problems = verifyBulletin(stuffed).problems;
    const president = board.positions[0] as Bulletin["positions"][number];
    expect(problems).toContain(
      `Question "${president.title}": 5 answers are published, but 2 voters took part.`,
    );
    const above = board.positions.filter(
      (q) => board.ballots.filter((b) => b.position_id === q.id).length > 2,
    );
    expect(problems.filter((p) => p.startsWith("Question "))).toHaveLength(above.length);
    const overRoll = copy(board);
    if (overRoll.turnout) overRoll.turnout.total_voters = 4;
    expect(verifyBulletin(overRoll).problems).toContain("5 voters took part, more than the 4 on the roll.");
    const quorum = copy(board);
    if (quorum.turnout) quorum.turnout.quorum = { percent: 50, turnout_percent: 0, met: false };
    expect(verifyBulletin(quorum).problems).toContain(
      `The quorum of 50% is published as not met, but 5 of ${turnout.total_voters} voters meet it.`,
    );
  });

  it("checks each head someone kept against the board's chain: the seal it names, with that root", async () => {
    const { board } = await closedBoard();
    const seal = board.seals[0] as Bulletin["seals"][number];
    expect(verifyBulletin(board, [{ sequence: 1, root: seal.root }]).problems).toEqual([]);
    const other = "a".repeat(64);
    expect(verifyBulletin(board, [{ sequence: 1, root: other }]).problems).toEqual([
      `head 1:${other}: seal 1 has root ${seal.root} on the board (the chain was recomputed since that head was seen)`,
    ]);
    expect(verifyBulletin(board, [{ sequence: 7, root: seal.root }]).problems).toEqual([
      `head 7:${seal.root}: the board has no seal 7 (it has 1)`,
    ]);
  });

  it("checks a board saved before seals listed their hashes (answers named their seal, receipts were keys)", () => {
    const electionId = "3b0f0c2e-7d3e-4b7a-9a55-0c1d2e3f4a5b";
    const answers = ["a", "b", "a"].map((candidate, i) => ({
      receipt_hash: sha256(`receipt-${i}`),
      position_id: "p-1",
      candidate_id: candidate,
      ballot: null,
      seal: 1,
    }));
    const root = chainRoot(
      GENESIS,
      answers.map((b) => ({
        electionId,
        positionId: b.position_id,
        candidateId: b.candidate_id,
        answer: null,
        chainKey: b.receipt_hash,
      })),
    );
    const saved = {
      election: { id: electionId, title: "Old", status: "completed", organization_name: "Union" },
      positions: [],
      definition_hash: null,
      roll_size: 3,
      tie_seed: "seed",
      seals: [
        { sequence: 1, previous_root: GENESIS, root, ballot_count: 3, created_at: "2026-11-01T00:00:00Z" },
      ],
      ballots: answers,
      results: [],
    } as unknown as Bulletin;
    expect(verifyBulletin(saved)).toMatchObject({ ballots: 3, seals: 1, problems: [] });
    const changed = copy(saved);
    (changed.ballots[1] as Bulletin["ballots"][number]).candidate_id = "a";
    expect(verifyBulletin(changed).problems).toEqual([
      "seal 1: its root differs from its ballots' hashes (a ballot was altered, added or removed)",
    ]);
  });

  it("checks the chain while voting is open from the seals' hashes, with no answer and no result", async () => {
    const e = await questionElection(t);
    const board = await bulletinBoard(t.database.db, e.election.id);
    expect(board).toMatchObject({ results: null, tie_seed: null, ballots: [] });
    expect(verifyBulletin(board)).toMatchObject({ recounted: 0, problems: [] });
  });
});

describe("the chain commits the questions the ballots are counted with", () => {
  const definitionIssue =
    "the questions on the board differ from the published definition hash (a method, seat count, threshold or candidate was changed)";
  const brokenStart =
    "seal 1: does not chain from the election's definition (the questions it is counted with)";
  /** The board's questions changed, and the definition hash recomputed over them (a server covering its tracks). */
  const rehashed = (board: Bulletin): Bulletin => ({
    ...board,
    definition_hash: sha256(definitionText(board.election.id, board.positions)),
  });

  it("an election opened now: its first seal chains from its definition hash, and the board publishes it and the roll size", async () => {
    const { e, board } = await closedBoard();
    const [stored] = await t.database.db.select().from(elections).where(eq(elections.id, e.election.id));
    const expected = sha256(definitionText(board.election.id, board.positions));
    expect(stored).toMatchObject({ definitionHash: expected, rollSize: 5 });
    expect(board).toMatchObject({ definition_hash: expected, roll_size: 5 });
    expect(board.seals[0]?.previous_root).toBe(expected);
    expect(expected).not.toBe(GENESIS);
    expect((await verifyElectionIntegrity(t.database.db, e.election.id)).problems).toEqual([]);
  });

  it("finds an STV seat count changed after the vote, even with the count and the hash republished", async () => {
    const { e, board } = await closedBoard();
    const changed = copy(board);
    const stv = changed.positions.find((p) => p.id === e.stv.id);
    if (!stv) throw new Error("no STV question");
    stv.method = { kind: "stv", seats: 2 };
    expect(verifyBulletin(changed).problems).toContain(definitionIssue);
    expect(verifyBulletin(rehashed(changed)).problems).toContain(brokenStart);
  });

  it("finds a referendum's threshold changed after the vote, on the board and in the database", async () => {
    const { e, board } = await closedBoard();
    const changed = copy(board);
    const motion = changed.positions.find((p) => p.id === e.motion.id);
    if (motion?.method.kind !== "referendum") throw new Error("no referendum");
    motion.method = { ...motion.method, threshold: "majority" };
    expect(verifyBulletin(changed).problems).toContain(definitionIssue);
    expect(verifyBulletin(rehashed(changed)).problems).toContain(brokenStart);

    const db = t.database.db;
    await db
      .update(electionPositions)
      .set({ method: motion.method })
      .where(eq(electionPositions.id, e.motion.id));
    expect((await verifyElectionIntegrity(db, e.election.id)).problems).toEqual([
      "the election's questions differ from the definition fixed when voting opened (a method, seat count, threshold or candidate was changed)",
    ]);
  });

  it("reports a question it cannot recount (a method it does not know) and checks the rest", async () => {
    const { e, board } = await closedBoard();
    const changed = copy(board);
    const stv = changed.positions.find((p) => p.id === e.stv.id);
    if (!stv) throw new Error("no STV question");
    (stv as { method: unknown }).method = { kind: "borda" };
    const { problems, recounted } = verifyBulletin(changed);
    expect(problems).toContain(definitionIssue);
    expect(problems).toContain(
      `question "${stv.title}" (${stv.id}): counted by a method this verifier does not know (borda)`,
    );
    expect(recounted).toBe(changed.positions.length - 1);
  });

  it("finds a candidate renamed after the vote", async () => {
    const { e, board } = await closedBoard();
    const changed = copy(board);
    const candidate = changed.positions.find((p) => p.id === e.stv.id)?.candidates[0];
    if (!candidate) throw new Error("no candidate");
    candidate.name = "Someone else";
    expect(verifyBulletin(changed).problems).toContain(definitionIssue);
  });

  it("recounts a referendum of eligible voters with the published roll size: a changed roll size is caught", async () => {
    const { e, board } = await closedBoard({ motionBase: "eligible" });
    expect(verifyBulletin(board).problems).toEqual([]);
    const motion = board.results?.find((r) => r.position_id === e.motion.id)?.result;
    // Three Yes of five eligible falls short of two thirds.
    expect(motion?.method === "referendum" && motion.result).toMatchObject({ baseCount: 5, passed: false });
    // A voter who leaves after the close (their roll row goes with their account) changes nothing counted.
    const db = t.database.db;
    const [leaver] = e.voters;
    await db
      .delete(electionVoters)
      .where(
        and(eq(electionVoters.electionId, e.election.id), eq(electionVoters.userId, leaver?.user.id ?? "")),
      );
    const later = await bulletinBoard(db, e.election.id);
    expect(later.roll_size).toBe(5);
    expect(later.results).toEqual(board.results);
    expect(verifyBulletin(later).problems).toEqual([]);

    const changed = { ...copy(board), roll_size: 4 };
    const where = `question "Motion 3: amend article 12" (${e.motion.id})`;
    expect(verifyBulletin(changed).problems).toEqual([
      `${where}: published as not passed, the recount says otherwise`,
      `${where}: the count's figures differ from the recount`,
    ]);
  });

  it("an election opened before definition hashes were kept (none stored) still chains from GENESIS and verifies", async () => {
    const e = await questionElection(t);
    const db = t.database.db;
    await db.update(elections).set({ definitionHash: null }).where(eq(elections.id, e.election.id));
    await voteEveryQuestion(t, e);
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    await db.update(elections).set({ rollSize: null }).where(eq(elections.id, e.election.id));
    const board = await bulletinBoard(db, e.election.id);
    expect(board).toMatchObject({ definition_hash: null, roll_size: null });
    expect(board.seals[0]?.previous_root).toBe(GENESIS);
    expect(verifyBulletin(board)).toMatchObject({ recounted: 5, problems: [] });
    expect((await verifyElectionIntegrity(db, e.election.id)).problems).toEqual([]);
  });
});

describe("the board checked from a saved copy: npm run verify-election -- --board, and the one file the board page offers", () => {
  /** A runner of `command args… --board <a saved copy of the board> more…`: its exit code and output. */
  const runner = async (command: string, ...args: string[]) => {
    const folder = await mkdtemp(join(tmpdir(), "board-"));
    return async (value: Bulletin, ...more: string[]) => {
      const file = join(folder, `${Math.random()}.json`);
      await writeFile(file, JSON.stringify(value));
      try {
        const { stdout } = await promisify(execFile)(command, [...args, "--board", file, ...more]);
        return { code: 0, stdout };
      } catch (error) {
        const failed = error as { code: number; stdout: string };
        return { code: failed.code, stdout: failed.stdout };
      }
    };
  };

  it("the file anyone downloads (/verify-election.mjs) runs with Node alone, outside the project: a head kept, a board changed", async () => {
    const { board } = await closedBoard();
    const { code, inputs } = await bundleVerifier();
    expect(inputs).toContain("scripts/verify-board.ts");
    const verifier = join(await mkdtemp(join(tmpdir(), "verifier-")), VERIFIER_FILE);
    await writeFile(verifier, code);
    const run = await runner(process.execPath, verifier);
    const seal = board.seals[0] as Bulletin["seals"][number];
    const agrees = await run(board, "--head", `1:${seal.root}`);
    expect(agrees.code).toBe(0);
    expect(agrees.stdout).toContain("5 questions recounted");
    expect(agrees.stdout).toContain("and the head given is on the chain.");
    const recomputed = await run(board, "--head", `1:${"b".repeat(64)}`);
    expect(recomputed.code).toBe(1);
    expect(recomputed.stdout).toContain("the chain was recomputed since that head was seen");
    const stuffed = copy(board);
    if (stuffed.turnout) stuffed.turnout.votes_cast = 3;
    const differs = await run(stuffed);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toContain("answers are published, but 3 voters took part.");
  }, 60_000);

  it("checks a saved board with no database: exit 0 when it agrees, 1 with each difference", async () => {
    const { board } = await closedBoard();
    const run = await runner("npx", "tsx", "scripts/verify-election.ts");
    const agrees = await run(board);
    expect(agrees.code).toBe(0);
    expect(agrees.stdout).toContain("5 questions recounted");
    expect(agrees.stdout).toContain(
      "OK: the questions hash to the published definition the chain starts from",
    );
    const tampered = copy(board);
    const hashes = tampered.sealed[0]?.hashes as string[];
    hashes[0] = "0".repeat(64);
    const differs = await run(tampered);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toContain("seal 1: its root differs from its ballots' hashes");
  }, 60_000);
});
