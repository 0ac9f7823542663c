import { asc, sql } from "drizzle-orm";
import { resultRows, winnersOf } from "../../../contract/ballots/result-rows";
import type { DeliveredCodes } from "../../../contract/channels";
import { undecidedWhy } from "../../../contract/count-standing";
import {
  type Election,
  type EligibleVoter,
  headText,
  partyOf,
  percentOf,
  resultsUnavailable,
} from "../../../contract/elections";
import { rankCandidates, shownCount } from "../../../contract/ranking";
import type { Db } from "../../db/connect";
import { users } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { electionForMember } from "./access";
import { disclosedParticipation, loadElections } from "./queries";
import { electionRoll } from "./roll";

/** The election as this member sees it (loadElections; `codes`: the verification codes this server delivers). */
export async function electionFor(
  db: Db,
  user: User,
  electionId: string,
  codes: DeliveredCodes,
): Promise<Election> {
  const row = await electionForMember(db, user, electionId);
  const [election] = await loadElections(db, user, [row], codes);
  if (!election) throw new Error("election vanished");
  return election;
}

/** The eligible voters with "voted" or "not yet": never what anyone chose. */
export async function eligibleVoters(db: Db, user: User, electionId: string): Promise<EligibleVoter[]> {
  const row = await electionForMember(db, user, electionId);
  const roll =
    row.status === "upcoming"
      ? sql`${users.id} in (${electionRoll(row.id, row.organizationId)})`
      : sql`${users.id} in (select user_id from election_voters where election_id = ${electionId}::uuid)`;
  // Correlated subquery with the outer table named explicitly (Drizzle leaves columns unqualified there).
  // While voting is open a voter shows "voted" once a seal disclosed it (in a batch), except to themselves.
  const voted = sql`exists (select 1 from participations pa join elections pe on pe.id = pa.election_id
    where pa.election_id = ${electionId}::uuid and pa.user_id = "users"."id"
      and (${disclosedParticipation("pa", "pe")} or pa.user_id = ${user.id}))`;
  const rows = await db
    .select({ userId: users.id, fullName: users.fullName, voted: sql<boolean>`${voted}` })
    .from(users)
    .where(roll)
    .orderBy(asc(users.fullName));
  return rows.map((r) => ({ user_id: r.userId, full_name: r.fullName, voted: r.voted }));
}

/** Results as CSV: one row per candidate, with the position's total and the share to 1 decimal. */
export async function resultsCsv(
  db: Db,
  user: User,
  electionId: string,
  codes: DeliveredCodes,
): Promise<{ filename: string; csv: string }> {
  const election = await electionFor(db, user, electionId, codes);
  if (!election.viewer.can_see_results) throw forbidden(resultsUnavailable(election.status));
  // Below its quorum, cancelled or still open, the count names no one elected: only who is ahead.
  const undecided = undecidedWhy(election);
  // The spec's table holds the plurality positions; every other question follows with its own rows.
  // Without a plurality position the election is named on lines of its own, not by an empty table.
  const plurality = election.positions.filter((p) => p.method.kind === "plurality");
  const others = election.positions.filter((p) => p.method.kind !== "plurality");
  const lines = plurality.length
    ? [
        [
          "Election",
          "Status",
          "Position",
          "Rank",
          "Candidate",
          "Party",
          "Votes",
          "Percentage",
          undecided ? "Ahead" : "Elected",
        ],
      ]
    : [
        ["Election", election.title],
        ["Status", election.status],
      ];
  const ties: string[][] = [];
  for (const position of plurality) {
    const total = position.candidates.reduce((sum, c) => sum + (c.vote_count ?? 0), 0);
    // Once closed, the published count says who is elected, or ahead (a tie decided by its lot).
    const count = shownCount(position, election.status);
    const elected = count ? winnersOf(count) : [];
    for (const { candidate, votes, rank } of rankCandidates(
      position.candidates,
      count ? elected : undefined,
    )) {
      lines.push([
        election.title,
        election.status,
        position.title,
        String(rank),
        candidate.name,
        partyOf(candidate.party),
        String(votes),
        percentOf(votes, total),
        elected.includes(candidate.id) ? "Yes" : "",
      ]);
    }
    // Blank ballots were cast too: a row of their own, with no rank and no share of the votes.
    const blank = count?.method === "plurality" ? count.result.blank : 0;
    if (blank > 0)
      lines.push([election.title, election.status, position.title, "", "Blank", "", String(blank), "", ""]);
    const tie = count?.method === "plurality" ? count.result.tie : null;
    if (tie) {
      const name = (id: string) => position.candidates.find((c) => c.id === id)?.name ?? id;
      ties.push([
        position.title,
        "Tie broken by lot",
        `${tie.tied.map(name).join(", ")} → ${tie.elected.map(name).join(", ")}`,
      ]);
    }
  }
  if (ties.length) lines.push([], ...ties);
  for (const position of others) {
    if (position.result) lines.push([], ...resultRows(position, position.result, undecided));
  }
  lines.push([]);
  lines.push(["Total voters", String(election.total_voters)]);
  lines.push(["Votes cast", String(election.votes_cast)]);
  if (election.quorum) {
    const { percent, turnout_percent, met } = election.quorum;
    lines.push([
      "Quorum",
      `${percent}%`,
      `turnout ${turnout_percent.toFixed(1)}%`,
      met ? "valid" : "not valid",
    ]);
  }
  if (election.counting?.head) lines.push(["Seal chain head", headText(election.counting.head)]);
  if (election.counting) lines.push(["Tie seed", election.counting.tie_seed]);
  const csv = lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n");
  const slug = election.title.replace(/[^\w-]+/g, "-").replace(/^-|-$/g, "") || "election";
  return { filename: `${slug}-results.csv`, csv: `${csv}\r\n` };
}

/** Quoted as needed; cells that a spreadsheet would run as a formula get a leading apostrophe. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
