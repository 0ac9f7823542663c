/**
 * The bulletin board checked from itself alone (verify-election; anyone holding the board's JSON can
 * run it): the definition hash recomputed from the published questions (the first seal chains from
 * it, so a question's method, seats, threshold or candidates changed after the vote breaks the
 * chain), every seal's root rebuilt from its ballots' published hashes, as many answers published
 * as ballots sealed, and every question recounted with its method from those answers and the
 * published seed, compared with the published result winner by winner and round by round (stage by stage). Which
 * hash holds which answer only each voter can tell, from their receipt (the board's lookup): the
 * seals' times say which voters each took, so a seal's answers must stay unknown. Counting is `server/features/counting/`: the same
 * rules as the server's count. No database.
 */
import { canonicalJson } from "../../../contract/ballots/ballot";
import { definitionText } from "../../../contract/ballots/definition-hash";
import type { QuestionResult } from "../../../contract/ballots/result";
import { STEP_WORDS, winnersOf } from "../../../contract/ballots/result-rows";
import type { Bulletin, SealedHashes } from "../../../contract/bulletin";
import { turnoutProblems } from "../../../contract/bulletin-check";
import { sha256 } from "../../lib/sha256";
import { ballotOf, countQuestion } from "../counting";
import { chainStart, sealedHashes, type WitnessedHead } from "./chain";

export interface BoardCheck {
  ballots: number;
  seals: number;
  /** Questions recounted (0 while results are not published). */
  recounted: number;
  /** The answers are published (voting closed), so they were counted against the sealed ballots. */
  choicesPublished: boolean;
  problems: string[];
}

/**
 * The seals' hashes of a board saved before they were listed: its answers each named their seal
 * (`seal`), and a ballot's chain key was its receipt hash; hashed as its seals hashed them.
 */
function legacySealed(board: Bulletin): SealedHashes[] {
  return board.seals.map(({ sequence }) =>
    sealedHashes(
      sequence,
      board.ballots
        .filter((b) => (b as { seal?: number }).seal === sequence)
        .map((b) => ({
          electionId: board.election.id,
          positionId: b.position_id,
          candidateId: b.candidate_id,
          answer: b.ballot,
          chainKey: b.receipt_hash,
        })),
    ),
  );
}

/**
 * A referendum whose threshold is a share of the eligible voters is recounted with the published
 * roll size (an election closed before it was published: with the published result's base). Each
 * of `heads` (a head someone kept: from a receipt, or a seal's root noted earlier) must be a seal of
 * the board with that root, or the chain was recomputed since; the published turnout must agree
 * with the answers (contract/bulletin-check.ts).
 */
