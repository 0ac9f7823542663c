const range = (from: number, to: number, total: number) =>
  `${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${total.toLocaleString("en")}`;

/** The bulletin board's words. */
export const words = {
  title: "Public bulletin board",
  subtitle: "Every sealed ballot of this election, published so anyone can check the count.",
  noVoter:
    "No ballot here names a voter: each shows only a receipt hash and the answer, and no answer shows its seal (a seal's time says whose ballots it took).",
  seals: "Seals",
  sealExplain:
    "Each seal fixes a batch of ballots into a hash chain: its root covers every ballot in the batch and the root of the seal before, so any change to a sealed ballot changes the root.",
  noSeals: "No ballots have been sealed yet.",
  sequence: "Seal",
  root: "Root",
  ballots: "Ballots",
  time: "Sealed at",
  batches:
    "While voting is open, ballots are sealed in batches, once at least ten voters' ballots wait, and the rest when voting closes. Each seal publishes its ballots' hashes, which no one can read an answer from without the voter's receipt; the answers are published when voting closes. This page refreshes every 5 seconds.",
  witnessed:
    "Each seal's root is a head of the chain at that time: note one (its seal number and root), or keep the one on your receipt if it shows one, and the verifier below checks later that the chain was not recomputed since: add --head <seal>:<root> to its command.",
  saveBoard: "Save the board",
  saveBoardNote:
    "The whole board as one file: anyone can recount it and check every seal away from this site.",
  getVerifier: "Get the verifier",
  verifierNote:
    "One file that runs every check of this page and recounts every question, with Node.js 20 or later and nothing else installed. In a terminal, in the folder holding both files:",
  verifierCommand: (verifier: string, board: string) => `node ${verifier} --board ${board}`,
  checking: "Checking the seals in this browser...",
  checked: (n: number, ballots: number) =>
    `Checked in this browser: ${n} ${n === 1 ? "seal" : "seals"} covering ${ballots} ${
      ballots === 1 ? "ballot" : "ballots"
    }. Every root matches its ballots' hashes and each seal chains to the one before.`,
  checkYours: "Find your ballot to check that its hash holds your answer.",
  refreshFailed: (reason: string) =>
    `Could not refresh the board: ${reason} The board shown is the last one read.`,
  checkFailed: "This browser found problems in the seals:",
  moreProblems: (count: number) =>
    `And ${count.toLocaleString("en")} more ${count === 1 ? "problem" : "problems"}.`,
  lookupTitle: "Find your ballot",
  lookupLabel: "Your receipt",
  lookupPlaceholder: "VS-XXXX-XXXX-...",
  lookupPrivacy:
    "Your receipt never leaves this browser: the page hashes it here (SHA-256), finds your ballot's seal by its tag and, once the answers are published, checks that the seal's hash of your ballot holds the answer published for it.",
  lookup: "Find my ballot",
  searching: "Searching...",
  prefilled: "Filled in from the receipt this browser kept when you voted.",
  receiptChip: (n: number) => `Receipt ${n}`,
  found: (position: string, candidate: string, seal: number) =>
    `Found: your ballot for ${position} is recorded for ${candidate}, and seal ${seal} holds it`,
  notFound: "Not found yet (it may still be waiting for the next seal)",
  notFoundSealed:
    "No ballot matches this receipt, and every ballot is sealed: check the receipt as you were given it, and if it is right, tell the election's organizer.",
  notAReceipt:
    "That is not a receipt: a receipt reads VS- and groups of four letters and digits, as shown when you voted.",
  foundAnswer: (position: string, answer: string, seal: number) =>
    `Found: your ballot for ${position} is recorded as: ${answer}, and seal ${seal} holds it`,
  foundSealed: (position: string, seal: number) =>
    `Found: your ballot for ${position} is sealed in seal ${seal}; its choice is published when voting closes`,
  hashDiffers: (position: string, seal: number) =>
    `Your ballot for ${position} is in seal ${seal}, but the answer published for it is not the one the seal holds: tell the election's organizer and keep your receipt`,
  notYourChoice: (position: string, chosen: string) =>
    `This browser kept "${chosen}" as your choice for ${position} when you voted: the record above differs from it. Tell the election's organizer and keep your receipt`,
  boardBroken:
    "The seal check on this page found problems (below): until they are explained, this record cannot be trusted.",
  inNoSeal: (position: string) =>
    `Your ballot for ${position} is published with its answer, but no seal holds it: tell the election's organizer and keep your receipt`,
  answerMissing: (position: string, seal: number) =>
    `Your ballot for ${position} is in seal ${seal}, but no answer is published for it: tell the election's organizer and keep your receipt`,
  answersWithheld:
    "This election was cancelled and its organizer keeps its results from voters: the board lists each seal's ballot hashes, not their answers.",
  countsLater:
    "Results appear when voting closes: until then the board lists no answer, only each seal's ballot hashes.",
  position: "Position",
  candidate: "Candidate",
  party: "Party",
  count: "Sealed ballots",
  receiptHash: "Receipt hash",
  receiptHashes: (position: string) => `Receipt hashes, ${position}`,
  choice: "Choice",
  answer: "Answer",
  pages: (title: string) => `${title}: pages of ballots`,
  previous: "Previous",
  next: "Next",
  shownRange: (from: number, to: number, total: number) => `Ballots ${range(from, to, total)}`,
  sealPages: "Pages of seals",
  sealRange: (from: number, to: number, total: number) => `Seals ${range(from, to, total)}`,
  method: "Method",
  outcome: "Result",
  elected: (names: string[]) => `Elected: ${names.join(", ")}`,
  noneElected: "No one elected",
  /** Why the count decides nothing: the election was cancelled, or its turnout fell below the quorum. */
  undecided: (cancelled: boolean) => (cancelled ? "Cancelled" : "Not valid"),
  ahead: (why: string, names: string[]) => `${why}, no one elected; ahead in the count: ${names.join(", ")}`,
  /** `passed`: the count's verdict, or why it decides nothing. */
  referendumOutcome: (passed: boolean | string, yes: number, no: number, abstain: number, needed: number) =>
    `${typeof passed === "string" ? `${passed}, not carried` : passed ? "Passed" : "Not passed"}: ${yes} Yes, ${no} No, ${abstain} Abstain (${needed} Yes needed)`,
  tieSeed: "Tie-break seed",
  tieSeedExplain:
    "Drawn at random when voting closed and published here: the counting rules use it to break any tie that earlier totals leave, so anyone who repeats the count gets the same result.",
  noBallots: "No sealed ballots for this position yet.",
  yourBallot: "Your ballot",
  holdsYours: "Holds your ballot",
  refresh: "Refresh",
  updated: (time: string) => `Updated ${time}`,
  notFoundTitle: "Election not found",
  notFoundBody: "There is no election at this address.",
  home: "Votespace",
};
