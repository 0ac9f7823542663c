import { isHttpUrl } from "./channels";
import { messages } from "./messages";
import { trimmed, z } from "./zod";

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

/** One logo button of the organization strip. */
export interface OrganizationSummary {
  id: string;
  name: string;
  logo_url: string;
}

export interface OrganizationProfile extends OrganizationSummary {
  description: string;
  website: string;
  /** Where it is (the country given at sign-up until the profile is edited); search shows and matches it. */
  location: string;
  status: "active" | "inactive" | "suspended";
  owner_id: string;
  created_at: string;
  member_count: number;
  channel_count: number;
  is_public: boolean;
  allow_member_invites: boolean;
  require_approval: boolean;
  two_factor_required: boolean;
  timezone: string;
  /** Present only for viewers who may share it (admins; members when member invites are allowed). */
  invite_code: string | null;
  /** The viewer's role here, and what they may do. */
  role: "admin" | "member";
  can: { manage: boolean; invite: boolean };
}

export interface OrganizationStats {
  total_members: number;
  active_channels: number;
  total_votes_cast: number;
  online_now: number;
}

export interface MyOrganizations {
  current_id: string | null;
  organizations: OrganizationSummary[];
  /** The organizations the user asked to join, the request waiting for an administrator. */
  pending: Array<{ id: string; name: string }>;
}

export interface Member {
  user_id: string;
  full_name: string;
  /**
   * Shown to the organization's administrators and to the member themselves; to other members only
   * when the member chose to share it (settings: privacy.shareEmail). Null otherwise.
   */
  email: string | null;
  user_type: "voter" | "organization";
  role: "admin" | "member";
  joined_at: string;
}

export interface JoinRequest {
  id: string;
  user_id: string;
  full_name: string;
  email: string;
  created_at: string;
  /** Held: this member already registered the same ID number (only one of them may be on the roll). */
  same_id_number_as: { user_id: string; full_name: string } | null;
}

export interface SearchResult {
  id: string;
  name: string;
  description: string;
  location: string;
  logo_url: string;
  member_count: number;
  joined: boolean;
  pending: boolean;
  /** Joinable from search: public; others need an invite link. */
  is_public: boolean;
}

export interface InvitePreview {
  invite_code: string;
  organization: { id: string; name: string; description: string; member_count: number; logo_url: string };
  joined: boolean;
  /** The viewer's request to join waits for an administrator (as search's `pending`). */
  pending: boolean;
}

export interface JoinResult {
  status: "joined" | "pending";
  message: string;
  organization_id: string;
}

const optionalText = (max: number) =>
  z.string().overwrite(trimmed).max(max, `Must be at most ${max} characters`);

export const updateOrganizationInput = z.strictObject({
  name: z
    .string({ error: messages.organizationNameRequired })
    .overwrite(trimmed)
    .min(1, messages.organizationNameRequired)
    .max(100)
    .optional(),
  description: optionalText(1000).optional(),
  website: optionalText(300)
    .refine((value) => value === "" || isHttpUrl(value), { error: messages.websiteInvalid })
    .optional(),
  location: optionalText(120).optional(),
  /** Election dates and hours are read in this zone (IANA name, e.g. Africa/Lagos). */
  timezone: z.string().max(64).refine(isTimeZone, { error: "Choose a time zone from the list" }).optional(),
});
export type UpdateOrganizationInput = z.input<typeof updateOrganizationInput>;

export const organizationSettingsInput = z.strictObject({
  is_public: z.boolean().optional(),
  allow_member_invites: z.boolean().optional(),
  require_approval: z.boolean().optional(),
});
export type OrganizationSettingsInput = z.input<typeof organizationSettingsInput>;

export const switchOrganizationInput = z.strictObject({
  organization_id: z.uuid({ error: messages.organizationNotFound }),
});

/** An administrator makes a member an administrator, or takes it back (never from the owner). */
export const memberRoleInput = z.strictObject({
  role: z.enum(["admin", "member"], { error: "Role must be admin or member" }),
});
export type MemberRoleInput = z.infer<typeof memberRoleInput>;

export const searchQuery = z.strictObject({ q: z.string().max(100).default("") });

/** The sidebar calendar's month: `from` and `to` are instants, at most 62 days apart. */
export const calendarQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

/** An election (opening and closing) or a room session (when it started) in the organization's calendar. */
export interface CalendarEvent {
  kind: "election" | "airing" | "live";
  id: string;
  title: string;
  /** The channel it belongs to (null for an election whose channel was deleted). */
  channel: { id: string; name: string; type: "election" | "airing" | "live" } | null;
  status: string;
  starts_at: string;
  /** Elections: when voting closes. Sessions: when it ended, or null while on air. */
  ends_at: string | null;
}

/** A member of an organization in the address: `/api/organizations/:id/members/:userId`. */
export const memberParams = z.object({
  id: z.uuid({ error: messages.notFound }),
  userId: z.uuid({ error: messages.memberNotFound }),
});

/** An invitation's code in the address (any text: an unknown code is the service's "not found"). */
export const inviteParams = z.object({ code: z.string() });