export function verifyBulletin(board: Bulletin, heads: WitnessedHead[] = []): BoardCheck {
  const problems: string[] = [];
  for (const head of heads) {
    const seal = board.seals.find((s) => s.sequence === head.sequence);
    if (!seal)
      problems.push(
        `head ${head.sequence}:${head.root}: the board has no seal ${head.sequence} (it has ${board.seals.length})`,
      );
    else if (seal.root !== head.root)
      problems.push(
        `head ${head.sequence}:${head.root}: seal ${head.sequence} has root ${seal.root} on the board (the chain was recomputed since that head was seen)`,
      );
  }
  const choicesPublished = board.results !== null;
  if (
    board.definition_hash !== null &&
    sha256(definitionText(board.election.id, board.positions)) !== board.definition_hash
  )
    problems.push(
      "the questions on the board differ from the published definition hash (a method, seat count, threshold or candidate was changed)",
    );
  // A board saved before the seals listed their hashes: the hashes its answers make (its roots are
  // rebuilt only once they are published, as then).
  const legacy = board.sealed === undefined;
  const sealed = board.sealed ?? legacySealed(board);
  let previous = chainStart(board.definition_hash);
  let hashed = 0;
  for (const [index, seal] of board.seals.entries()) {
    const where = `seal ${seal.sequence}`;
    const { hashes = [], tags = [] } = sealed[index]?.seal === seal.sequence ? sealed[index] : {};
    hashed += hashes.length;
    if (seal.sequence !== index + 1) problems.push(`${where}: out of sequence (expected ${index + 1})`);
    if (seal.previous_root !== previous)
      problems.push(
        index === 0
          ? `${where}: does not chain from the election's definition (the questions it is counted with)`
          : `${where}: does not chain to the seal before it`,
      );
    if (hashes.length !== seal.ballot_count || tags.length !== seal.ballot_count)
      problems.push(
        `${where}: the board shows ${hashes.length} ballot hashes and ${tags.length} tags, the seal covers ${seal.ballot_count} ballots`,
      );
    if ((!legacy || choicesPublished) && sha256(seal.previous_root + hashes.join("")) !== seal.root)
      problems.push(
        `${where}: its root differs from its ballots' hashes (a ballot was altered, added or removed)`,
      );
    previous = seal.root;
  }
  if (sealed.length !== board.seals.length)
    problems.push(`the board lists the ballots of ${sealed.length} seals for ${board.seals.length} seals`);
  if (choicesPublished && board.ballots.length !== hashed)
    problems.push(`the board publishes ${board.ballots.length} answers for ${hashed} sealed ballots`);
  if (new Set(board.ballots.map((b) => b.receipt_hash)).size !== board.ballots.length)
    problems.push("two published answers share a receipt hash");
  problems.push(...turnoutProblems(board));

  let recounted = 0;
  if (board.results) {
    const seed = board.tie_seed;
    if (!seed) problems.push("results are published without the tie seed");
    for (const position of board.positions) {
      const where = `question "${position.title}" (${position.id})`;
      const published = board.results.find((r) => r.position_id === position.id)?.result;
      if (!published) {
        problems.push(`${where}: no published result`);
        continue;
      }
      const base =
        published.method === "referendum" && published.result.base === "eligible"
          ? published.result.baseCount
          : undefined;
      // A board is anyone's file: a method unknown here, or answers the question cannot hold, are
      // differences to report, not a reason to stop checking the rest.
      let recount: QuestionResult | undefined;
      try {
        recount = countQuestion(
          { method: position.method, candidates: position.candidates },
          board.ballots.filter((b) => b.position_id === position.id).map((b) => ofBoard(b)),
          { seed: seed ?? "", eligible: board.roll_size ?? base },
        );
      } catch (error) {
        problems.push(`${where}: cannot be recounted: ${(error as Error).message}`);
        continue;
      }
      if (!recount) {
        problems.push(
          `${where}: counted by a method this verifier does not know (${String(position.method?.kind)})`,
        );
        continue;
      }
      problems.push(...resultDifferences(published, recount).map((d) => `${where}: ${d}`));
      recounted++;
    }
    const known = new Set(board.positions.map((p) => p.id));
    for (const extra of board.results.filter((r) => !known.has(r.position_id)))
      problems.push(
        `a result is published for ${extra.position_id}, which is not a question of this election`,
      );
  }
  return { ballots: hashed, seals: board.seals.length, recounted, choicesPublished, problems };
}

const ofBoard = (b: Bulletin["ballots"][number]) =>
  ballotOf({ candidateId: b.candidate_id, answer: b.ballot });

/** What differs between a published result and the recount, in words: winners, each round or stage, the rest. */
export function resultDifferences(published: QuestionResult, recount: QuestionResult): string[] {
  if (published.method !== recount.method)
    return [`published as ${published.method}, but the question is counted by ${recount.method}`];
  const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
  const found: string[] = [];
  const winners = [winnersOf(published), winnersOf(recount)];
  if (!same(winners[0], winners[1]))
    found.push(`the winners differ: published ${list(winners[0])}, recounted ${list(winners[1])}`);
  if (published.method === "referendum" && recount.method === "referendum") {
    if (published.result.passed !== recount.result.passed)
      found.push(
        `published as ${published.result.passed ? "passed" : "not passed"}, the recount says otherwise`,
      );
  }
  const steps = (r: QuestionResult): { name: string; list: unknown[] } | null =>
    r.method === "irv"
      ? { name: STEP_WORDS.irv, list: r.result.rounds }
      : r.method === "stv"
        ? { name: STEP_WORDS.stv, list: r.result.stages }
        : null;
  const [ours, theirs] = [steps(published), steps(recount)];
  if (ours && theirs) {
    if (ours.list.length !== theirs.list.length)
      found.push(`published ${ours.list.length} ${ours.name}s, the recount has ${theirs.list.length}`);
    const n = Math.min(ours.list.length, theirs.list.length);
    for (let i = 0; i < n; i++)
      if (!same(ours.list[i], theirs.list[i])) found.push(`${ours.name} ${i + 1} differs from the recount`);
  }
  const rest = (r: QuestionResult) => {
    const { rounds: _rounds, stages: _stages, ...others } = r.result as unknown as Record<string, unknown>;
    return others;
  };
  if (!same(rest(published), rest(recount))) found.push("the count's figures differ from the recount");
  return found;
}

const list = (ids: string[]) => (ids.length ? ids.join(", ") : "none");
