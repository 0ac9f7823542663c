import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Ballot, isBlank, validateBallot } from "../../../contract/ballots/ballot";
import type { QuestionMethod } from "../../../contract/ballots/question";
import { electionServerMessages } from "../../../contract/elections";
import type { castVoteInput } from "../../../contract/elections-input";
import type { Db } from "../../db/connect";
import { badRequest } from "../../http/errors";

type Selection = z.output<typeof castVoteInput>["selections"][number];

/** What a ballot is checked against: a question's method, blank rule and candidates. */
interface QuestionRow {
  id: string;
  electionId: string;
  method: QuestionMethod;
  blank: boolean;
  candidates: string[];
}

/** One selection as the write stores it: a plurality choice's candidate, or any other answer. */
export interface Checked {
  candidateId: string | null;
  answer: Ballot | null;
}

/**
 * Each selection as it will be stored, every `ballot` checked against its question first: the
 * first problem is a 400 in validateBallot's words, before anything is written. A plurality choice
 * given as a ballot becomes its candidate (as `candidate_id` gives it); a blank vote, and an answer
 * that chooses no one, becomes the blank answer. A selection that is only a `candidate_id` needs no
 * read: the write checks it (today's path). Returns null when a question is not one of this
 * election's, or the voter is not a member of its organization: the write is then refused and the
 * refusal explained as for any other rule (an outsider learns nothing of another organization's
 * questions).
 */
export async function checkSelections(
  db: Db,
  options: { electionId: string; voterId: () => Promise<string>; selections: Selection[] },
): Promise<Checked[] | null> {
  const { selections } = options;
  if (selections.every((s) => s.ballot === undefined))
    return selections.map((s) => ({ candidateId: s.candidate_id ?? null, answer: null }));
  const questions = await questionsOf(db, options.electionId, selections);
  const checked: Checked[] = [];
  for (const selection of selections) {
    const question = questions.get(selection.position_id);
    if (!question) return null;
    const outcome = checkOne(question, selection);
    if (typeof outcome === "string") {
      if (!(await isMember(db, options))) return null;
      throw badRequest(outcome);
    }
    checked.push(outcome);
  }
  return checked;
}

/** The selection as stored, or what is wrong with it in words. */
function checkOne(question: QuestionRow, selection: Selection): Checked | string {
  const { ballot } = selection;
  if (!ballot) {
    if (question.method.kind !== "plurality") return electionServerMessages.wrongCandidate;
    return { candidateId: selection.candidate_id ?? null, answer: null };
  }
  const problem = validateBallot(
    {
      method: question.method,
      blank: question.blank,
      candidates: question.candidates.map((id) => ({ id, name: id })),
    },
    ballot,
  );
  if (problem) return problem;
  if (isBlank(ballot)) return { candidateId: null, answer: { kind: "blank" } };
  if (ballot.kind === "choice") return { candidateId: ballot.candidate, answer: null };
  return { candidateId: null, answer: inQuestionOrder(question.candidates, ballot) };
}

/**
 * The answer with no order of the voter's own left in it: a set, and the candidates sharing a rank,
 * in the question's candidate order, marks keyed in that order. The ballot is published in full on
 * the bulletin board, and a voter's screen order (shuffled per voter, or the order they ticked)
 * would otherwise point at whoever cast it.
 */
export function inQuestionOrder(candidates: string[], ballot: Ballot): Ballot {
  const place = new Map(candidates.map((id, index) => [id, index]));
  const ordered = (ids: string[]) => [...ids].sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
  const marks = (given: Record<string, number>) =>
    Object.fromEntries(candidates.filter((id) => id in given).map((id) => [id, given[id] as number]));
  switch (ballot.kind) {
    case "set":
      return { kind: "set", candidates: ordered(ballot.candidates) };
    case "ranking":
      return { kind: "ranking", ranks: ballot.ranks.map(ordered) };
    case "grades":
      return { kind: "grades", grades: marks(ballot.grades) };
    case "scores":
      return { kind: "scores", scores: marks(ballot.scores) };
    default:
      return ballot;
  }
}

/**
 * The questions of elections open for voting, by position id. A question cannot change once voting
 * opens (the definition is replaced only in the statement that finds the election upcoming, and an
 * election never goes back to upcoming), so what one read of an active election found holds for
 * the rest of the vote, in every process: a ranked ballot then costs no more reads than a plurality
 * choice. The write still checks that the election is active. Bounded: emptied when full.
 */
const frozen = new Map<string, QuestionRow>();
const FROZEN_MAX = 10_000;

async function questionsOf(
  db: Db,
  electionId: string,
  selections: Selection[],
): Promise<Map<string, QuestionRow>> {
  const found = new Map<string, QuestionRow>();
  const missing: string[] = [];
  for (const { position_id } of selections) {
    const known = frozen.get(position_id);
    if (known?.electionId === electionId) found.set(position_id, known);
    else missing.push(position_id);
  }
  if (missing.length === 0) return found;
  const read = (await db.execute(sql`
    select p.id, p.election_id as "electionId", p.method, p.blank, e.status = 'active' as active,
      coalesce(array_agg(k.id::text order by k.sort_order) filter (where k.id is not null), '{}') as candidates
    from election_positions p
    join elections e on e.id = p.election_id
    left join candidates k on k.position_id = p.id
    where p.election_id = ${electionId} and p.id = any(${`{${missing.join(",")}}`}::uuid[])
    group by p.id, e.status`)) as unknown as { rows: Array<QuestionRow & { active: boolean }> };
  for (const { active, ...question } of read.rows) {
    found.set(question.id, question);
    if (!active) continue;
    if (frozen.size >= FROZEN_MAX) frozen.clear();
    frozen.set(question.id, question);
  }
  return found;
}

async function isMember(
  db: Db,
  options: { electionId: string; voterId: () => Promise<string> },
): Promise<boolean> {
  const voterId = await options.voterId();
  const read = (await db.execute(sql`
    select exists (select 1 from elections e join organization_memberships m on m.organization_id = e.organization_id
      where e.id = ${options.electionId} and m.user_id = ${voterId}) as member`)) as unknown as {
    rows: Array<{ member: boolean }>;
  };
  return read.rows[0]?.member === true;
}
