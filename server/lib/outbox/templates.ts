import { type Letter, type LetterParts, letter } from "./letter";

export type { Letter } from "./letter";

/**
 * Every message Votespace sends, one template each. Links are built by the caller from PUBLIC_URL
 * (`ctx.publicOrigin`); times are written in the organization's time zone. Each message says who
 * sends it and why the person receives it.
 */

const PLATFORM = "Votespace";

/** An election as its notices name it: when, in the organization's time zone. */
export interface ElectionNotice {
  organization: string;
  election: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** The election's page in the workspace. */
  link: string;
  /** The election's public bulletin board, which anyone may open. */
  board: string;
}

// A formatter is costly to make (a notice to a whole roll writes thousands of dates): one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatWhen(at: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return `${format.format(at)} (${timeZone})`;
}

/** Why a voter gets an election's notice: they are on its roll (every voter member, or those chosen). */
const rollReason = (input: ElectionNotice) =>
  `You receive this because you are on the voter roll of "${input.election}" at ${input.organization} on Votespace. You can turn election notices off in your settings.`;

/**
 * Voter's Card (by e-mail) and Phone (by SMS) verification: the 6-digit code, first in each text
 * (before any name that could hold digits), so the eye, a phone's one-time-code reader and a test find it.
 */
export function verificationCode(input: {
  organization: string;
  election: string;
  code: string;
  minutes: number;
}): Letter {
  return letter({
    kind: "verification_code",
    subject: `Your verification code for ${input.election}`,
    from: input.organization,
    paragraphs: [
      "Your Votespace verification code is:",
      `It is for "${input.election}", valid for ${input.minutes} minutes and can be used once. Enter it in the Voter Verification window to cast your vote.`,
      "If you did not ask for a code, you can ignore this message: nobody can vote for you without it.",
    ],
    code: input.code,
    reason: `You receive this because a verification code was requested for your account in ${input.organization}'s election.`,
    sms: `${input.code} is your Votespace verification code from ${input.organization}. It is valid for ${input.minutes} minutes.`,
  });
}

