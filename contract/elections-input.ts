/**
 * The elections' request bodies as zod schemas: the server parses each body with its schema and the
 * web forms validate with the same one. Apart from elections.ts so the ballot page, which only shows
 * words and calls endpoints, does not load zod.
 */

import { ballotSchema } from "./ballots/ballot-input";
import { RECEIPT_PATTERN } from "./bulletin";
import {
  calendarDateSchema,
  type candidateInputSchema,
  clockTime,
  votingSettingsSchema,
} from "./channels-input";
import { electionServerMessages } from "./elections";
import { messages } from "./messages";
import { verificationMessages } from "./verification-messages";
import { trimmed, z } from "./zod";

export const startVerificationInput = z.discriminatedUnion(
  "method",
  [
    z.strictObject({ method: z.literal("national_id"), id_number: z.string().overwrite(trimmed).max(50) }),
    z.strictObject({ method: z.literal("voters_card") }),
    z.strictObject({ method: z.literal("phone") }),
  ],
  { error: "Choose a verification method: National ID, Voter's Card or Phone" },
);

export const confirmVerificationInput = z.strictObject({
  method: z.enum(["voters_card", "phone"]),
  code: z.string().regex(/^\d{6}$/, { error: verificationMessages.invalidCode }),
});

export const castVoteInput = z.strictObject({
  grant_id: z.uuid({ error: electionServerMessages.grantMissing }),
  /**
   * The receipt, drawn by the voter's browser and kept there before the cast is sent, so that an
   * answer lost on its way back leaves the voter their receipt; drawn by the server when absent.
   */
  receipt: z.string().regex(RECEIPT_PATTERN).optional(),
  selections: z
    .array(
      z
        .strictObject({
          position_id: z.uuid(),
          /** The spec's one choice (plurality). */
          candidate_id: z.uuid().optional(),
          /** Any other answer (contract/ballots/ballot.ts), or a blank vote. */
          ballot: ballotSchema.optional(),
        })
        .refine((s) => (s.candidate_id === undefined) !== (s.ballot === undefined), {
          error: "Give each question one answer.",
        }),
    )
    .min(1, "Choose a candidate")
    .max(50),
  password: z.string().max(200).optional(),
});
export type CastVoteInput = z.input<typeof castVoteInput>;

export const extendElectionInput = z.strictObject({
  end_date: calendarDateSchema(messages.votingPeriodRequired),
  end_time: clockTime,
});

export const electionOptionsInput = z.strictObject({ results_hidden: z.boolean() });

/** Channel Configuration before voting opens: the voting window and the candidates. */
export const electionDefinitionInput = z.strictObject({
  title: z.string().overwrite(trimmed).min(1).max(100).optional(),
  description: z.string().overwrite(trimmed).max(1000).optional(),
  voting_settings: votingSettingsSchema,
  /**
   * The election's `version` the edit started from: refused (409) when the election changed since.
   * An API client that sends none replaces the definition whatever its version, as before.
   */
  version: z.number().int().positive().optional(),
});
export type ElectionDefinitionInput = z.input<typeof electionDefinitionInput>;
export type CandidateInputEntry = z.input<typeof candidateInputSchema>;

/** Starting a verification: the National ID's number, or which code to send. */
export type StartVerification = z.input<typeof startVerificationInput>;
