import { z } from "zod";
import type { QuestionInput } from "../../../../contract/ballots/question";
import {
  type CandidateInput,
  type ChannelType,
  type CreateChannelInput,
  DEFAULT_END_TIME,
  DEFAULT_SECURITY_SETTINGS,
  DEFAULT_START_TIME,
  type SecuritySettings,
} from "../../../../contract/channels";
import { createChannelInput } from "../../../../contract/channels-input";

/** What the Create Channel form holds: the body's fields, the voting settings always present. */
export interface CreateChannelFields {
  name: string;
  type: ChannelType;
  description: string;
  is_private: boolean;
  security_settings: SecuritySettings;
  voting_settings: {
    startDate: string;
    endDate: string;
    startTime: string;
    endTime: string;
    candidates: CandidateInput[];
    /** Questions beyond the spec's offices (the question builder). */
    questions: QuestionInput[];
    /** The minimum turnout in percent, null for none. */
    quorumPercent: number | null;
  };
}

/** A blank form of the given type (the voting hours start at the spec's defaults). */
export const blankChannel = (type: ChannelType): CreateChannelFields => ({
  name: "",
  type,
  description: "",
  is_private: false,
  security_settings: DEFAULT_SECURITY_SETTINGS,
  voting_settings: {
    startDate: "",
    endDate: "",
    startTime: DEFAULT_START_TIME,
    endTime: DEFAULT_END_TIME,
    candidates: [],
    questions: [],
    quorumPercent: null,
  },
});

/**
 * The body the fields send: voting settings on election channels only, and e-mail and phone
 * verification likewise (they act on elections; the server refuses them elsewhere).
 */
export function channelBody(fields: CreateChannelFields): CreateChannelInput {
  const { voting_settings, security_settings, ...rest } = fields;
  if (fields.type === "election") return { ...rest, security_settings, voting_settings };
  return {
    ...rest,
    security_settings: { ...security_settings, emailVerification: false, phoneVerification: false },
  };
}

/**
 * The form's schema: the contract's `createChannelInput`, checking the body the fields send (the
 * same rules and words as the server). Its input is typed as the form's fields.
 */
export const createChannelForm = z.preprocess(
  (fields) => channelBody(fields as CreateChannelFields),
  createChannelInput,
) as unknown as z.ZodType<z.output<typeof createChannelInput>, CreateChannelFields>;
