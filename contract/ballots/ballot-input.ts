/**
 * A ballot as a zod schema, one shape per kind of answer: the server parses each cast ballot with it.
 * Apart from ballot.ts so the ballot screen, which only checks a ballot in words (validateBallot),
 * does not load zod.
 */
import { z } from "../zod";
import { REFERENDUM_ANSWERS } from "./ballot";
import { MAX_CANDIDATES } from "./question";

const candidateId = z.string().min(1).max(64);

export const ballotSchema = z.discriminatedUnion("kind", [
  /** Counted as cast, for no one. */
  z.object({ kind: z.literal("blank") }),
  /** plurality */
  z.object({ kind: z.literal("choice"), candidate: candidateId }),
  /** block, approval */
  z.object({ kind: z.literal("set"), candidates: z.array(candidateId).max(MAX_CANDIDATES) }),
  /** referendum */
  z.object({ kind: z.literal("answer"), answer: z.enum(REFERENDUM_ANSWERS) }),
  /** irv, stv (one candidate per rank), schulze (several may share a rank); first rank first. */
  z.object({
    kind: z.literal("ranking"),
    ranks: z.array(z.array(candidateId).min(1).max(MAX_CANDIDATES)).max(MAX_CANDIDATES),
  }),
  /** majority judgment: candidate id → grade index (0 = the best grade, as the admin listed them). */
  z.object({ kind: z.literal("grades"), grades: z.record(candidateId, z.number()) }),
  /** score: candidate id → score from 0 to the question's maximum. */
  z.object({ kind: z.literal("scores"), scores: z.record(candidateId, z.number()) }),
]);
export type Ballot = z.infer<typeof ballotSchema>;
