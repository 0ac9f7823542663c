/**
 * The ballot in words, in one place: each question's rules as a voter reads them on the ballot, and
 * an answer as the review step (and the voted position) says it. Pure; tested in ballotWords.test.ts.
 */
import type { Ballot } from "../../../../contract/ballots/ballot";
import type {
  QuestionMethod,
  ReferendumBase,
  ReferendumThreshold,
} from "../../../../contract/ballots/question";

interface Named {
  id: string;
  name: string;
}

/** What a ballot component needs of a question to say its rules and its answers. */
export interface QuestionWords {
  title: string;
  method: QuestionMethod;
  blank: boolean;
  candidates: Named[];
}

const THRESHOLD_WORDS: Record<ReferendumThreshold, string> = {
  majority: "more than half",
  two_thirds: "two thirds",
  three_quarters: "three quarters",
};
const BASE_WORDS: Record<ReferendumBase, string> = {
  cast: "the Yes and No votes",
  eligible: "everyone on the voter roll",
};

/**
 * The words a ballot's first paint may show. The ranked and graded ballots' words are in
 * rankingWords.ts and the review's in reviewWords.ts: those screens load lazily, and a module's words
 * load wherever any of them is used.
 */
export const ballotWords = {
  yes: "Yes",
  no: "No",
  abstain: "Abstain",
  blankVote: "Blank vote",
  voteBlank: "Vote blank on this question",
  statement: "Statement",
  chosenCount: (chosen: number, max: number) => `${chosen} of ${max} chosen`,
  answerFor: (title: string) => `Your answer: ${title}`,
  fixAnswers: "Some answers need a change: see the message under each question.",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How many choices a set ballot takes: [min, max]. */
export function setLimits(method: QuestionMethod, candidates: number): [number, number] {
  if (method.kind === "block") return [1, method.seats];
  if (method.kind === "approval") return [method.min, Math.min(method.max, candidates)];
  return [1, 1];
}

/** Whether any number of the candidates may be marked, none to all. */
function anyNumber(method: QuestionMethod, candidates: number): boolean {
  const [min, max] = setLimits(method, candidates);
  return (min === 0 || method.kind === "block") && max >= candidates;
}

/** "Choose up to 2." and its like; `of` names what is chosen ("Choose up to 2 of the candidates …"). */
function setRule(method: QuestionMethod, candidates: number, of = ""): string {
  const [min, max] = setLimits(method, candidates);
  if (anyNumber(method, candidates)) return "Choose as many as you like.";
  // A block vote takes any number up to its seats; an approval question its own least, said.
  if (min === 0 || method.kind === "block") return `Choose up to ${max}${of}.`;
  if (min === max) return `Choose exactly ${max}${of}.`;
  if (max >= candidates) return `Choose at least ${min}${of}.`;
  return `Choose between ${min} and ${max}${of}.`;
}

/** A question's rules in plain words, as the ballot shows them under its title. */
export function rulesText(question: Omit<QuestionWords, "title">): string {
  const { method, candidates } = question;
  const sentences: string[] = [];
  switch (method.kind) {
    case "plurality":
      sentences.push("Choose one. The candidate with the most votes wins.");
      break;
    case "block":
      sentences.push(
        setRule(method, candidates.length),
        `The ${plural(method.seats, "candidate", "candidates")} with the most votes ${method.seats === 1 ? "is" : "are"} elected.`,
      );
      break;
    case "approval":
      sentences.push(
        // One rule, not "Choose up to 2." and "Choose every candidate you approve of.", which disagree.
        anyNumber(method, candidates.length)
          ? "Choose every candidate you approve of."
          : setRule(method, candidates.length, " of the candidates you approve of"),
        method.seats === 1
          ? "The candidate with the most approvals wins."
          : `The ${method.seats} candidates with the most approvals are elected.`,
      );
      break;
    case "referendum":
      sentences.push(
        method.abstain
          ? "Answer Yes, No or Abstain. Abstentions are shown but not counted."
          : "Answer Yes or No.",
        `Passes with ${THRESHOLD_WORDS[method.threshold]} of ${BASE_WORDS[method.base]}.`,
      );
      break;
    case "irv":
      sentences.push(
        "Rank as many as you like; your vote moves to your next choice if your first is eliminated.",
      );
      break;
    case "stv":
      sentences.push(
        `Rank as many as you like. ${plural(method.seats, "seat is", "seats are")} filled; your vote moves to your next choice if your choice is eliminated or elected with votes to spare.`,
      );
      break;
    case "schulze":
      sentences.push(
        "Rank as many as you like; you may give several candidates the same rank. The candidate preferred over each other one, head to head, wins.",
      );
      break;
    case "majority_judgment":
      sentences.push(
        `Give every candidate a grade, from ${method.grades[0]} to ${method.grades[method.grades.length - 1]}. The candidate with the best median grade wins.`,
      );
      break;
    case "score":
      sentences.push(`Give every candidate a score from 0 to ${method.max}. The highest total wins.`);
      break;
  }
  if (question.blank) sentences.push("You may vote blank.");
  return sentences.join(" ");
}

const nameIn = (candidates: Named[]) => (id: string) => candidates.find((c) => c.id === id)?.name ?? id;

/** One answer in words: "Ada Lovelace", "1. Ada Lovelace, 2. Grace Hopper", "Yes", "Blank vote". */
export function answerWords(question: QuestionWords, ballot: Ballot): string {
  const name = nameIn(question.candidates);
  switch (ballot.kind) {
    case "blank":
      return ballotWords.blankVote;
    case "choice":
      return name(ballot.candidate);
    case "set":
      return ballot.candidates.length === 0 ? ballotWords.blankVote : ballot.candidates.map(name).join(", ");
    case "answer":
      return ballotWords[ballot.answer];
    case "ranking":
      return ballot.ranks.length === 0
        ? ballotWords.blankVote
        : ballot.ranks
            .map((rank, index) =>
              rank.length === 1
                ? `${index + 1}. ${name(rank[0] as string)}`
                : `${index + 1}. ${rank.map(name).join(" = ")} (same rank)`,
            )
            .join(", ");
    case "grades": {
      const grades = question.method.kind === "majority_judgment" ? question.method.grades : [];
      return question.candidates
        .filter((c) => ballot.grades[c.id] !== undefined)
        .map((c) => `${c.name}: ${grades[ballot.grades[c.id] as number] ?? "?"}`)
        .join(", ");
    }
    case "scores":
      return question.candidates
        .filter((c) => ballot.scores[c.id] !== undefined)
        .map((c) => `${c.name}: ${ballot.scores[c.id]}`)
        .join(", ");
  }
}
