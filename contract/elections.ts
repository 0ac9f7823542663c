/**
 * Elections: statuses, words, the shapes the server answers and the inputs it parses (the endpoints
 * are in `elections-endpoints.ts`). Over 300 lines: the ballot's rules (ranking, who may see results,
 * verification methods) sit beside the shapes they read, one feature read together by server and web.
 */
import type { CandidateOrder, QuestionMethod } from "./ballots/question";
import type { QuestionResult } from "./ballots/result";
import type { DeliveredCodes } from "./channels";

export const ELECTION_STATUSES = ["upcoming", "active", "completed", "cancelled"] as const;
export type ElectionStatus = (typeof ELECTION_STATUSES)[number];
export const VERIFICATION_METHODS = ["national_id", "voters_card", "phone"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const METHOD_LABELS: Record<VerificationMethod, string> = {
  national_id: "National ID",
  voters_card: "Voter's Card",
  phone: "Phone",
};
export const CODE_LENGTH = 6;
export const ID_MIN_LENGTH = 6;
export const CODE_TTL_MINUTES = 5;
export const CODE_MAX_ATTEMPTS = 5;
export const GRANT_TTL_MINUTES = 10;
/** The verification dialog closes this long after success (spec constant). */
export const VERIFIED_CLOSE_MS = 1500;
/** Chart palette of 10 colours (results screen). */
export const CHART_PALETTE = [
  "#4f46e5",
  "#0ea5e9",
  "#16a34a",
  "#f59e0b",
  "#dc2626",
  "#9333ea",
  "#db2777",
  "#0d9488",
  "#65a30d",
  "#ea580c",
] as const;

/** The words the pages say themselves (and those the server also answers with that a page compares). */
export const electionMessages = {
  alreadyVoted: "You have already voted for this position. You cannot change your vote.",
  mustBeMember: "You must be a member of an organization to vote",
  castFailed: "Failed to cast vote: ",
  castError: "An error occurred while casting your vote",
  castUnanswered:
    "The server did not answer: your vote may have been recorded. Once it answers, this page shows your receipt if it was; if not, submit your vote again.",
  voteCast: "Your vote has been cast successfully!",
  verificationCancelled: "Verification failed or was cancelled. Your vote was not cast.",
  notOpen: "Voting is not open for this election.",
  /** Shown only for a cancelled election whose administrators hid its results (a completed one shows them to all). */
  resultsHidden: "This election was cancelled; its results are not published.",
  /** Spec amendment (docs/elections.md): no count by candidate while voting is open. */
  resultsPending: "Results appear when voting closes",
  passwordNeeded: "Enter your password to cast your vote (your settings ask for it).",
  passwordWrong: "That password is not right. Your vote was not cast.",
  twoFactorNeeded:
    "This election asks voters to use two-factor sign-in. Turn it on in your settings, then vote.",
  noElections: "No Elections Found",
  noElectionsText: "No elections are available for your organization yet.",
} as const;

/**
 * The words only the server says, in its answers (a page shows an answer's own message): apart from
 * electionMessages so that the ballot page does not load them.
 */
export const electionServerMessages = {
  invalidId: "Invalid ID number. Please check and try again.",
  codeExpired: "This code has expired or was tried too often. Request a new code.",
  codeSent: (destination: string) => `We sent a 6-digit code to ${destination}. It is valid for 5 minutes.`,
  noPhone: "Your account has no phone number. Add one in your profile or choose another method.",
  grantMissing: "Please verify your identity before voting. Your vote was not cast.",
  notOnRoll: "You are not on the voter roll of this election.",
  wrongCandidate: "That candidate does not stand for this position in this election.",
  answeredTwice: "A ballot answers each position once: this one answers a position twice.",
  electionNotFound: "Election not found",
  securityFrozen: "The security settings cannot be changed once voting has opened.",
  definitionFrozen: "The ballot cannot be changed once voting has opened.",
  changedElsewhere:
    "This election was changed since you opened it: here, in another tab or by another administrator. Your changes are still here: reload the election to see that change, then make your changes again and save.",
  adminOnly: "Only organization administrators can manage elections",
  cannotOpen: "Only an upcoming election can be opened.",
  cannotClose: "Only an active election can be closed.",
  cannotCancel: "A completed or cancelled election cannot be cancelled.",
  cannotExtend: "Only an upcoming or active election can be extended, to a later end.",
  methodUnavailable: "That verification method is not available for this election.",
  channelKeepsElection:
    "This channel cannot be deleted: its election has opened, and the election's record (ballots, results and audit trail) must stay.",
} as const;

/**
 * A candidate's party as every screen shows it, the bulletin board, results.csv and its rows
 * included: "Independent" when none is given (stored as ""; the board's JSON keeps it so).
 */
export const partyOf = (party: string | null | undefined) => party?.trim() || "Independent";

export interface CandidateResult {
  id: string;
  name: string;
  party: string;
  image_url: string;
  /** The candidate's statement, shown on the ballot ("" for none). */
  statement: string;
  /**
   * Null when the viewer may not see results yet (for everyone while voting is open). For a method
   * other than plurality, the first figure of its count: block and approval the votes (approvals),
   * score the total, IRV and STV the first preferences (the first round), Schulze the ballots ranking
   * the candidate first (alone or shared); null for majority judgment (see `result`). A referendum
   * has no candidates (its Yes, No and Abstain are in `result`).
   */
  vote_count: number | null;
}

export interface PositionView {
  id: string;
  title: string;
  description: string;
  max_selections: number;
  /** How the question is answered and counted; `{ kind: "plurality" }` for the spec's offices. */
  method: QuestionMethod;
  /** A blank vote (counted as cast, for no one) is allowed. */
  blank: boolean;
  /** Candidates as entered, or shuffled for each voter's screen. */
  order: CandidateOrder;
  candidates: CandidateResult[];
  /** The count with every step, when the viewer may see results (null otherwise). */
  result: QuestionResult | null;
}

export interface Election {
  id: string;
  organization_id: string;
  /** Named on what is read outside the workspace (the printable results report). */
  organization_name: string;
  channel_id: string | null;
  title: string;
  description: string;
  election_type: string;
  status: ElectionStatus;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  results_hidden: boolean;
  /** The share of the roll (percent) that must vote for the result to be valid; null for none. */
  quorum_percent: number | null;
  /**
   * Raised by each change to the definition (title, description, voting window, quorum, questions and
   * candidates): an editor sends the version it started from, and an older one is refused (409).
   */
  version: number;
  /**
   * The quorum beside the result ("not valid: turnout 38% below the 50% quorum"), null when the
   * election has none. `turnout_percent` is votes_cast of total_voters to one decimal, cut (percentOf; 0 with no
   * roll); `met` (votes_cast × 100 ≥ percent × total_voters, in integers) is null until voting has
   * closed, since the turnout may still grow.
   */
  quorum: { percent: number; turnout_percent: number; met: boolean | null } | null;
  /**
   * What the positions' results were counted from, for the printable report; null when the viewer
   * may not see results. `head`: the seal chain's head the count covers (null with no seal);
   * `tie_seed`: the public seed that broke any tie by lot; `counted_at`: when the count was made.
   */
  counting: { head: ChainHead | null; tie_seed: string; counted_at: string } | null;
  /** Methods the Voter Verification dialog offers (from the channel's security settings). */
  verification_methods: VerificationMethod[];
  /** The channel's security settings ask voters to have two-factor sign-in on. */
  requires_two_factor: boolean;
  /** Eligible voters: the roll once voting opened, the organization's voters before. */
  total_voters: number;
  /**
   * Voters who voted (in at least one position). While voting is open, only those disclosed by a
   * seal (batches of at least SEAL_MIN_VOTERS), so it never moves with a single ballot.
   */
  votes_cast: number;
  created_at: string;
  positions: PositionView[];
  /** The viewer: may they see results now, manage, and which positions have they voted in. */
  viewer: {
    can_manage: boolean;
    can_see_results: boolean;
    can_vote: boolean;
    voted_position_ids: string[];
    on_roll: boolean;
    /** The viewer's voting session here was blocked by an administrator (security monitoring): they may not vote. */
    blocked: boolean;
    /** The viewer chose to confirm sensitive actions with their password (settings › security): a vote is one. */
    confirms_with_password: boolean;
  };
}

/** Whether `votesCast` of `totalVoters` meets a quorum of `percent` % (in integers: no rounding decides it). */
export const quorumMet = (votesCast: number, totalVoters: number, percent: number): boolean =>
  votesCast * 100 >= percent * totalVoters;

/**
 * A share as a percentage with 1 decimal (the spec's candidate shares and turnout), "0" when the
 * whole is nothing. Cut, not rounded, everywhere alike: 49.96% reads 49.9%, so a share is never
 * shown at a threshold (a quorum, a majority) it did not reach.
 */
export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return "0";
  return (Math.floor((part * 1000) / whole) / 10).toFixed(1);
}

