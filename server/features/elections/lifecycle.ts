import { randomBytes } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { electionServerMessages } from "../../../contract/elections";
import type { electionDefinitionInput } from "../../../contract/elections-input";
import { wallClock, zonedInstant } from "../../../contract/zoned-time";
import type { Db } from "../../db/connect";
import { channels, electionPositions, elections, organizations } from "../../db/schema";
import { atVersion, raisedVersion, requireVersion } from "../../db/versions";
import { badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import type { Bus } from "../../realtime/bus";
import type { User } from "../accounts/sessions";
import { electionToManage, refuseUnwritten } from "./access";
import { freezeVerificationRules } from "./audit";
import { createPositions, definitionHashOf, votingWindow } from "./definition";
import { queueCancellationNotice, queueClosingNotices, queueNotice } from "./notices";
import type { ElectionRow } from "./queries";
import { electionRoll } from "./roll";

/**
 * upcoming → active: the voter roll is fixed (the organization's voters at this moment, or those the
 * administrator chose: roll.ts), the
 * verification rules are frozen and the definition hash is fixed (the first seal chains from it:
 * contract/ballots/definition-hash.ts) in the same transaction, so an election is never active without
 * its roll and its own copy of the rules; the "voting open" notice is queued with them.
 * `origin` is where the notices' links point (PUBLIC_URL: `ctx.publicOrigin`).
 */
async function open(
  tx: Db,
  electionId: string,
  now: Date,
  early: { timeZone: string; actorId: string } | null,
  origin: string,
): Promise<ElectionRow | null> {
  const started = early && wallClock(now, early.timeZone);
  const [opened] = await tx
    .update(elections)
    .set({
      status: "active",
      ...(started && {
        startsAt: now,
        startDate: started.date,
        startTime: started.time,
        version: raisedVersion(elections.version),
      }),
    })
    .where(and(eq(elections.id, electionId), eq(elections.status, "upcoming")))
    .returning();
  if (!opened) return null;
  // The status update above holds the row lock, and the definition only changes while upcoming.
  const definitionHash = await definitionHashOf(tx, electionId);
  await tx.update(elections).set({ definitionHash }).where(eq(elections.id, electionId));
  opened.definitionHash = definitionHash;
  await freezeVerificationRules(tx, electionId, early?.actorId ?? null);
  await tx.execute(
    sql`insert into election_voters (election_id, user_id) select ${electionId}::uuid, roll.user_id from (${electionRoll(electionId, opened.organizationId)}) as roll on conflict do nothing`,
  );
  await queueNotice(tx, opened, "voting_open", now, origin);
  return opened;
}

/**
 * The public seed that breaks ties by lot (docs/counting.md § 1.1): 32 random bytes as 64 hex digits,
 * drawn in the statement that ends voting (close, schedule or cancel), so no one knows it while
 * ballots can still be cast; kept when already drawn. Published on the bulletin board from then on.
 */
export const drawnTieSeed = () => sql`coalesce(${elections.tieSeed}, ${randomBytes(32).toString("hex")})`;

/**
 * The roll's size as voting ends, kept in the same statement as the seed: the count of a referendum
 * of eligible voters (and the quorum) uses it, and the bulletin board publishes it.
 */
export const closingRollSize = () =>
  sql`coalesce(${elections.rollSize}, (select count(*)::int from election_voters v where v.election_id = ${elections.id}))`;

/**
 * The upcoming elections whose start has come, or the active ones whose end has: read every second
 * through elections_scheduled_idx, among the elections not over, never the history.
 */
export function dueElections(db: Db, status: "upcoming" | "active", now: Date) {
  return db
    .select({ id: elections.id })
    .from(elections)
    .where(
      and(
        eq(elections.status, status),
        lte(status === "upcoming" ? elections.startsAt : elections.endsAt, now),
      ),
    );
}

/**
 * Elections whose start or end has come, by the injected clock; every process may run it, each
 * change happens once, with its notices (links to `origin`).
 */
export async function applySchedule(db: Db, clock: Clock, origin: string): Promise<ElectionRow[]> {
  const now = clock.now();
  const changed: ElectionRow[] = [];
  const due = await dueElections(db, "upcoming", now);
  for (const { id } of due) {
    const opened = await db.transaction((tx) => open(tx, id, now, null, origin));
    if (opened) changed.push(opened);
  }
  const ending = await dueElections(db, "active", now);
  for (const { id } of ending) {
    // One update per election: each draws its own seed, and only the process that closes it does.
    const closed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(elections)
        .set({ status: "completed", tieSeed: drawnTieSeed(), rollSize: closingRollSize() })
        .where(and(eq(elections.id, id), eq(elections.status, "active"), lte(elections.endsAt, now)))
        .returning();
      if (row) await queueClosingNotices(tx, row, now, origin);
      return row;
    });
    if (closed) changed.push(closed);
  }
  return changed;
}

/** Opens now; the shown start date and time become the moment it opened. */
export async function openEarly(
  db: Db,
  clock: Clock,
  admin: User,
  electionId: string,
  origin: string,
): Promise<ElectionRow> {
  const row = await electionToManage(db, admin, electionId);
  const timeZone = await timeZoneOf(db, row.organizationId);
  const opened = await db.transaction((tx) =>
    open(tx, electionId, clock.now(), { timeZone, actorId: admin.id }, origin),
  );
  if (!opened) throw badRequest(electionServerMessages.cannotOpen);
  return opened;
}

