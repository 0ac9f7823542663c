import type { ElectionStatus } from "../../../../contract/elections";
import { messages } from "../../../../contract/messages";
import { calendarDate } from "./format";
import { pageText } from "./pageText";

/** The election screens' own words; the spec's messages come from contract/elections. */
export const text = {
  ...pageText,
  exportCsv: "Export CSV",
  printReport: "Print report",
  // Overview
  timeZone: (zone: string) => `Times in ${zone}`,
  candidates: "Candidates",
  receiptTitle: "Your receipt",
  receiptKeep:
    "Keep this code: with it you can find your ballot on the public bulletin board. It is shown only once, and nobody (not even the organization) can recover it for you.",
  copy: "Copy",
  copied: "Receipt copied",
  copyFailed: "Could not copy; select the code and copy it by hand.",
  findOnBulletin: "Find it on the bulletin board",
  receiptHead: "Chain head when you voted",
  receiptHeadNote:
    "The latest seal of the election's hash chain at your vote. Anyone holding it can check later that the chain was not rewritten: the bulletin board's verifier takes it with --head.",
  receiptNoHead: "No seal yet when you voted: your ballot will be in one of the first seals.",
  dismiss: "Done",
  passwordTitle: "Confirm with your password",
  password: "Password",
  castWithPassword: "Cast Vote",
  cancel: "Cancel",
  // Verification
  verifyTitle: "Voter Verification",
  selectMethod: "How would you like to verify your identity?",
  continue: "Continue",
  back: "Back",
  nationalIdLabel: "National ID Number",
  nationalIdHint: (min: number) => `The ID number you registered with (at least ${min} characters).`,
  verify: "Verify",
  verifying: "Verifying...",
  sendCode: "Send code",
  sending: "Sending...",
  resendCode: "Send a new code",
  codeLabel: "6-digit code",
  codeHint: "Digits only.",
  methodHelp: {
    national_id: "Enter the ID number you registered with.",
    voters_card: "We e-mail a 6-digit code to the address on your account.",
    phone: "We text a 6-digit code to the phone number on your account.",
  },
  verified: "Identity verified",
  verifiedBody: "Casting your vote now...",
  verifyFailed: "Verification failed",
  tryAgain: "Try Again",
  enterCodeAgain: "Enter the code again",
  votes: (n: number) => `${n} ${n === 1 ? "vote" : "votes"}`,
  noVotesYet: "No votes yet",
  // Voters
  votersTitle: "Eligible voters",
  votersCount: (total: number, voted: number) =>
    `${total} eligible ${total === 1 ? "voter" : "voters"}, ${voted} voted`,
  rollNoteUpcoming:
    "Before voting opens this is the organization's voters now; the roll is fixed when voting opens.",
  rollNoteFixed: "The roll was fixed when voting opened.",
  rollNoteChosen:
    "Before voting opens this is the chosen roll as it stands (people of a chosen list appear once they join); it is fixed when voting opens.",
  rollEvery: "Roll: every voter member",
  rollChosen: (count: number) =>
    `Roll: ${count.toLocaleString("en-US")} chosen ${count === 1 ? "voter" : "voters"}`,
  rollChoose: "Choose voters",
  rollWho: "Who may vote in this election?",
  rollEveryMember: "Every voter member of the organization",
  rollChosenOption: "Only the voters I choose",
  rollLists: "Imported voter lists",
  rollNoLists: "No voter list imported yet: import one from the organization profile.",
  rollMembers: "Voter members",
  rollSave: "Save roll",
  voted: "Voted",
  notYet: "Not yet",
  noVoters: "No eligible voters yet.",
  filterVoters: "Filter by name",
  noMatch: "No voter matches that name.",
  secrecyNote: "Only participation is shown here, never anyone's choice.",
  secrecyNoteOpen:
    "While voting is open it changes in batches, when ten or more voters' ballots are sealed together; your own vote shows at once, to you alone.",
  // Configuration
  configTitle: "Channel Configuration",
  lifecycle: "Voting",
  openNow: "Open voting now",
  closeNow: "Close voting now",
  extend: "Extend",
  cancelElection: "Cancel election",
  extendTitle: "Extend the voting window",
  newEndDate: "New end date",
  newEndTime: "New end time",
  extendMustBeLater: "The new end must be later than the current end.",
  keep: "Keep as is",
  confirmOpen: {
    title: "Open voting now?",
    body: "Voting opens at once instead of at the scheduled start. The voter roll is fixed now, as the Voters tab shows it, and the ballot (positions and candidates) can no longer be changed.",
  },
  confirmClose: {
    title: "Close voting now?",
    body: "Voting ends at once and the election is completed. No more ballots can be cast. This cannot be undone.",
  },
  confirmCancel: {
    title: "Cancel this election?",
    body: "The election is cancelled for good: no one can vote in it. Ballots already cast stay on the bulletin board. This cannot be undone.",
  },
  confirmExtend: (date: string, time: string, zone: string) => ({
    title: "Extend the voting window?",
    body: `Voting will end on ${calendarDate(date)} at ${time} (${zone}) instead.`,
  }),
  hideResults: "Keep the results from voters if the election is cancelled",
  hideResultsDesc:
    "No one, administrators included, sees counts while voting is open, and everyone sees them once the election is completed. A cancelled election's counts go to voters too, unless this is on.",
  resultsHiddenNow: "If the election is cancelled, only administrators will see its results.",
  resultsShownNow: "If the election is cancelled, voters will see its results too.",
  resultsHiddenCancelled: "Voters no longer see the results.",
  resultsShownCancelled: "Voters now see the results.",
  security: "Security settings",
  securityNote:
    "Set in the channel's settings until voting opens; then they are frozen with the ballot, and every change before that is listed below.",
  auditTitle: "Changes to the verification rules",
  auditEmpty: "No changes yet.",
  auditFrozen: "Frozen with the ballot when voting opened",
  auditChanged: (changes: string[]) => `Security settings changed: ${changes.join(", ") || "no difference"}`,
  auditServer: "the schedule",
  securityKeys: {
    twoFactor: "two-factor",
    biometric: "biometric",
    passkey: "passkey",
    emailVerification: "e-mail verification",
    phoneVerification: "phone verification",
  } as Record<string, string>,
  methodsOffered: "Verification methods offered to voters",
  twoFactorRequired: "Two-factor sign-in required to vote",
  yes: "Yes",
  no: "No",
  ballotEditor: "Voting window and candidates",
  ballotEditorNote: "You can change these until voting opens.",
  frozenDone: (status: ElectionStatus) =>
    status === "cancelled"
      ? "The election was cancelled; its ballot can no longer change."
      : status === "completed"
        ? "Voting has closed; the ballot can no longer change."
        : "The ballot is frozen now that voting has opened.",
  startDate: "Start Date",
  endDate: "End Date",
  startTime: "Start Time",
  endTime: "End Time",
  addCandidate: "Add Candidate",
  removeCandidate: (name: string) => `Remove ${name}`,
  candidateName: "Candidate Name",
  party: "Political Party",
  position: "Position",
  selectPosition: "Select a position",
  imageUrl: "Candidate Image URL",
  imageHint: messages.candidateImageHint,
  saveBallot: "Save voting window and candidates",
  saving: "Saving...",
  saved: "Voting window and candidates saved",
  resetChanges: "Discard changes",
  changedElsewhere:
    "This election was changed while you were editing it: here, in another tab or by another administrator. Your unsaved changes are still here, but they cannot be saved over that change: reload the election to see it, then make yours again.",
  reloadElection: "Reload election",
  needsCandidate: "Add at least one candidate.",
  working: "Working...",
  opened: "Voting is open",
  closed: "Voting is closed",
  cancelled: "Election cancelled",
  extended: "Voting window extended",
  actionFailed: (message: string) => `Failed: ${message}`,
  lifecycleNone: "This election is finished; there is nothing left to run.",
  // Results screen
  resultsScreenTitle: "Election Results",
  // Dashboard overview
  overviewTitle: "Elections",
  overviewSubtitle: "Turnout and results of your organization's elections.",
  chartPie: "Vote Distribution",
} as const;
