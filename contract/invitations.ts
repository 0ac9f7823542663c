/**
 * Voter lists and invitations: an administrator imports a CSV of voters, previews it, invites the
 * good rows by e-mail (a single-use link that expires), and follows each invitation. The roll of an
 * election may be chosen from the members and these lists (`ElectionRoll`).
 */

import { ID_TYPES } from "./accounts";
import { newPassword, phoneNumber } from "./accounts-input";
import { done, endpoint, idParams, typedAnswer } from "./endpoint";
import { messages } from "./messages";
import { trimmed, z } from "./zod";

/** How long an invitation link works. */
export const INVITATION_DAYS = 14;
/** The largest CSV accepted (characters): about 5,000 rows. */
export const VOTER_LIST_MAX_CHARS = 1_000_000;

export const voterListMessages = {
  empty: "The file has no voters: put a header row, then one voter per line.",
  header: 'The first row must name the columns, with at least "Full name" and "Email".',
  semicolons:
    'The columns are separated by semicolons: save the file as "CSV UTF-8 (comma delimited)" and choose it again.',
  unclosedQuote: (line: number) =>
    `A quote opened on line ${line} is never closed, so everything after it reads as one value: close it or remove it.`,
  notVoterAccount:
    "This invitation is to vote, and an organization account cannot vote: ask the organization to invite an address of a voter account.",
  tooMany: (max: number) => `A list holds at most ${max.toLocaleString("en-US")} voters: split the file.`,
  tooLarge: "The file is too large: a list holds at most about 5,000 voters.",
  notUtf8Text:
    'This file is not a CSV file saved as UTF-8 text (a workbook, a picture, or text in another encoding): in your spreadsheet, save it as "CSV UTF-8 (comma delimited)" and choose it again.',
  nothingToSend: "No row can be invited: fix the rows marked in the preview.",
  invitationGone: "This invitation no longer exists.",
  invitationUsed: "This invitation has already been used.",
  invitationExpired: "This invitation has expired. Ask the organization to send a new one.",
  invitationRevoked: "This invitation was withdrawn by the organization.",
  invitationReplaced:
    "This invitation link was replaced by a newer one: open the link in the latest invitation e-mail.",
  invitationInvalid:
    "This invitation link is not valid. Check that you opened the whole link from the e-mail.",
  wrongAccount: (email: string) =>
    `This invitation is for ${email}. Sign out, then open the link again to sign in with that address, or to create its account.`,
  accountExists: "An account already uses this e-mail address: sign in to accept the invitation.",
  sameIdNumber:
    "Another member of this organization registered the same ID number. Ask the organization's administrator.",
  idNumberMismatch: "The ID number does not match the one on the organization's voter list.",
  cannotResend: "Only an invitation that was not accepted or withdrawn can be sent again.",
  cannotRevoke: "Only an invitation that was not accepted can be withdrawn.",
  accepted: (organization: string) => `Welcome to ${organization}! You are now a member.`,
  retrying: (reason: string) => `Not delivered yet, trying again: ${reason}`,
  resent: (email: string) => `A new invitation was sent to ${email}; the previous link no longer works.`,
  revoked: (email: string) => `The invitation to ${email} was revoked; its link no longer works.`,
} as const;

/** What can be wrong with one row of a voter list. */
export const VOTER_LIST_PROBLEMS = {
  missing_name: "Full name is missing",
  name_too_long: "Full name is longer than 100 characters",
  missing_email: "E-mail is missing",
  bad_email: "E-mail is not a valid address",
  duplicate: "E-mail appears earlier in the file",
  member: "Already a member of the organization",
  invited: "Already invited (waiting for an answer)",
  bad_id_type: `ID type must be one of: ${ID_TYPES.join(", ")}`,
  bad_weight: "Weight must be a number above 0",
  too_long: "Phone or ID number is too long",
  bad_phone: "Phone number cannot receive text messages (7 to 15 digits, such as +233 20 555 0101)",
} as const;
export type VoterListProblem = keyof typeof VOTER_LIST_PROBLEMS;

export const voterListInput = z.strictObject({
  /** The file's name, kept as the list's name. */
  filename: z.string().overwrite(trimmed).min(1).max(200),
  csv: z.string().min(1, { error: voterListMessages.empty }).max(VOTER_LIST_MAX_CHARS, {
    error: voterListMessages.tooLarge,
  }),
});
export type VoterListInput = z.input<typeof voterListInput>;

export interface VoterListRow {
  line: number;
  full_name: string;
  email: string;
  phone_number: string;
  id_type: string | null;
  /** An ID number was given (it is stored only as a keyed hash). */
  has_id_number: boolean;
  weight: number;
  problems: VoterListProblem[];
}

export interface VoterListPreview {
  rows: VoterListRow[];
  good: number;
  bad: number;
}

export interface VoterListSent {
  list_id: string;
  sent: number;
  skipped: number;
  message: string;
}

/**
 * An invitation's state. sent, delivered and failed are its e-mail's (the outbox): sent while it waits
 * to leave, delivered once the mail server accepted it (the last hop anyone reports back), failed with
 * the server's reason; then accepted, revoked or expired.
 */