export function passwordReset(input: { link: string; minutes: number }): Letter {
  return letter({
    kind: "password_reset",
    subject: "Reset your Votespace password",
    from: PLATFORM,
    paragraphs: [
      "Someone asked to reset the password of your Votespace account.",
      `Open the link below within ${input.minutes} minutes to choose a new password. It works once, and every signed-in session of your account ends when the new password is set.`,
      "If you did not ask for this, you can ignore this message: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url: input.link },
    reason: "You receive this because a password reset was requested for this e-mail address on Votespace.",
  });
}

/** Registering with an address that already has an account: told to the address, never on screen. */
export function registrationAttempt(input: { signInLink: string; resetLink: string }): Letter {
  return letter({
    kind: "registration_attempt",
    subject: "Someone tried to register with your e-mail",
    from: PLATFORM,
    paragraphs: [
      "Someone tried to create a Votespace account with this e-mail address, which already has an account. No new account was created and nothing about your account changed.",
      `If it was you, sign in with your existing password. Forgot it? Reset it here: ${input.resetLink}`,
      "If it was not you, you can ignore this message.",
    ],
    action: { label: "Sign In", url: input.signInLink },
    reason: "You receive this because this e-mail address was entered on Votespace's sign-up form.",
  });
}

/** The changes to how an account signs in that its owner hears of by e-mail: the subject, and what changed. */
const SIGN_IN_CHANGES: Partial<Record<string, { subject: string; what: string }>> = {
  password_changed: {
    subject: "Your Votespace password was changed",
    what: "The password of your Votespace account was changed, and its other sessions were signed out.",
  },
  two_factor_on: {
    subject: "Two-factor sign-in was turned on for your Votespace account",
    what: "Two-factor sign-in was turned on for your Votespace account: signing in now needs a code from the authenticator app it was set up with.",
  },
  two_factor_off: {
    subject: "Two-factor sign-in was turned off for your Votespace account",
    what: "Two-factor sign-in was turned off for your Votespace account: signing in now needs only the password.",
  },
};

/**
 * The letter telling an account's owner of a change to how it signs in, wherever it was made; null
 * for a change of another kind (a reset came from the mailbox itself; signing out others is not one).
 */
export function securityChanged(input: { change: string; device: string }): Letter | null {
  const change = SIGN_IN_CHANGES[input.change];
  if (!change) return null;
  return letter({
    kind: input.change,
    subject: change.subject,
    from: PLATFORM,
    paragraphs: [
      `${change.what} The change was made from ${input.device}.`,
      "If you did not make this change, reset your password at once and check the devices signed in to your account in your profile.",
    ],
    reason: "You receive this because this address belongs to the Votespace account that changed.",
  });
}

export function phoneChanged(): Letter {
  return letter({
    kind: "phone_changed",
    subject: "Your Votespace phone number was changed",
    from: PLATFORM,
    paragraphs: [
      "The phone number of your Votespace account was changed. Verification codes for the Phone method now go to the new number.",
      "If you did not make this change, reset your password and check your profile.",
    ],
    reason:
      "You receive this because this address belongs to the Votespace account whose phone number changed.",
  });
}

export function invitation(input: {
  organization: string;
  invitedBy: string;
  link: string;
  expiresAt: Date;
  timeZone: string;
}): Letter {
  return letter({
    kind: "invitation",
    subject: `You've been invited to join ${input.organization}`,
    from: input.organization,
    paragraphs: [
      `${input.invitedBy} invited you to join ${input.organization} on Votespace, where it holds its elections and discussions.`,
      `Accept the invitation with the link below. It works once, until ${formatWhen(input.expiresAt, input.timeZone)}. If you have no Votespace account yet, you create one from the link, already joined to ${input.organization}.`,
      "If you were not expecting this invitation, you can ignore this message.",
    ],
    action: { label: "Accept Invite", url: input.link },
    reason: `You receive this because ${input.organization} added this address to its voter list.`,
  });
}

/** An election notice: from the organization, to the voters on the election's roll, with the election's link. */
function electionLetter(
  input: ElectionNotice,
  parts: Pick<LetterParts, "kind" | "subject" | "paragraphs"> & { actionLabel: string; reason?: string },
): Letter {
  const { actionLabel, reason, ...rest } = parts;
  return letter({
    ...rest,
    from: input.organization,
    action: { label: actionLabel, url: input.link },
    reason: reason ?? rollReason(input),
  });
}

export function electionScheduled(input: ElectionNotice): Letter {
  return electionLetter(input, {
    kind: "election_scheduled",
    subject: `${input.organization}: "${input.election}" is scheduled`,
    paragraphs: [
      `${input.organization} has scheduled an election: "${input.election}".`,
      `Voting opens ${formatWhen(input.startsAt, input.timeZone)} and closes ${formatWhen(input.endsAt, input.timeZone)}.`,
      "You will verify your identity before you vote. Your choice is secret: the organization sees who took part, never what anyone chose.",
    ],
    actionLabel: "View election",
  });
}

export function votingOpen(input: ElectionNotice): Letter {
  return electionLetter(input, {
    kind: "voting_open",
    subject: `Voting is open: ${input.election}`,
    paragraphs: [
      `Voting in "${input.election}" is open now.`,
      `You can vote until ${formatWhen(input.endsAt, input.timeZone)}. Verify your identity, choose on the Cast Vote tab, and keep the receipt code you are shown.`,
    ],
    actionLabel: "Vote now",
  });
}

export function reminder(input: ElectionNotice): Letter {
  return electionLetter(input, {
    kind: "reminder",
    // When, not "soon": a reminder may go days before the close.
    subject: `Reminder: voting in ${input.election} closes ${formatWhen(input.endsAt, input.timeZone)}`,
    paragraphs: [
      `Voting in "${input.election}" is open until ${formatWhen(input.endsAt, input.timeZone)}, and our records do not show your vote yet.`,
      "It takes a minute: verify your identity, then choose on the Cast Vote tab.",
      "If you have voted already, thank you: there is nothing more to do (votes are recorded in batches, so a recent one may not show yet).",
    ],
    actionLabel: "Vote now",
    // Not "who have not taken part": a vote joins the record with its batch, so a voter who voted
    // minutes ago may get it (the second paragraph says so).
    reason: `${rollReason(input)} It goes to the voters on the roll whose vote our records do not show yet.`,
  });
}

export function votingClosed(input: ElectionNotice): Letter {
  return electionLetter(input, {
    kind: "voting_closed",
    subject: `Voting has closed: ${input.election}`,
    paragraphs: [
      `Voting in "${input.election}" closed ${formatWhen(input.endsAt, input.timeZone)}.`,
      "If you voted, you can check that your ballot is counted: your receipt code finds it on the election's bulletin board.",
    ],
    actionLabel: "View election",
  });
}

/** Sent as the "Voting closed" notice: the election will not go on. */
export function electionCancelled(input: ElectionNotice): Letter {
  return electionLetter(input, {
    kind: "voting_closed",
    subject: `Cancelled: ${input.election}`,
    paragraphs: [
      `${input.organization} has cancelled the election "${input.election}": there is nothing to vote on.`,
      `If you voted, your ballot stays on the election's public bulletin board, where your receipt code finds it: ${input.board}`,
    ],
    actionLabel: "View election",
  });
}

export function resultsPublished(input: ElectionNotice): Letter {
  return electionLetter(input, {
    kind: "results_published",
    subject: `Results of ${input.election}`,
    paragraphs: [
      `Voting in "${input.election}" closed ${formatWhen(input.endsAt, input.timeZone)}, and its results are published.`,
      `Every count can be recomputed from the sealed ballots on the election's public bulletin board: ${input.board}`,
    ],
    actionLabel: "View Results",
  });
}
