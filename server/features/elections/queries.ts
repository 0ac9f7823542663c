import { and, asc, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { DeliveredCodes } from "../../../contract/channels";
import {
  type Election,
  type ElectionStatus,
  percentOf,
  quorumMet,
  verificationMethods,
} from "../../../contract/elections";
import type { Db } from "../../db/connect";
import {
  candidates,
  channels,
  electionPositions,
  elections,
  electionVoters,
  organizationMemberships,
  organizations,
  participations,
  users,
  votingSessions,
} from "../../db/schema";
import type { User } from "../accounts/sessions";
import { isAdmin, roleIn } from "../organizations/policy";
import { countElections } from "./counts";
import { chosenRolls } from "./roll";

export type ElectionRow = typeof elections.$inferSelect;

/**
 * A participation that may be counted or shown to anyone but its voter: disclosed by a seal with
 * its batch, or its election no longer open. `p` and `e` name the participation and its election.
 */
export const disclosedParticipation = (p: string, e: string) =>
  sql.raw(`(${p}.seal_id is not null or ${e}.status <> 'active')`);

/** No count by candidate while voting is open (or before): results appear when voting closes. */
export const resultsPending = (status: string) => status === "upcoming" || status === "active";

/**
 * Elections as a viewer sees them, with positions, candidates, counts derived from the ballots
 * and the viewer's own participation: a fixed number of queries however many elections. `codes`:
 * the verification codes this server delivers (a code method is offered only where they reach voters).
 */
export async function loadElections(
  db: Db,
  viewer: User,
  rows: ElectionRow[],
  codes: DeliveredCodes,
): Promise<Election[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const organizationIds = [...new Set(rows.map((row) => row.organizationId))];
  const channelIds = rows.map((row) => row.channelId).filter((id): id is string => id !== null);
  const [positions, candidateRows, cast, rolls, orgVoters, mine, onRoll, zones, roles, security, blocked] =
    await Promise.all([
      db
        .select()
        .from(electionPositions)
        .where(inArray(electionPositions.electionId, ids))
        .orderBy(asc(electionPositions.sortOrder)),
      db
        .select({ candidate: candidates, electionId: electionPositions.electionId })
        .from(candidates)
        .innerJoin(electionPositions, eq(electionPositions.id, candidates.positionId))
        .where(inArray(electionPositions.electionId, ids))
        .orderBy(asc(candidates.sortOrder)),
      votersWhoTookPart(db, ids),
      db
        .select({ electionId: electionVoters.electionId, n: count() })
        .from(electionVoters)
        .where(inArray(electionVoters.electionId, ids))
        .groupBy(electionVoters.electionId),
      db
        .select({ organizationId: organizationMemberships.organizationId, n: count() })
        .from(organizationMemberships)
        .innerJoin(users, eq(users.id, organizationMemberships.userId))
        .where(
          and(inArray(organizationMemberships.organizationId, organizationIds), eq(users.userType, "voter")),
        )
        .groupBy(organizationMemberships.organizationId),
      db
        .select({ electionId: participations.electionId, positionId: participations.positionId })
        .from(participations)
        .where(and(inArray(participations.electionId, ids), eq(participations.userId, viewer.id))),
      db
        .select({ electionId: electionVoters.electionId })
        .from(electionVoters)
        .where(and(inArray(electionVoters.electionId, ids), eq(electionVoters.userId, viewer.id))),
      db
        .select({
          id: organizations.id,
          name: organizations.name,
          timezone: organizations.timezone,
          status: organizations.status,
        })
        .from(organizations)
        .where(inArray(organizations.id, organizationIds)),
      Promise.all(organizationIds.map(async (id) => [id, await roleIn(db, viewer.id, id)] as const)),
      channelIds.length
        ? db
            .select({ id: channels.id, settings: channels.securitySettings })
            .from(channels)
            .where(inArray(channels.id, channelIds))
        : Promise.resolve([]),
      // The viewer's own blocked sessions (security monitoring): told before they verify, not after.
      db
        .selectDistinct({ electionId: votingSessions.electionId })
        .from(votingSessions)
        .where(
          and(
            inArray(votingSessions.electionId, ids),
            eq(votingSessions.userId, viewer.id),
            eq(votingSessions.status, "blocked"),
          ),
        ),
    ]);
  // An upcoming election whose administrator chose its roll counts (and places the viewer on) that roll.
  const chosen = await chosenRolls(db, rows, viewer.id);
  const securityBy = new Map(security.map((c) => [c.id, c.settings]));
  const castBy = cast;
  const rollBy = new Map(rolls.map((r) => [r.electionId, r.n]));
  const votersBy = new Map(orgVoters.map((v) => [v.organizationId, v.n]));
  const zoneBy = new Map(zones.map((z) => [z.id, z.timezone]));
  const nameBy = new Map(zones.map((z) => [z.id, z.name]));
  const suspended = new Set(zones.filter((z) => z.status === "suspended").map((z) => z.id));
  const roleBy = new Map(roles);
  const rolled = new Set(onRoll.map((r) => r.electionId));
  const blockedIn = new Set(blocked.map((b) => b.electionId));

  // The rules frozen when voting opened, else (upcoming) the channel's current ones.
  const securityOf = (row: ElectionRow) =>
    row.securitySettings ?? (row.channelId ? (securityBy.get(row.channelId) ?? null) : null);
  const adminOf = (row: ElectionRow) => isAdmin(viewer, roleBy.get(row.organizationId) ?? null);
  const visible = rows.filter((row) => mayCount(row, adminOf(row)));
  const counts = await countElections(
    db,
    visible,
    new Map(
      visible.map((row) => [
        row.id,
        positions
          .filter((p) => p.electionId === row.id)
          .map((p) => ({
            id: p.id,
            method: p.method,
            candidateIds: candidateRows
              .filter((c) => c.candidate.positionId === p.id)
              .map((c) => c.candidate.id),
          })),
      ]),
    ),
    // Once voting has ended, the roll's size kept then (what the board publishes and verify-election uses).
    new Map(visible.map((row) => [row.id, row.rollSize ?? rollBy.get(row.id) ?? 0])),
  );
  return rows.map((row) => {
    const admin = adminOf(row);
    const opened = row.status !== "upcoming";
    const count = counts.get(row.id) ?? null;
    const canSeeResults = count !== null;
    const totalVoters = opened
      ? (row.rollSize ?? rollBy.get(row.id) ?? 0)
      : (chosen.get(row.id)?.count ?? votersBy.get(row.organizationId) ?? 0);
    const votesCast = castBy.get(row.id) ?? 0;
    const onTheRoll = opened
      ? rolled.has(row.id)
      : (chosen.get(row.id)?.viewerOn ??
        (viewer.userType === "voter" && roleBy.get(row.organizationId) !== null));
    return {
      id: row.id,
      organization_id: row.organizationId,
      organization_name: nameBy.get(row.organizationId) ?? "",
      channel_id: row.channelId,
      title: row.title,
      description: row.description,
      election_type: row.electionType,
      status: row.status as ElectionStatus,
      start_date: row.startDate,
      end_date: row.endDate,
      start_time: row.startTime,
      end_time: row.endTime,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      time_zone: zoneBy.get(row.organizationId) ?? "UTC",
      results_hidden: row.resultsHidden,
      quorum_percent: row.quorumPercent,
      version: row.version,
      quorum: quorumOf(row, totalVoters, votesCast),
      counting: count && {
        head: count.head,
        tie_seed: count.tieSeed,
        counted_at: count.countedAt.toISOString(),
      },
      verification_methods: verificationMethods(securityOf(row), codes),
      requires_two_factor: securityOf(row)?.twoFactor ?? false,
      total_voters: totalVoters,
      votes_cast: votesCast,
      created_at: row.createdAt.toISOString(),
      positions: positions
        .filter((p) => p.electionId === row.id)
        .map((position) => ({
          id: position.id,
          title: position.title,
          description: position.description,
          max_selections: position.maxSelections,
          method: position.method,
          blank: position.blank,
          order: position.candidateOrder,
          result: count?.results.get(position.id) ?? null,
          candidates: candidateRows
            .filter((c) => c.candidate.positionId === position.id)
            .map(({ candidate }) => ({
              id: candidate.id,
              name: candidate.name,
              party: candidate.party,
              image_url: candidate.imageUrl,
              statement: candidate.bio,
              vote_count: count?.firstFigures.get(candidate.id) ?? null,
            })),
        })),
      viewer: {
        can_manage: admin,
        can_see_results: canSeeResults,
        // A suspended organization's members read the ballot but may not vote (casting refuses too).
        can_vote:
          row.status === "active" &&
          onTheRoll &&
          !suspended.has(row.organizationId) &&
          !blockedIn.has(row.id),
        voted_position_ids: mine.filter((m) => m.electionId === row.id).map((m) => m.positionId),
        on_roll: onTheRoll,
        blocked: blockedIn.has(row.id),
        confirms_with_password: viewer.settings?.security?.requirePassword === true,
      },
    };
  });
}

/** Results are published to everyone once the election is completed, or cancelled without hiding them. */
export const resultsPublished = (row: Pick<ElectionRow, "status" | "resultsHidden">) =>
  row.status === "completed" || (row.status === "cancelled" && !row.resultsHidden);

/** Whether a viewer may see an election's results: never while voting is open or before; its administrators once it ended. */
function mayCount(row: ElectionRow, admin: boolean): boolean {
  return admin ? !resultsPending(row.status) : resultsPublished(row);
}

/** The quorum beside the result (contract: Election.quorum). */
export function quorumOf(
  row: Pick<ElectionRow, "quorumPercent" | "status">,
  totalVoters: number,
  votesCast: number,
): Election["quorum"] {
  if (row.quorumPercent === null) return null;
  return {
    percent: row.quorumPercent,
    turnout_percent: Number(percentOf(votesCast, totalVoters)),
    met: resultsPending(row.status) ? null : quorumMet(votesCast, totalVoters, row.quorumPercent),
  };
}

/**
 * How many voters took part in each election, as turnout counts them: those a seal disclosed (all
 * of them once the results are out). Election id → voters.
 */
export async function votersWhoTookPart(db: Db, ids: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ electionId: participations.electionId, n: countDistinct(participations.userId) })
    .from(participations)
    .innerJoin(elections, eq(elections.id, participations.electionId))
    .where(
      and(inArray(participations.electionId, ids), disclosedParticipation('"participations"', '"elections"')),
    )
    .groupBy(participations.electionId);
  return new Map(rows.map((row) => [row.electionId, row.n]));
}
