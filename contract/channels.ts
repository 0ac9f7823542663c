import type { ChannelPermissions, SecuritySettings, VotingSettings } from "./channels-input";

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

/**
 * Which verification codes this server delivers to voters: by e-mail (Voter's Card), by text message
 * (Phone). A method whose codes reach no one is not offered, and its switch cannot be turned on.
 */
export interface DeliveredCodes {
  email: boolean;
  phone: boolean;
}

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  twoFactor: false,
  biometric: false,
  passkey: false,
  emailVerification: false,
  phoneVerification: false,
};

export const DEFAULT_PERMISSIONS: ChannelPermissions = { membersCanComment: true, membersCanAttach: true };

/** "2026-02-29" names no day: a date must exist in the calendar, not only look like one. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The years an election's dates may fall in (messages.dateOutOfRange names them): a typing slip (0001, 9999) is said as such. */
const DATE_YEARS = { first: 2000, last: 2100 } as const;

export function isYearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEARS.first && year <= DATE_YEARS.last;
}

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
  /**
   * Raised by each save of the security settings: the settings form sends the version it started
   * from, and an older one is refused (409), so a stale tab never writes another's rules back.
   */
  security_version: number;
  /** The same for the private channel's posters (ChannelPosters.version), apart from the settings'. */
  posters_version: number;
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
  /** The tab to open on (an election channel's `vote` or `results`), for a link from a message. */
  tab?: string,
): string {
  const type = area === "member" && channel.type === "live" ? "streaming" : channel.type;
  const query = new URLSearchParams({ channelId: channel.id, channelName: channel.name });
  if (tab) query.set("tab", tab);
  return `/${area}/${type}?${query}`;
}

/** A channel written, with the words that say so. */
export type ChannelSaved = { channel: Channel; message: string };

/**
 * A channel created. `notice`: what else the creation changed in the organization, in words to
 * show beside the message (the first election turned "Require Admin Approval" on).
 */
export type ChannelCreated = ChannelSaved & { notice?: string };

export const channelMessages = {
  /**
   * Creating the organization's first election turned the setting on (docs/security.md). It says
   * what an administrator does with it: Join Requests shows who asks, not their ID number (kept as a
   * keyed hash only; a number another member holds is flagged there).
   */
  approvalTurnedOn: (organization: string) =>
    `Require Admin Approval is now on for ${organization}, so you approve each new member before they can vote in its elections; you can turn it off in the organization profile.`,
};

// The schemas of the channels' bodies (the channel's creation, configuration and preferences forms).
export type {
  CandidateInput,
  ChannelPermissions,
  ChannelPreferencesInput,
  CreateChannelInput,
  SecuritySettings,
  UpdateChannelInput,
  VotingSettings,
} from "./channels-input";
