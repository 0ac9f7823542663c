import type { UserType } from "./accounts";
import { newPassword } from "./accounts-input";
import { done, endpoint, typedAnswer } from "./endpoint";
import { type SessionInfo, sessionMessages } from "./sessions";
import { z } from "./zod";

/** The voter profile (/voters, spec part 2 "Voter profile"): its constants, messages, inputs and answers. */

/** The ID hash is shown to this many characters (spec part 2 section 9). */
export const ID_HASH_SHOWN = 16;
/** Recent Activity is read in pages of this many events, newest first. */
export const ACTIVITY_PAGE_SIZE = 5;

/** GET /api/profile/activity?page=n (0 is the newest page). */
export const activityQuery = z.strictObject({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** One page of Recent Activity; `has_more`: older events follow on the next page. */
export interface ActivityPage {
  items: ActivityItem[];
  page: number;
  has_more: boolean;
}

export const profileMessages = {
  loading: "Loading profile...",
  unnamed: "Unnamed User",
  notProvided: "Not provided",
  verificationWarning: "Changes to your contact information must be verified before they become official.",
  saved: "Profile saved",
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "Your current password is not correct",
  passwordsDiffer: "The new passwords do not match",
  passwordSame: "The new password must be different from the current one",
  passwordChanged: "Your password has been changed. Other devices were signed out.",
  contactPasswordRequired: "Enter your current password to change your phone number",
  contactPasswordHint: "Changing your phone number needs your current password",
  twoFactorOn: "Two-factor sign-in is on",
  twoFactorEnabled: "Two-factor sign-in is now on for your account.",
  noActivity: "No activity yet.",
  noStations: "You are not in any organization's elections yet.",
} as const;

export const changePasswordInput = z.strictObject({
  current_password: z
    .string({ error: profileMessages.currentPasswordRequired })
    .min(1, { error: profileMessages.currentPasswordRequired })
    .max(200, { error: profileMessages.currentPasswordWrong }),
  new_password: newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export interface VoterProfile {
  id: string;
  full_name: string;
  email: string;
  /** '' when none was given (shown as 'Not provided'). */
  phone_number: string;
  /** '' when the user has no picture (initials are drawn). */
  avatar_url: string;
  role: UserType;
  id_type: string | null;
  /** The first 16 characters of the keyed hash of the registered ID number; null when none. */
  id_hash_prefix: string | null;
  created_at: string;
  organization_id: string | null;
  organization_name: string | null;
  /**
   * 'Verified Voter': the voter passed an identity verification on the server at least once
   * (National ID matched against the registered number, or a one-time code). Never assumed.
   */
  verified_voter: boolean;
  verified_at: string | null;
  two_factor_enabled: boolean;
}

/** What changed an account's security: each shown in its owner's Recent Activity with the device that asked. */
export const ACCOUNT_EVENT_KINDS = [
  "password_changed",
  "password_reset",
  "two_factor_on",
  "two_factor_off",
  "signed_out_others",
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

export type ActivityKind =
  | "registered"
  | "updated_contact"
  | "joined_organization"
  | "left_organization"
  | "verified_identity"
  | "voted"
  | AccountEventKind;

/** One event of the user's own, from the rows that record it. A vote never says what was chosen. */
export interface ActivityItem {
  kind: ActivityKind;
  title: string;
  detail: string;
  at: string;
}

/** An election channel of one of the user's organizations ("Find My Polling Station"). */
export interface PollingStation {
  election_id: string;
  title: string;
  status: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  channel_id: string;
  channel_name: string;
  organization_id: string;
  organization_name: string;
  /** The user voted in it (for at least one position). */
  voted: boolean;
}

/** One of the user's sessions, by its handle (never the cookie's token). */
export const sessionHandleParams = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/, sessionMessages.notFound),
});

/** The voter profile's endpoints: any signed-in user's own facts, activity and security. */
export const profileEndpoints = {
  profile: endpoint({
    method: "GET",
    path: "/api/profile",
    access: "user",
    response: typedAnswer<{ profile: VoterProfile }>(),
  }),
  activity: endpoint({
    method: "GET",
    path: "/api/profile/activity",
    access: "user",
    query: activityQuery,
    response: typedAnswer<ActivityPage>(),
  }),
  pollingStations: endpoint({
    method: "GET",
    path: "/api/profile/polling-stations",
    access: "user",
    response: typedAnswer<{ stations: PollingStation[] }>(),
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/account/password",
    access: "user",
    body: changePasswordInput,
    response: done,
  }),
  sessions: endpoint({
    method: "GET",
    path: "/api/profile/sessions",
    access: "user",
    response: typedAnswer<{ sessions: SessionInfo[] }>(),
  }),
  /** Ends one other session; the current one ends by signing out (DELETE /api/session). */
  endSession: endpoint({
    method: "DELETE",
    path: "/api/profile/sessions/:id",
    access: "user",
    params: sessionHandleParams,
    response: done,
  }),
  endOtherSessions: endpoint({
    method: "DELETE",
    path: "/api/profile/sessions",
    access: "user",
    response: done,
  }),
};
