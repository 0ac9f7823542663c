import { firstMessages } from "./first-messages";

/**
 * User-facing messages. Where the specification gives the words, these are its words; the rest
 * say the same kind of thing in the same voice. Server and web both take them from here.
 */
const accountMessages = {
  invalidCredentials: "Invalid email or password",
  registrationFailed: "Registration failed",
  signInFailed: "Sign in failed",
  passwordLength: "Password must be between 6 and 12 characters",
  passwordCommon: "This password is too common: it appears in lists of leaked passwords. Choose another.",
  accountCreated: "Account created successfully! You can now sign in.",
  signupError: "An error occurred during signup: ",
  signinError: "An error occurred during sign in",
  fullNameRequired: "Full name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Enter a phone number that can receive text messages, such as +233 20 555 0101",
  idTypeInvalid: "ID type must be one of National ID, Passport, Voter Card, Driver License",
  idNumberRequired: "ID number is required",
  organizationRequired: "Organization name is required",
  countryRequired: "Country is required",
  signInFieldsRequired: "Email and password are required",
  /** Refused for a while (a rate limit): when to try again, from the limit's own `retry-after`. */
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again ${waitWords(seconds)}.`,
  notSignedIn: "Please sign in to continue",
  sessionExpired: "Your session has expired. Please sign in again.",
  forbidden: "You do not have permission to do that",
  crossOrigin: "Request refused: it did not come from this site",
  invalidBody: "The request body is not valid JSON",
  bodyNotObject: "The request body must be a JSON object",
  requestUnreadable: "The request could not be read",
  textNotAllowed: "Text contains characters that are not allowed",
  uploadIncomplete: "The upload did not arrive complete. Please try again.",
  fileEmpty: "That file is empty: choose a file with something in it",
  unsupportedMediaType: "Requests must be sent as JSON",
  bodyTooLarge: "The request is too large",
  notFound: "Not found",
  unknownField: "Unknown field",
  internal: "Something went wrong on our side. Please try again.",
  databaseUnavailable: "The database is not reachable",
  /** Any 503: the database is restarting, or this server is shutting down. */
  malformedRequest: "The request is not valid HTTP",
  requestTimeout: "The request took too long. Please try again.",
  resetRequested: "If an account exists for that email, a reset link is on its way.",
  resetDone: "Your password has been changed. You can now sign in.",
  resetInvalid: "This reset link is invalid or has expired",
  resetLinkValid: "This reset link works: choose a new password.",
} as const;

/** Workspace messages: organizations, joining, invites, channels, settings. */
export const workspaceMessages = {
  channelNameRequired: "Channel name is required",
  channelNameTooLong: "Channel name must be at most 50 characters",
  channelTypeInvalid: "Channel type must be text, airing, live or election",
  noOrganization: "User not authenticated or organization not found",
  votingPeriodRequired: "Voting period is required for election channels",
  votingPeriodOrder: "The voting period must end after it starts",
  votingStartPast: "The voting period cannot start in the past",
  timeZoneStartPast:
    "In this time zone an upcoming election would start in the past: change its dates, or open it now, first",
  invalidDate: "That date does not exist in the calendar",
  dateOutOfRange: "Dates must fall between the years 2000 and 2100",
  invalidTime: "Times must be given as HH:MM",
  candidateRequired: "At least one candidate is required for election channels",
  questionTitleRepeated: (title: string) =>
    `Two questions have the same title: ${title}. Give each its own, as voters and the results tell them apart by it.`,
  candidateNameRequired: "Candidate name is required",
  candidatePartyRequired: "Political party is required",
  candidatePositionRequired: "Position must be one of President, Governor, Senator, Prime Minister",
  candidateImageRequired: "Candidate image URL is required",
  candidateImageHint: "A secure web address (https://…) or a path on this site.",
  candidateImageInvalid: "Candidate image URL must be an https:// web address or a path on this site",
  electionChannelAdminOnly: "Only organization administrators can create election channels",
  privateChannelAdminOnly: "Only organization administrators can create private channels",
  channelCreated: (name: string) => `Channel "${name}" created successfully!`,
  channelNameTaken: (name: string) => `A channel named "${name}" already exists in this group`,
  createChannelFailed: "Failed to create channel: ",
  /** A channel's "Two-factor authentication" switch: who has not turned it on reads, but does not take part. */
  channelTwoFactorNeeded:
    "This channel asks everyone taking part to use two-factor sign-in. Turn it on in your Voter Profile, then try again.",
  /** E-mail and phone verification choose how voters verify before voting: they act in election channels only. */
  verificationElectionOnly: "Email and phone verification apply to election channels only",
  /** Phone verification sends codes by text message, which a server without an SMS provider cannot. */
  /** Email verification sends each voter a code by e-mail, which a server without a mail server cannot. */
  emailCodesUnavailable:
    "Email verification needs e-mail, which this server cannot send yet. Ask the server's operator to set up a mail server (SMTP).",
  phoneCodesUnavailable:
    "Phone verification needs text messages, which this server cannot send yet. Use email verification, or ask the server's operator to set up an SMS provider.",
  renameSame: "The new name must be different from the current name",
  channelAdminOnly: "Only organization administrators can manage channels",
  duplicateMissing: "Cannot duplicate channel: missing channel information",
  deleteMissing: "Cannot delete channel: missing channel information",
  channelDuplicated: (name: string) => `Channel duplicated as "${name}"`,
  channelRenamed: (name: string) => `Channel renamed to "${name}"`,
  channelDeleted: (name: string) => `Channel "${name}" deleted`,
  deleteConfirm: (name: string) =>
    `Delete "${name}"? This cannot be undone and deletes all messages in the channel.`,
  inviteLinkCopied: "Invite link copied to clipboard!",
  linkCopied: "Link Copied!",
  inviteLinkFailed: "Failed to generate invite link",
  alreadyMember: "You are already a member of this organization",
  joined: "Successfully joined the organization!",
  joinRequested: "Your request to join has been sent to the organization's administrators.",
  joinPending: "Your request to join is waiting for an administrator's approval.",
  joinTryAgain: "Joining did not complete. Please try again.",
  sameIdNumberOnRoll:
    "Another member of this organization registered the same ID number. The request is now marked: look at it again before approving.",
  signInToJoin: "Please sign in to join an organization",
  joinNeedsInvite: "This organization accepts new members through an invite link only",
  joinFailed: "Failed to join organization: ",
  organizationUnavailable: "This organization is not accepting members right now",
  /** To someone not a member, joining or opening an invite: the members' words would promise what they cannot do. */
  organizationSuspendedToJoin:
    "This organization has been suspended by the platform administrator and is not accepting new members.",
  invalidInvite: "Invalid invite link or organization not found",
  invalidInviteFormat: "Invalid invite code format",
  organizationNotFound: "Organization Not Found",
  organizationLoadFailed: "There was an issue loading your organization data.",
  notMember: "You are not a member of this organization",
  organizationAdminOnly: "Only the organization's administrators can do that",
  ownerCannotLeave:
    "The owner cannot leave their own organization. It stays yours as long as your account exists.",
  ownerProtected: "The organization's owner cannot be removed or lose administration",
  memberNotFound: "This person is no longer a member of this organization",
  removeSelf: "To leave the organization yourself, use Leave organization",
  ownRoleUnchanged: "You cannot change your own role; another administrator can",
  votersNeverAdmins: "Voter accounts cannot be administrators: administration needs an organization account",
  leftOrganization: (name: string) => `You left ${name}`,
  memberRemoved: (name: string) => `${name} was removed from the organization`,
  memberNowAdmin: (name: string) => `${name} is now an administrator`,
  memberNowMember: (name: string) => `${name} is no longer an administrator`,
  websiteInvalid: "Website must be a web address starting with http:// or https://",
  organizationNameRequired: "Organization name is required",
  settingsSaved: "Settings saved successfully!",
  profileSaved: "Organization profile saved",
  requestNotFound: "This join request no longer exists",
  logoInvalid: "The logo must be a PNG, JPEG, GIF or WebP image of at most 10 MB",
  quorumInvalid: "The minimum turnout is a whole percentage from 1 to 100, or empty for none.",
  candidatePhotoAddressInvalid: "The photo must be an https:// web address or a path on this site",
  candidatePhotoInvalid: "The photo must be a PNG, JPEG, GIF or WebP image of at most 10 MB",
  totpCodeInvalid: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  totpRequired: "Enter the 6-digit code from your authenticator app",
  totpNotStarted: "Start two-factor setup first",
  totpCodeUsed: "That code was already used. Wait for the next code your authenticator app shows.",
  totpProofRequired: "Enter the code your authenticator app shows now, or your password",
  copied: "Copied!",
} as const;

/** A wait in words, rounded as people say it: a few seconds, a minute, 56 minutes, 1 hour. */
function waitWords(seconds: number): string {
  if (seconds < 10) return "in a few seconds";
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return "in a minute";
  if (minutes < 60) return `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} ${hours === 1 ? "hour" : "hours"}`;
}

export const messages = { ...firstMessages, ...accountMessages, ...workspaceMessages } as const;
