import { calendarDate } from "./format";

/**
 * The words of the election channel page as a voter first sees it (its header, the Overview and Cast
 * Vote tabs, the election lists): the page loads these, not all of the election screens' words (text.ts).
 */
export const pageText = {
  loading: "Loading...",
  retry: "Retry",
  connectionError: "Connection Error",
  electionNotFound: "Election not found",
  electionNotFoundBody: "This channel has no election, or it is no longer available to you.",
  defaultChannelName: "Election",
  otherOrganization: (name: string) => `This election belongs to ${name}`,
  otherOrganizationBody:
    "It is not an election of the organization you have open. Switch to its organization to see it there.",
  tabs: { overview: "Overview", vote: "Cast Vote", results: "Results", voters: "Voters" },
  votingPeriod: "Voting period",
  votingWindow: "Voting window",
  turnout: "Turnout",
  ofVoters: (cast: number, total: number) =>
    `${cast} of ${total} eligible ${total === 1 ? "voter" : "voters"} voted`,
  positions: "Positions",
  noCandidates: "No candidates yet.",
  bulletinLink: "Public bulletin board",
  bulletinNote: "Anyone can check the sealed ballots there; your receipt finds yours.",
  noDescription: "No description",
  // Cast vote
  chooseFor: (position: string) => `Choose your ${position}`,
  youHaveVoted: "You have voted",
  yourChoice: "Your choice",
  choiceNotKept:
    "Your vote was recorded; this browser did not keep your receipt, so it cannot show your choice.",
  submitVote: "Submit Vote",
  submitting: "Casting your vote...",
  /** `offices`: every question left is a choice of candidate (the spec's ballot), said in its words. */
  submitHint: (n: number, offices = true) =>
    n === 0
      ? offices
        ? "Choose a candidate in at least one position you have not voted in."
        : "Answer at least one question you have not voted in."
      : `You are voting in ${n} ${n === 1 ? "position" : "positions"}. Votes cannot be changed once cast.`,
  allVoted: "You have voted in every position of this election. Thank you!",
  notOpenUpcoming: (date: string, time: string, zone: string) =>
    `Voting has not opened yet. It opens on ${calendarDate(date)} at ${time} (${zone}).`,
  notOpenCompleted: "Voting has closed: this election is completed. See the Results tab.",
  notOpenCancelled: "This election was cancelled. No votes can be cast.",
  adminNote:
    "Organization administrators run the election and do not vote. Voters cast their ballots here; you can follow turnout as ballots are sealed in batches, and the results when voting closes.",
  notOnRoll: "You are not on the voter roll of this election: the roll was fixed when voting opened.",
  twoFactorLink: "Open your settings",
  batchNote:
    "While voting is open, turnout moves in batches, each time ten or more voters' ballots are sealed.",
} as const;