export const INVITATION_STATES = ["sent", "delivered", "failed", "accepted", "revoked", "expired"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export interface Invitation {
  id: string;
  list_id: string;
  email: string;
  full_name: string;
  state: InvitationState;
  /**
   * The mail server's reason when the e-mail failed, or (state `sent`) when it was refused for now
   * and waits to be tried again.
   */
  failure: string | null;
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  accepted_user_id: string | null;
}

export interface VoterList {
  id: string;
  name: string;
  created_at: string;
  invited: number;
  joined: number;
}

export interface InvitationsOverview {
  lists: VoterList[];
  invitations: Invitation[];
}

/** What the invitation link shows before it is used (its holder is the invited address's owner). */
export interface InvitationPreview {
  organization: { id: string; name: string; description: string; logo_url: string };
  email: string;
  full_name: string;
  phone_number: string;
  id_type: string | null;
  expires_at: string;
  /** An account already uses the invited address: it signs in to accept. */
  account_exists: boolean;
}

/** A token no invitation has (empty, or longer than any): an invalid link, in the page's own words. */
export const invitationTokenParams = z.object({
  token: z.string().min(1, voterListMessages.invitationInvalid).max(200, voterListMessages.invitationInvalid),
});
export const acceptInvitationInput = z.strictObject({ token: z.string().min(1).max(200) });

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .overwrite(trimmed)
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** A new account from an invitation: the e-mail is the invited one, so it is not asked. */
export const invitationAccountInput = z.strictObject({
  token: z.string().min(1).max(200),
  full_name: required(messages.fullNameRequired, 100),
  password: newPassword,
  phone_number: phoneNumber,
  id_type: z.enum(ID_TYPES, { error: messages.idTypeInvalid }),
  id_number: required(messages.idNumberRequired, 50),
});
export type InvitationAccountInput = z.input<typeof invitationAccountInput>;

export interface InvitationAccepted {
  success: true;
  message: string;
  organization_id: string;
}

export const invitationsEndpoints = {
  preview: endpoint({
    method: "POST",
    path: "/api/organizations/:id/voter-lists/preview",
    access: "organization",
    params: idParams,
    body: voterListInput,
    response: typedAnswer<VoterListPreview>(),
  }),
  send: endpoint({
    method: "POST",
    path: "/api/organizations/:id/voter-lists",
    access: "organization",
    params: idParams,
    body: voterListInput,
    response: typedAnswer<VoterListSent>(),
  }),
  list: endpoint({
    method: "GET",
    path: "/api/organizations/:id/invitations",
    access: "organization",
    params: idParams,
    response: typedAnswer<InvitationsOverview>(),
  }),
  resend: endpoint({
    method: "POST",
    path: "/api/invitations/:id/resend",
    access: "organization",
    params: idParams,
    response: done,
  }),
  revoke: endpoint({
    method: "POST",
    path: "/api/invitations/:id/revoke",
    access: "organization",
    params: idParams,
    response: done,
  }),
  /** The link's page: the token is a path part the log never shows (http/logging.ts). */
  open: endpoint({
    method: "GET",
    path: "/api/invitation/:token",
    access: "public",
    params: invitationTokenParams,
    response: typedAnswer<InvitationPreview>(),
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/invitations/accept",
    access: "user",
    body: acceptInvitationInput,
    response: typedAnswer<InvitationAccepted>(),
  }),
  createAccount: endpoint({
    method: "POST",
    path: "/api/invitations/account",
    access: "public",
    body: invitationAccountInput,
    response: typedAnswer<InvitationAccepted>(),
  }),
};

/**
 * Who may vote in an election: every voter member (the default), or a roll the administrator
 * chose while the election is upcoming: voter members picked, and the people of imported lists who
 * joined. Either way it is fixed when voting opens.
 */
export const ROLL_KINDS = ["members", "chosen"] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

/**
 * `version`: the roll's version the choice started from (ElectionRoll.version); refused (409) when
 * the roll was chosen again since. A client that sends none replaces the roll as it stands.
 */
const rollVersion = z.number().int().positive().optional();
export const electionRollInput = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("members"), version: rollVersion }),
  z.strictObject({
    kind: z.literal("chosen"),
    user_ids: z.array(z.uuid()).max(20_000),
    list_ids: z.array(z.uuid()).max(200),
    version: rollVersion,
  }),
]);
export type ElectionRollInput = z.input<typeof electionRollInput>;

export interface ElectionRoll {
  kind: RollKind;
  user_ids: string[];
  list_ids: string[];
  /** Voter members on the roll as it stands (fixed once voting opened). */
  count: number;
  /** Raised by each choice of the roll: a save names the version it started from. */
  version: number;
}

export const rollMessages = {
  fixed: "The roll is fixed once voting opens.",
  notVoter: "Only voter members of the organization can be on the roll.",
  unknownList: "That voter list is not this organization's.",
  empty: "Choose at least one voter or one list.",
  changedElsewhere:
    "The roll was chosen again in another tab or by another administrator since you opened it, so your choice was not saved. Close this dialog and open it again to see theirs, then make your choice again.",
  saved: (count: number) =>
    count === 1
      ? "Roll saved: 1 chosen voter."
      : `Roll saved: ${count.toLocaleString("en-US")} chosen voters.`,
} as const;
