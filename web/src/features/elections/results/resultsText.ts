/** The words of the results screens (Election Results, the detailed charts, the report), apart from the ballot page's. */
export const resultsText = {
  // Results
  resultsTable: "Results table",
  reportTitle: (title: string) => `Results report: ${title}`,
  mostVotes: "Most votes",
  winner: "Winner",
  tiedFirst: "Tied for first",
  resultsScreenSubtitle:
    "Elections of your organization: turnout as ballots are sealed, and results when voting closes.",
  elections: "Elections",
  starts: "Start",
  overview: "Overview",
  detailedCharts: "Detailed Charts",
  totalVoters: "Total Voters",
  votesCast: "Votes Cast",
  resultsSummary: "Results Summary",
  chartBar: "Election Results",
  chartDoughnut: "Vote Distribution",
  rank: "Rank",
  candidate: "Candidate",
  partyColumn: "Party",
  votesColumn: "Votes",
  percentage: "Percentage",
  tiedBetween: (names: string) => `Tied: ${names}`,
  openChannel: "Open election channel",
};
