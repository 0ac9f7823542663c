import { z } from "zod";
import { questionInputSchema } from "./ballots/question";
import { isImageAddress } from "./image-address";
import { messages } from "./messages";

export const CHANNEL_TYPES = ["text", "airing", "live", "election"] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const CHANNEL_NAME_MAX = 50;
export const CHANNEL_DESCRIPTION_MAX = 500;
export const DUPLICATE_SUFFIX = "-copy";
export const CANDIDATE_POSITIONS = ["president", "governor", "senator", "prime-minister"] as const;
export type CandidatePosition = (typeof CANDIDATE_POSITIONS)[number];
export const POSITION_LABELS: Record<CandidatePosition, string> = {
  president: "President",
  governor: "Governor",
  senator: "Senator",
  "prime-minister": "Prime Minister",
};
export const DEFAULT_START_TIME = "08:00";
export const DEFAULT_END_TIME = "18:00";
/** Sidebar groups, in order, with their labels. */
export const CHANNEL_GROUPS: Array<{ type: ChannelType; label: string }> = [
  { type: "text", label: "Text Channels" },
  { type: "airing", label: "Airing Channels" },
  { type: "live", label: "Live Streaming Channels" },
  { type: "election", label: "Election Channels" },
];
/** Notification choices of a channel's settings. */
export const NOTIFY_CHOICES = ["all", "mentions", "voters", "nothing"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];
/** Mute durations of the channel menu, in minutes; null = until turned back on. */
export const MUTE_DURATIONS: Array<{ label: string; minutes: number | null }> = [
  { label: "30 minutes", minutes: 30 },
  { label: "1 hour", minutes: 60 },
  { label: "24 hours", minutes: 24 * 60 },
  { label: "7 days", minutes: 7 * 24 * 60 },
  { label: "Until I turn it back on", minutes: null },
];

export const securitySettingsSchema = z.strictObject({
  twoFactor: z.boolean().default(false),
  biometric: z.boolean().default(false),
  passkey: z.boolean().default(false),
  emailVerification: z.boolean().default(false),
  phoneVerification: z.boolean().default(false),
});
export type SecuritySettings = z.output<typeof securitySettingsSchema>;
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  twoFactor: false,
  biometric: false,
  passkey: false,
  emailVerification: false,
  phoneVerification: false,
};

export const channelPermissionsSchema = z.strictObject({
  /** Members may comment and react (posting itself follows is_private). */
  membersCanComment: z.boolean().default(true),
  /** Members may attach images and files. */
  membersCanAttach: z.boolean().default(true),
});
export type ChannelPermissions = z.output<typeof channelPermissionsSchema>;
export const DEFAULT_PERMISSIONS: ChannelPermissions = { membersCanComment: true, membersCanAttach: true };

/** "2026-02-29" names no day: a date must exist in the calendar, not only look like one. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date YYYY-MM-DD that exists (never rolled over: 2026-12-32 is refused, not January 1). */
export const calendarDateSchema = (required: string) =>
  z
    .string({ error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: required })
    .refine(isCalendarDate, { error: messages.invalidDate });

const date = calendarDateSchema(messages.votingPeriodRequired);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.invalidTime });

export const candidateInputSchema = z.strictObject({
  name: z
    .string({ error: messages.candidateNameRequired })
    .trim()
    .min(1, messages.candidateNameRequired)
    .max(100),
  party: z
    .string({ error: messages.candidatePartyRequired })
    .trim()
    .min(1, messages.candidatePartyRequired)
    .max(100),
  position: z.enum(CANDIDATE_POSITIONS, { error: messages.candidatePositionRequired }),
  image: z
    .string({ error: messages.candidateImageRequired })
    .trim()
    .min(1, messages.candidateImageRequired)
    .max(2000)
    .refine(isImageAddress, { error: messages.candidateImageInvalid }),
});
export type CandidateInput = z.output<typeof candidateInputSchema>;

export const votingSettingsSchema = z
  .strictObject({
    startDate: date,
    endDate: date,
    startTime: time.default(DEFAULT_START_TIME),
    endTime: time.default(DEFAULT_END_TIME),
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
  });
export type VotingSettings = z.output<typeof votingSettingsSchema>;

const channelName = z
  .string({ error: messages.channelNameRequired })
  .trim()
  .min(1, messages.channelNameRequired)
  .max(CHANNEL_NAME_MAX, messages.channelNameTooLong);

export const createChannelInput = z
  .strictObject({
    organization_id: z.uuid().optional(),
    name: channelName,
    type: z.enum(CHANNEL_TYPES, { error: messages.channelTypeInvalid }),
    description: z.string().trim().max(CHANNEL_DESCRIPTION_MAX).default(""),
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

export const updateChannelInput = z.strictObject({
  name: channelName.optional(),
  description: z.string().trim().max(CHANNEL_DESCRIPTION_MAX).optional(),
  is_private: z.boolean().optional(),
  security_settings: securitySettingsSchema.optional(),
  permissions: channelPermissionsSchema.optional(),
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

export const channelMembersInput = z.strictObject({ user_ids: z.array(z.uuid()).max(10_000) });

export interface ChannelPreferences {
  notify: NotifyChoice;
  muted: boolean;
  muted_until: string | null;
  hidden: boolean;
  favorite: boolean;
}

export interface Channel {
  id: string;
  name: string;
  type: ChannelType;
  organization_id: string;
  description: string;
  is_private: boolean;
  created_by: string | null;
  security_settings: SecuritySettings;
  voting_settings: VotingSettings | null;
  permissions: ChannelPermissions;
  created_at: string;
  /** The viewer's own choices for this channel. */
  preferences: ChannelPreferences;
  /** What the viewer may do: the UI shows controls from these, never re-deriving a rule. */
  can: {
    manage: boolean;
    post: boolean;
    /** The channel asks for two-factor sign-in, which the viewer has not turned on: they may read only. */
    two_factor_needed: boolean;
  };
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The channel's page in an area: /organization/{type}?channelId=…&channelName=… */
export function channelPath(
  area: "organization" | "member",
  channel: Pick<Channel, "id" | "name" | "type">,
): string {
  const type = area === "member" && channel.type === "live" ? "streaming" : channel.type;
  const query = new URLSearchParams({ channelId: channel.id, channelName: channel.name });
  return `/${area}/${type}?${query}`;
}

/** A channel written, with the words that say so. */
export type ChannelSaved = { channel: Channel; message: string };