export async function closeEarly(
  db: Db,
  clock: Clock,
  admin: User,
  electionId: string,
  origin: string,
): Promise<ElectionRow> {
  await electionToManage(db, admin, electionId);
  const now = clock.now();
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(elections)
      .set({ status: "completed", endsAt: now, tieSeed: drawnTieSeed(), rollSize: closingRollSize() })
      .where(and(eq(elections.id, electionId), eq(elections.status, "active")))
      .returning();
    if (row) await queueClosingNotices(tx, row, now, origin);
    return row;
  });
  if (!closed) throw badRequest(electionServerMessages.cannotClose);
  return closed;
}

export async function cancelElection(
  db: Db,
  clock: Clock,
  admin: User,
  electionId: string,
  origin: string,
): Promise<ElectionRow> {
  await electionToManage(db, admin, electionId);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(elections)
      // A cancelled election's results may still be shown to its administrators: the seed is drawn too.
      .set({ status: "cancelled", tieSeed: drawnTieSeed(), rollSize: closingRollSize() })
      .where(and(eq(elections.id, electionId), sql`${elections.status} in ('upcoming', 'active')`))
      .returning();
    if (row) await queueCancellationNotice(tx, row, clock.now(), origin);
    return row;
  });
  if (!cancelled) throw badRequest(electionServerMessages.cannotCancel);
  return cancelled;
}

/** A later end date and time, in the organization's time zone. */
export async function extendElection(
  db: Db,
  clock: Clock,
  admin: User,
  electionId: string,
  end: { end_date: string; end_time: string },
): Promise<ElectionRow> {
  const row = await electionToManage(db, admin, electionId);
  const zone = await timeZoneOf(db, row.organizationId);
  const endsAt = zonedInstant(end.end_date, end.end_time, zone);
  if (endsAt <= row.endsAt || endsAt <= clock.now()) throw badRequest(electionServerMessages.cannotExtend);
  const [extended] = await db
    .update(elections)
    .set({ endDate: end.end_date, endTime: end.end_time, endsAt, version: raisedVersion(elections.version) })
    .where(and(eq(elections.id, electionId), sql`${elections.status} in ('upcoming', 'active')`))
    .returning();
  if (!extended) throw badRequest(electionServerMessages.cannotExtend);
  return extended;
}

/** Results shown again on a completed election: the "results published" notice, unless it went already. */
export async function setResultsHidden(
  db: Db,
  admin: User,
  electionId: string,
  hidden: boolean,
  notices: { clock: Clock; origin: string },
): Promise<ElectionRow> {
  await electionToManage(db, admin, electionId);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(elections)
      .set({ resultsHidden: hidden })
      .where(eq(elections.id, electionId))
      .returning();
    if (updated && !hidden && updated.status === "completed") {
      await queueNotice(tx, updated, "results_published", notices.clock.now(), notices.origin);
    }
    return updated;
  });
  if (!row) throw badRequest(electionServerMessages.electionNotFound);
  return row;
}

/**
 * Channel Configuration: the voting window, candidates, questions and quorum, replaced whole while the election is
 * upcoming. Once voting opens the ballot definition is frozen (the status check is in the same
 * statement that takes the row lock).
 *
 * Optimistic concurrency: an edit that names the `version` it started from is written only if the
 * election is still at that version, checked in the update that raises it (one statement, under the
 * row lock: of two saves from the same version, the second waits for the first, finds the version
 * moved on and changes nothing). Refused with 409 (`changedElsewhere`): a tab opened before another
 * administrator's save never writes their fields back with its old values. An edit with no version
 * (an API client's) replaces the definition as it stands.
 */
export async function updateDefinition(
  db: Db,
  admin: User,
  electionId: string,
  input: z.output<typeof electionDefinitionInput>,
  now: Date,
): Promise<ElectionRow> {
  const row = await electionToManage(db, admin, electionId);
  // Frozen first: an editor left open while voting opened is told so, not that its start is past.
  if (row.status !== "upcoming") throw badRequest(electionServerMessages.definitionFrozen);
  // Stale already: told so before any rule of the draft (its start may have passed meanwhile).
  requireVersion(input.version, row.version, electionServerMessages.changedElsewhere);
  const voting = input.voting_settings;
  const window = votingWindow(voting, await timeZoneOf(db, row.organizationId), now);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(elections)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        startDate: voting.startDate,
        endDate: voting.endDate,
        startTime: voting.startTime,
        endTime: voting.endTime,
        ...window,
        quorumPercent: voting.quorumPercent,
        version: raisedVersion(elections.version),
      })
      .where(
        and(
          eq(elections.id, electionId),
          eq(elections.status, "upcoming"),
          atVersion(elections.version, input.version),
        ),
      )
      .returning();
    if (!updated)
      return refuseUnwritten(
        tx,
        electionId,
        electionServerMessages.changedElsewhere,
        electionServerMessages.definitionFrozen,
      );
    await tx.delete(electionPositions).where(eq(electionPositions.electionId, electionId));
    await createPositions(tx, electionId, voting);
    if (updated.channelId) {
      await tx.update(channels).set({ votingSettings: voting }).where(eq(channels.id, updated.channelId));
    }
    return updated;
  });
}

async function timeZoneOf(db: Db, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timezone ?? "UTC";
}

/** Open screens of the organization refetch the election (status, window, counts). */
export function announceElection(bus: Bus, row: ElectionRow): Promise<void> {
  return bus.publish(`org:${row.organizationId}`, "election.updated", {
    election_id: row.id,
    organization_id: row.organizationId,
    status: row.status,
  });
}
