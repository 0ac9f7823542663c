/**
 * The channels' request bodies as zod schemas (security settings, permissions, the voting settings
 * and their candidates, creation, renaming, preferences, members): the server parses each body with
 * its schema and the web forms validate with the same one. Apart from channels.ts so a screen that
 * only shows channels does not load zod.
 */

import { questionInputSchema } from "./ballots/question-input";
import {
  CANDIDATE_POSITIONS,
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_TYPES,
  DEFAULT_END_TIME,
  DEFAULT_SECURITY_SETTINGS,
  DEFAULT_START_TIME,
  isCalendarDate,
  isYearInRange,
  NOTIFY_CHOICES,
  POSITION_LABELS,
} from "./channels";
import { isImageAddress } from "./image-address";
import { messages } from "./messages";
import { trimmed, z } from "./zod";

export const securitySettingsSchema = z.strictObject({
  twoFactor: z.boolean().default(false),
  biometric: z.boolean().default(false),
  passkey: z.boolean().default(false),
  emailVerification: z.boolean().default(false),
  phoneVerification: z.boolean().default(false),
});
export type SecuritySettings = z.output<typeof securitySettingsSchema>;

/**
 * A save of the permissions names only the switches it changes, merged into the stored ones: the two
 * are independent, so two administrators' switches both stay (no default fills a switch not named;
 * a new channel has DEFAULT_PERMISSIONS).
 */
export const channelPermissionsChange = z.strictObject({
  /** Members may comment and react (posting itself follows is_private). */
  membersCanComment: z.boolean().optional(),
  /** Members may attach images and files. */
  membersCanAttach: z.boolean().optional(),
});
export type ChannelPermissions = Required<z.output<typeof channelPermissionsChange>>;

/** A calendar date YYYY-MM-DD that exists (never rolled over: 2026-12-32 is refused, not January 1). */
export const calendarDateSchema = (required: string) =>
  z
    .string({ error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: required })
    .refine(isCalendarDate, { error: messages.invalidDate, abort: true })
    .refine(isYearInRange, { error: messages.dateOutOfRange });

const date = calendarDateSchema(messages.votingPeriodRequired);
/** A time of day HH:MM (24-hour). */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.invalidTime });

export const candidateInputSchema = z.strictObject({
  name: z
    .string({ error: messages.candidateNameRequired })
    .overwrite(trimmed)
    .min(1, messages.candidateNameRequired)
    .max(100),
  party: z
    .string({ error: messages.candidatePartyRequired })
    .overwrite(trimmed)
    .min(1, messages.candidatePartyRequired)
    .max(100),
  position: z.enum(CANDIDATE_POSITIONS, { error: messages.candidatePositionRequired }),
  image: z
    .string({ error: messages.candidateImageRequired })
    .overwrite(trimmed)
    .min(1, messages.candidateImageRequired)
    .max(2000)
    .refine(isImageAddress, { error: messages.candidateImageInvalid }),
});
export type CandidateInput = z.output<typeof candidateInputSchema>;

export const votingSettingsSchema = z
  .strictObject({
    startDate: date,
    endDate: date,
    startTime: clockTime.default(DEFAULT_START_TIME),
    endTime: clockTime.default(DEFAULT_END_TIME),
    /** The spec's offices: one plurality question per office the candidates stand for. */
    candidates: z.array(candidateInputSchema).max(100),
    /** Any other questions, with any method (contract/ballots/question.ts), after the offices. */
    questions: z.array(questionInputSchema).max(20).default([]),
    /** The share of the roll that must vote for the result to be valid; null for none. */
    quorumPercent: z
      .number({ error: messages.quorumInvalid })
      .int(messages.quorumInvalid)
      .min(1, messages.quorumInvalid)
      .max(100, messages.quorumInvalid)
      .nullable()
      .default(null),
  })
  .refine((v) => `${v.endDate}T${v.endTime}` > `${v.startDate}T${v.startTime}`, {
    error: messages.votingPeriodOrder,
  })
  .superRefine((v, ctx) => {
    // Voters, the receipt, the board and the results name a question by its title alone.
    const seen = new Set(v.candidates.map((c) => POSITION_LABELS[c.position].toLowerCase()));
    for (const [index, question] of v.questions.entries()) {
      const title = question.title.toLowerCase();
      if (seen.has(title)) {
        ctx.addIssue({
          code: "custom",
          path: ["questions", index],
          message: messages.questionTitleRepeated(question.title),
        });
      }
      seen.add(title);
    }
  });
export type VotingSettings = z.output<typeof votingSettingsSchema>;

const channelName = z
  .string({ error: messages.channelNameRequired })
  .overwrite(trimmed)
  .min(1, messages.channelNameRequired)
  .max(CHANNEL_NAME_MAX, messages.channelNameTooLong);

export const createChannelInput = z
  .strictObject({
    organization_id: z.uuid().optional(),
    name: channelName,
    type: z.enum(CHANNEL_TYPES, { error: messages.channelTypeInvalid }),
    description: z.string().overwrite(trimmed).max(CHANNEL_DESCRIPTION_MAX).default(""),
    is_private: z.boolean().default(false),
    security_settings: securitySettingsSchema.default(DEFAULT_SECURITY_SETTINGS),
    voting_settings: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null) return undefined;
        const parsed = votingSettingsSchema.safeParse(value);
        if (!parsed.success) {
          ctx.addIssue({
            code: "custom",
            message: parsed.error.issues[0]?.message ?? messages.votingPeriodRequired,
          });
          return z.NEVER;
        }
        return parsed.data;
      }),
  })
  .superRefine((input, ctx) => {
    if (input.type !== "election") return;
    const voting = input.voting_settings;
    if (!voting?.startDate || !voting.endDate)
      ctx.addIssue({ code: "custom", message: messages.votingPeriodRequired });
    else if (voting.candidates.length === 0 && voting.questions.length === 0)
      ctx.addIssue({ code: "custom", message: messages.candidateRequired });
  });
export type CreateChannelInput = z.input<typeof createChannelInput>;

/**
 * The version of what is saved whole (a channel's security settings or posters) that the edit
 * started from, as an election's definition and roll have: refused (409) when it changed since; an
 * API client that sends none writes as before (server/db/versions.ts).
 */
const editedVersion = z.number().int().positive().optional();

export const updateChannelInput = z.strictObject({
  name: channelName.optional(),
  description: z.string().overwrite(trimmed).max(CHANNEL_DESCRIPTION_MAX).optional(),
  is_private: z.boolean().optional(),
  /** The verification rules are one set, saved whole with the `security_version` they started from. */
  security_settings: securitySettingsSchema.optional(),
  security_version: editedVersion,
  permissions: channelPermissionsChange.optional(),
});
export type UpdateChannelInput = z.input<typeof updateChannelInput>;

export const channelPreferencesInput = z.strictObject({
  notify: z.enum(NOTIFY_CHOICES).optional(),
  /** Minutes from now, null for "until turned back on", false to unmute. */
  mute: z
    .union([
      z.literal(false),
      z.null(),
      z
        .number()
        .int()
        .min(1)
        .max(60 * 24 * 366),
    ])
    .optional(),
  hidden: z.boolean().optional(),
  favorite: z.boolean().optional(),
});
export type ChannelPreferencesInput = z.input<typeof channelPreferencesInput>;

/** The private channel's posters, chosen whole from the list at `version` (ChannelPosters). */
export const channelMembersInput = z.strictObject({
  user_ids: z.array(z.uuid()).max(10_000),
  version: editedVersion,
});
