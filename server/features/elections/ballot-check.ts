import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Ballot, isBlank, validateBallot } from "../../../contract/ballots/ballot";
import type { QuestionMethod } from "../../../contract/ballots/question";
import { type castVoteInput, electionMessages } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { badRequest } from "../../http/errors";

type Selection = z.output<typeof castVoteInput>["selections"][number];

/** What a ballot is checked against: a question's method, blank rule and candidates. */
interface QuestionRow {
  id: string;
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
 * election's (or the voter cannot see the election): the write is then refused and the refusal
 * explained as for any other rule.
 *
 * The questions are read before the write: they cannot change once voting is open (the definition
 * is frozen in the statement that opens it), and the write still checks that the election is active.
 */
export async function checkSelections(
  db: Db,
  options: { electionId: string; voterId: string; selections: Selection[] },
): Promise<Checked[] | null> {
  const { selections } = options;
  if (selections.every((s) => s.ballot === undefined))
    return selections.map((s) => ({ candidateId: s.candidate_id ?? null, answer: null }));
  const questions = await readQuestions(db, options);
  const checked: Checked[] = [];
  for (const selection of selections) {
    const question = questions.get(selection.position_id);
    if (!question) return null;
    checked.push(checkOne(question, selection));
  }
  return checked;
}

function checkOne(question: QuestionRow, selection: Selection): Checked {
  const { ballot } = selection;
  if (!ballot) {
    if (question.method.kind !== "plurality") throw badRequest(electionMessages.wrongCandidate);
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
  if (problem) throw badRequest(problem);
  if (isBlank(ballot)) return { candidateId: null, answer: { kind: "blank" } };
  if (ballot.kind === "choice") return { candidateId: ballot.candidate, answer: null };
  return { candidateId: null, answer: ballot };
}

/** The asked questions of this election the voter's organization holds, with their candidates' ids. */
async function readQuestions(
  db: Db,
  options: { electionId: string; voterId: string; selections: Selection[] },
): Promise<Map<string, QuestionRow>> {
  const positions = `{${options.selections.map((s) => s.position_id).join(",")}}`;
  const read = (await db.execute(sql`
    select p.id, p.method, p.blank,
      coalesce(array_agg(k.id::text order by k.sort_order) filter (where k.id is not null), '{}') as candidates
    from election_positions p
    join elections e on e.id = p.election_id
    left join candidates k on k.position_id = p.id
    where p.election_id = ${options.electionId} and p.id = any(${positions}::uuid[])
      and exists (select 1 from organization_memberships m where m.organization_id = e.organization_id and m.user_id = ${options.voterId})
    group by p.id`)) as unknown as { rows: QuestionRow[] };
  return new Map(read.rows.map((row) => [row.id, row]));
}
