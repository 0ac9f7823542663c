/**
 * A question and its counting method as zod schemas: the server parses the voting settings with them
 * and the question builder validates with the same ones. Apart from question.ts so a screen that only
 * shows a question or its ballot does not load zod.
 */

import { isImageAddress } from "../image-address";
import { messages } from "../messages";
import { z } from "../zod";
import {
  CANDIDATE_ORDERS,
  MAX_CANDIDATES,
  MJ_MAX_GRADES,
  MJ_MIN_GRADES,
  questionProblem,
  REFERENDUM_BASES,
  REFERENDUM_THRESHOLDS,
  SCORE_MAX_LIMIT,
} from "./question";

const candidateId = z.string().min(1).max(64);
const titleNeeded = "Give the question a title.";
const nameNeeded = "Every candidate needs a name.";

export const questionCandidateSchema = z.object({
  id: candidateId,
  name: z.string().trim().min(1, nameNeeded).max(200),
  party: z.string().trim().max(200).optional(),
  statement: z.string().max(5000).optional(),
  photo_url: z.string().max(2000).optional(),
});
export type QuestionCandidate = z.infer<typeof questionCandidateSchema>;

/** A whole number in a range, refused in words (an empty number field is NaN). */
const wholeNumber = (min: number, max: number, what: string) => {
  const words = `${what} must be a whole number from ${min} to ${max}.`;
  return z.number({ error: words }).int(words).min(min, words).max(max, words);
};
const seats = wholeNumber(1, MAX_CANDIDATES, "The number of seats");

export const questionMethodSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("plurality") }),
  z.object({ kind: z.literal("block"), seats }),
  z.object({
    kind: z.literal("approval"),
    min: wholeNumber(0, MAX_CANDIDATES, "The fewest choices"),
    max: wholeNumber(1, MAX_CANDIDATES, "The most choices"),
    seats: seats.default(1),
  }),
  z.object({
    kind: z.literal("referendum"),
    threshold: z.enum(REFERENDUM_THRESHOLDS),
    base: z.enum(REFERENDUM_BASES),
    abstain: z.boolean(),
  }),
  z.object({ kind: z.literal("irv") }),
  z.object({ kind: z.literal("stv"), seats }),
  z.object({ kind: z.literal("schulze") }),
  z.object({
    kind: z.literal("majority_judgment"),
    /** Best first, e.g. ["Excellent", "Very good", "Good", "Fair", "Reject"]. */
    grades: z
      .array(z.string().trim().min(1, "Every grade needs a name.").max(40))
      .min(MJ_MIN_GRADES, `Give between ${MJ_MIN_GRADES} and ${MJ_MAX_GRADES} grades.`)
      .max(MJ_MAX_GRADES, `Give between ${MJ_MIN_GRADES} and ${MJ_MAX_GRADES} grades.`),
  }),
  z.object({ kind: z.literal("score"), max: wholeNumber(1, SCORE_MAX_LIMIT, "The highest score") }),
]);
export type QuestionMethod = z.infer<typeof questionMethodSchema>;

export const questionSchema = z
  .object({
    title: z.string().trim().min(1, titleNeeded).max(200),
    description: z.string().max(5000).optional(),
    /** Empty for a referendum (its answers are Yes, No and Abstain). */
    candidates: z.array(questionCandidateSchema).max(MAX_CANDIDATES),
    method: questionMethodSchema,
    blank: z.boolean(),
    order: z.enum(CANDIDATE_ORDERS),
  })
  .superRefine((question, ctx) => {
    const problem = questionProblem(question);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
export type Question = z.infer<typeof questionSchema>;

/** A referendum's blank vote is its Abstain answer (Belenios's blank): never offered twice. */
export const referendumBlank = "A referendum has no separate blank vote: let voters abstain instead.";

export const questionInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, titleNeeded).max(200),
    description: z.string().trim().max(5000).default(""),
    candidates: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1, nameNeeded).max(200),
          party: z.string().trim().max(200).default(""),
          statement: z.string().trim().max(5000).default(""),
          photo_url: z
            .string()
            .trim()
            .max(2000)
            .refine(
              (address) => address === "" || isImageAddress(address),
              messages.candidatePhotoAddressInvalid,
            )
            .default(""),
        }),
      )
      .max(MAX_CANDIDATES),
    method: questionMethodSchema,
    blank: z.boolean().default(false),
    order: z.enum(CANDIDATE_ORDERS).default("as_entered"),
  })
  .superRefine((question, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: "custom", message });
    if (question.method.kind === "referendum" && question.blank) return refuse(referendumBlank);
    // Unnamed rows are each told their name is needed, not that they share one.
    const names = question.candidates.map((c) => c.name.toLowerCase()).filter((name) => name !== "");
    if (new Set(names).size !== names.length) return refuse("Two candidates have the same name.");
    const problem = questionProblem({
      candidates: question.candidates.map((c, index) => ({ ...c, id: String(index) })),
      method: question.method,
    });
    if (problem) refuse(problem);
  });
export type QuestionInput = z.input<typeof questionInputSchema>;
