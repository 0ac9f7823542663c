/**
 * Elections: statuses, words, the shapes the server answers and the inputs it parses (the endpoints
 * are in `elections-endpoints.ts`). Over 300 lines: the ballot's rules (ranking, who may see results,
 * verification methods) sit beside the shapes they read, one feature read together by server and web.
 */
import type { Ballot } from "./ballots/ballot";
import type { CandidateOrder, QuestionMethod } from "./ballots/question";
import type { QuestionResult } from "./ballots/result";

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
  voteCast: "Your vote has been cast successfully!",
  verificationCancelled: "Verification failed or was cancelled. Your vote was not cast.",
  invalidCode: "Invalid verification code. Please check and try again.",
  verificationError: "An error occurred during verification. Please try again.",
  verifyFailedDefault: "We could not verify your identity. Please try again.",
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
  adminOnly: "Only organization administrators can manage elections",
  cannotOpen: "Only an upcoming election can be opened.",
  cannotClose: "Only an active election can be closed.",
  cannotCancel: "A completed or cancelled election cannot be cancelled.",
  cannotExtend: "Only an upcoming or active election can be extended, to a later end.",
  methodUnavailable: "That verification method is not available for this election.",
  channelKeepsElection:
    "This channel cannot be deleted: its election has opened, and the election's record (ballots, results and audit trail) must stay.",
} as const;

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
   * The quorum beside the result ("not valid: turnout 38% below the 50% quorum"), null when the
   * election has none. `turnout_percent` is votes_cast of total_voters to one decimal (0 with no
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
  };
}

/** A candidate's place among its position's candidates once counted. */
export interface Ranked<C> {
  candidate: C;
  votes: number;
  /** Competition ranking ("1, 1, 3"): candidates with equal votes share a rank. */
  rank: number;
  /** Elected by the published count; before it, has the most votes (and more than none): ties share the trophy. */
  leading: boolean;
}

/**
 * The published count a position's results are shown with (its winners lead, a tie reads as it was
 * decided): once the election is completed and someone voted; with no vote at all the lot's pick is
 * no winner to show. Null otherwise (every top candidate leads). The Results tab, the results screen
 * and results.csv all ask here.
 */
export function shownCount(
  position: Pick<PositionView, "candidates" | "result">,
  status: ElectionStatus,
): QuestionResult | null {
  const voted = position.candidates.some((c) => (c.vote_count ?? 0) > 0);
  return status === "completed" && voted ? position.result : null;
}

/**
 * The one ranking of results, used by the Results tab, the results screen and results.csv: by
 * votes descending, competition ranks. Before the count is published every top candidate leads;
 * once it is (`elected`: its winners), the elected lead, first among equals, so a tie across the
 * seat reads as the count decided it (by lot, as the board and `verify-election` say), never as shared.
 */
export function rankCandidates<C extends { id: string; vote_count: number | null }>(
  candidates: C[],
  elected?: readonly string[],
): Ranked<C>[] {
  const won = (candidate: C) => (elected?.includes(candidate.id) ? 1 : 0);
  const sorted = [...candidates].sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || won(b) - won(a));
  const top = sorted[0]?.vote_count ?? 0;
  let rank = 0;
  let previous: number | null = null;
  return sorted.map((candidate, index) => {
    const votes = candidate.vote_count ?? 0;
    if (votes !== previous) rank = index + 1;
    previous = votes;
    const leading = elected ? won(candidate) === 1 : top > 0 && votes === top;
    return { candidate, votes, rank, leading };
  });
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
 * A sealed ballot's answer, published once voting has closed, with no seal: the seals are the
 * moments voters turned "voted", so a ballot's seal beside its choice would make each seal's voters
 * a group whose choices are known (all of them when the group agrees, or holds one voter).
 */
export interface BulletinBallot {
  receipt_hash: string;
  position_id: string;
  /** The choice of a plurality question; null for any other answer. */
  candidate_id: string | null;
  /** The whole answer (a ranking, grades…) for a question other than plurality. */
  ballot: Ballot | null;
}

export interface BulletinSeal {
  sequence: number;
  previous_root: string;
  root: string;
  ballot_count: number;
  created_at: string;
}

