/** The bulletin board's words. */
export const words = {
  title: "Public bulletin board",
  subtitle: "Every sealed ballot of this election, published so anyone can check the count.",
  noVoter: "No ballot here names a voter: each shows only a receipt hash and the answer.",
  seals: "Seals",
  sealExplain:
    "Each seal fixes a batch of ballots into a hash chain: its root covers every ballot in the batch and the root of the seal before, so any change to a sealed ballot changes the root.",
  noSeals: "No ballots have been sealed yet.",
  sequence: "Seal",
  root: "Root",
  ballots: "Ballots",
  time: "Sealed at",
  batches:
    "While voting is open, ballots are sealed in batches, once at least ten voters' ballots wait, and the rest when voting closes: a ballot appears here with its batch. This page refreshes every 5 seconds.",
  witnessed:
    "Each seal's root is a head of the chain at that time: note one, or keep the head on your receipt, and anyone can check later with verify-election --head that the chain was not recomputed.",
  saveBoard: "Save the board",
  saveBoardNote:
    "The whole board as one file: anyone can recount it and check every seal away from this site, with verify-election --board.",
  checking: "Checking the seals in this browser...",
  checked: (n: number, ballots: number) =>
    `Checked in this browser: ${n} ${n === 1 ? "seal" : "seals"} covering ${ballots} ${
      ballots === 1 ? "ballot" : "ballots"
    }. Every root matches its ballots and each seal chains to the one before.`,
  checkFailed: "This browser found problems in the seals:",
  lookupTitle: "Find your ballot",
  lookupLabel: "Your receipt",
  lookupPlaceholder: "VS-XXXX-XXXX-...",
  lookupPrivacy:
    "Your receipt never leaves this browser: the page hashes it here (SHA-256) and compares the result with the published receipt hashes.",
  lookup: "Find my ballot",
  searching: "Searching...",
  prefilled: "Filled in from the receipt this browser kept when you voted.",
  receiptChip: (n: number) => `Receipt ${n}`,
  found: (position: string, candidate: string) =>
    `Found: your ballot for ${position} is recorded for ${candidate}`,
  notFound: "Not found yet (it may still be waiting for the next seal)",
  notAReceipt:
    "That is not a receipt: a receipt reads VS- and groups of four letters and digits, as shown when you voted.",
  foundAnswer: (position: string, answer: string) =>
    `Found: your ballot for ${position} is recorded as: ${answer}`,
  foundSealed: (position: string) =>
    `Found: your ballot for ${position} is sealed; its choice is published when voting closes`,
  choiceLater: "Published when voting closes",
  countsLater:
    "Results appear when voting closes: until then the board shows each sealed ballot without its answer.",
  checkPending:
    "The roots are checked in this browser once voting closes and the choices are published. Until then, note a seal's root: verify-election --head proves later that it was not rewritten.",
  position: "Position",
  candidate: "Candidate",
  count: "Sealed ballots",
  receiptHash: "Receipt hash",
  choice: "Choice",
  answer: "Answer",
  pages: (title: string) => `${title}: pages of ballots`,
  previous: "Previous",
  next: "Next",
  shownRange: (from: number, to: number, total: number) =>
    `Ballots ${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${total.toLocaleString("en")}`,
  method: "Method",
  outcome: "Result",
  elected: (names: string[]) => `Elected: ${names.join(", ")}`,
  noneElected: "No one elected",
  referendumOutcome: (passed: boolean, yes: number, no: number, abstain: number, needed: number) =>
    `${passed ? "Passed" : "Not passed"}: ${yes} Yes, ${no} No, ${abstain} Abstain (${needed} Yes needed)`,
  tieSeed: "Tie-break seed",
  tieSeedExplain:
    "Drawn at random when voting closed and published here: the counting rules use it to break any tie that earlier totals leave, so anyone who repeats the count gets the same result.",
  noBallots: "No sealed ballots for this position yet.",
  yourBallot: "Your ballot",
  refresh: "Refresh",
  updated: (time: string) => `Updated ${time}`,
  notFoundTitle: "Election not found",
  notFoundBody: "There is no election at this address.",
  home: "Votespace",
};