/** Why results are not shown: not yet (voting has not closed), or withheld (a cancelled election). */
export function resultsUnavailable(status: ElectionStatus): string {
  return status === "upcoming" || status === "active"
    ? electionMessages.resultsPending
    : electionMessages.resultsHidden;
}

/** Voting is open: active, and the clock inside [starts_at, ends_at) (the server's clock decides). */
export function votingOpen(election: Pick<Election, "status" | "starts_at" | "ends_at">, now: Date): boolean {
  const at = now.getTime();
  return (
    election.status === "active" && Date.parse(election.starts_at) <= at && at < Date.parse(election.ends_at)
  );
}

export interface EligibleVoter {
  user_id: string;
  full_name: string;
  /** While voting is open: disclosed by a seal (the viewer's own row: at once). */
  voted: boolean;
}

export interface ElectionAuditEntry {
  id: string;
  action: "security_settings_changed" | "verification_rules_frozen";
  actor_name: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

export type VerificationStart =
  | { status: "verified"; grant_id: string; expires_at: string }
  | { status: "code_sent"; message: string };

export interface VerificationResult {
  status: "verified";
  grant_id: string;
  expires_at: string;
}

/** A seal of the election's hash chain, as a receipt or an observer witnesses it. */
export interface ChainHead {
  sequence: number;
  root: string;
}

/** `<sequence>:<root>`: how a witnessed head is written for `verify-election --head`. */
export const headText = (head: ChainHead) => `${head.sequence}:${head.root}`;

export interface CastVoteResult {
  success: true;
  message: string;
  /** Shown once: with it the voter finds their ballots on the bulletin board. */
  receipt: string;
  position_ids: string[];
  /** The chain's head when the vote was cast (null before the first seal): the voter witnesses it. */
  head: ChainHead | null;
}

/**
 * The channel's security settings decide how voters verify: with e-mail or phone verification
 * switched on, only those code methods are offered (e-mail code = Voter's Card, SMS code = Phone);
 * otherwise all three, each code method only where the server's codes reach voters that way
 * (`delivered`: a code that reaches no one would leave the voter waiting). A code method chosen for
 * the channel is kept: it cannot be switched on without its way (channels/checks.ts).
 */
export function verificationMethods(
  settings: { emailVerification: boolean; phoneVerification: boolean } | null,
  delivered: DeliveredCodes,
): VerificationMethod[] {
  if (!settings || (!settings.emailVerification && !settings.phoneVerification))
    return VERIFICATION_METHODS.filter(
      (method) => (method !== "phone" || delivered.phone) && (method !== "voters_card" || delivered.email),
    );
  return [
    ...(settings.emailVerification ? (["voters_card"] as const) : []),
    ...(settings.phoneVerification ? (["phone"] as const) : []),
  ];
}

// The schemas of the elections' bodies (the verification, the vote, the configuration forms).
export type {
  CandidateInputEntry,
  CastVoteInput,
  ElectionDefinitionInput,
  StartVerification,
} from "./elections-input";