/** A seal's ballots as the chain holds them. */
export interface SealedHashes {
  seal: number;
  /**
   * The ballots' hashes in the chain's order: the seal's root = sha256(previous_root ‖ hashes…). A
   * hash is of the ballot's election, question, answer and chain key (chainKeyMessage), a key only
   * the voter can make: no one else can tell which answer a hash holds, nor count a seal's answers.
   */
  hashes: string[];
  /** Each ballot's tag, beside its hash (ballotTag: of its chain key's sha256): a voter finds their ballot by it. */
  tags: string[];
}

export interface Bulletin {
  election: { id: string; title: string; status: ElectionStatus; organization_name: string };
  positions: Array<{
    id: string;
    title: string;
    method: QuestionMethod;
    blank: boolean;
    candidates: Array<{ id: string; name: string; party: string }>;
  }>;
  /**
   * sha256 of the definition of the election (contract/ballots/definition-hash.ts: its id and the
   * questions above, with their methods, blank and candidates), fixed when voting opened; the first
   * seal chains from it. Null for an election not yet opened or opened before it was kept (its first
   * seal chains from 64 zeros).
   */
  definition_hash: string | null;
  /** The roll's size the count used (a referendum of eligible voters), fixed when voting ended; null before. */
  roll_size: number | null;
  /**
   * The public seed that breaks ties anyone can repeat (docs/counting.md), drawn when voting closes;
   * null before.
   */
  tie_seed: string | null;
  /** The chain's heads over time: each seal with its time and root. */
  seals: BulletinSeal[];
  /** Each seal's ballots' hashes and tags, in the seals' order. */
  sealed: SealedHashes[];
  /**
   * Once voting has closed, every sealed ballot's answer, in receipt-hash order (none before: a
   * count by candidate during the vote). Nothing on the board moves with a single ballot.
   */
  ballots: BulletinBallot[];
  /**
   * Each position's published result, counted from the ballots above with `tie_seed` (the same count
   * `verify-election` repeats); null until results are published: once the election is completed,
   * or cancelled with its results not hidden.
   */
  results: Array<{ position_id: string; result: QuestionResult }> | null;
}

/** A receipt's characters: no 0, 1, I or O, which read alike. */
export const RECEIPT_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A receipt as casting gives it: VS- and 26 characters of its alphabet, by fours; any case. */
export const RECEIPT_PATTERN = new RegExp(
  `^VS-(?:[${RECEIPT_ALPHABET}]{4}-){6}[${RECEIPT_ALPHABET}]{2}$`,
  "i",
);

/**
 * A receipt as a voter may type it, in the one form casting gave it: any case, with dashes, spaces or
 * nothing between its groups (`vs abcd efgh …`, copied from a printed receipt). Null when it is not
 * a receipt.
 */
export function typedReceipt(typed: string): string | null {
  const characters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (!characters.startsWith("VS")) return null;
  const receipt = ["VS", ...(characters.slice(2).match(/.{1,4}/g) ?? [])].join("-");
  return RECEIPT_PATTERN.test(receipt) ? receipt : null;
}

/** What a ballot's receipt hash is, for this position: sha256 hex of `${receipt}:${positionId}`. */
export function receiptMessage(receipt: string, positionId: string): string {
  return `${receipt.trim().toUpperCase()}:${positionId}`;
}

/**
 * What a ballot's chain key is: sha256 hex of `chain|${receipt}:${positionId}`. The key goes into
 * the ballot's hash in its seal (sealing.ts ballotHash) and is never published: only the voter,
 * holding the receipt, can tie a seal's ballot hash to a choice. Its own hash is the ballot's tag
 * on the board (sha256 hex of the key), which finds the ballot's seal and tells nothing more.
 */
export function chainKeyMessage(receipt: string, positionId: string): string {
  return `chain|${receiptMessage(receipt, positionId)}`;
}

/**
 * A ballot's tag from the sha256 hex of its chain key: its first 16 characters (64 bits), enough to
 * find one's ballot among any election's (the lookup then checks its hash), a quarter of the
 * board's bytes a full hash would take.
 */
export const ballotTag = (keyHash: string): string => keyHash.slice(0, 16);

/**
 * The channel's security settings decide how voters verify: with e-mail or phone verification
 * switched on, only those code methods are offered (e-mail code = Voter's Card, SMS code = Phone);
 * otherwise all three.
 */
export function verificationMethods(
  settings: { emailVerification: boolean; phoneVerification: boolean } | null,
): VerificationMethod[] {
  if (!settings || (!settings.emailVerification && !settings.phoneVerification))
    return [...VERIFICATION_METHODS];
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
