import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { arrayRows } from "../../db/prepared";
import { ballots, elections, participations, seals } from "../../db/schema";
import { uuidArray } from "../../lib/ids";
import { completeSessionsDisclosedBy } from "../monitoring/sessions";
import { chainRoot, chainStart, tallyOf } from "./chain";

/** One sealer at a time across processes. */
const SEALER_LOCK = 7265002;

/**
 * While an election is open, a position's ballots are sealed (and its participations disclosed)
 * only once at least this many voters' ballots wait. A seal's time is public, and the seal is the
 * moment its voters turn "voted": a batch of one would pair a voter with a choice; in a batch of
 * ten each voter hides among ten. Once voting ends the rest is sealed whatever its size.
 */
export const SEAL_MIN_VOTERS = 10;

export interface SealMade {
  sealId: number;
  electionId: string;
  organizationId: string;
  sequence: number;
  root: string;
}

/** A position whose waiting ballots and waiting participations differ in number: not sealed. */
export interface SealRefusal {
  electionId: string;
  positionId: string;
  ballots: number;
  participations: number;
}

export interface SealingOutcome {
  seals: SealMade[];
  sealed: number;
  refused: SealRefusal[];
  /**
   * Why a plan of several seals stopped after some of them committed (the database went away, say):
   * those seals stand, are announced and complete their voters' sessions; the rest waits for the
   * next call, which plans again.
   */
  stopped?: unknown;
}

interface Waiting {
  election_id: string;
  organization_id: string;
  position_id: string;
  open: boolean;
  ballots: number;
  participations: number;
}

/**
 * A seal takes about this many waiting ballots at most, shared among its questions, and as many
 * waiting participations of each question as it takes of its ballots. A larger backlog (a sealer
 * behind after a restart, a close after a busy hour) is sealed in several seals, each its own
 * transaction: the embedded database runs one transaction at a time, and 20,000 ballots in one
 * seal held every request 1.2 s there (a seal of 1,000 about 90 ms). Which ballots go first follows
 * their receipts' hashes and which voters their ids: neither says when they voted, and a voter's
 * ballot is as likely in any seal of the backlog as in the one that disclosed them. It also keeps
 * a seal's receipts in one row under 128 KiB for verify-election (ballot-pass.ts).
 */
export const SEAL_MAX_BALLOTS = 1_000;

/**
 * Seals each election's waiting ballots and, in the same transaction, discloses the waiting
 * participations of the same positions: the seal is the one moment at which both a batch of
 * choices (on the bulletin board) and a batch of "voted" (turnout, the Voters tab, monitoring)
 * become visible, so neither can be tied to one ballot. A backlog of more than SEAL_MAX_BALLOTS
 * takes several seals, planned in the first transaction from its snapshot and made one after the
 * other, each in a transaction of its own; ballots cast meanwhile wait for the next call.
 *
 * Each transaction is REPEATABLE READ: every read and every update sees one snapshot, so a vote
 * committed meanwhile (its participation and ballot written by one statement) is in neither or
 * both. A position is refused, and reported, when its waiting ballots and waiting participations
 * differ in number: a ballot with no voter behind it (inserted directly) is never sealed.
 * An advisory lock keeps one sealer at a time across processes; a later seal of the plan that
 * finds its ballots or voters no longer waiting (another process's sealer came between) ends the
 * plan, and the next call plans again.
 */
export async function sealPending(
  db: Db,
  options: { minVoters?: number; electionId?: string } = {},
): Promise<SealingOutcome> {
  const outcome: SealingOutcome = { seals: [], sealed: 0, refused: [] };
  const planned = await db.transaction((tx) => planAndSealFirst(tx, options, outcome), {
    isolationLevel: "repeatable read",
  });
  for (let next = 1; ; next++) {
    const due = planned.filter((plan) => plan.seals[next]);
    if (due.length === 0) break;
    const made = await db
      .transaction(
        async (tx) => {
          if (!(await sealerLock(tx))) throw new PlanOutdated();
          const made: Array<{ seal: SealMade; count: number }> = [];
          for (const plan of due) made.push(await sealPlanned(tx, plan, plan.seals[next] as Planned[], true));
          return made;
        },
        { isolationLevel: "repeatable read" },
      )
      .catch((error: unknown) => {
        // Outdated is expected (another process's sealer came between); anything else is told.
        if (!(error instanceof PlanOutdated)) outcome.stopped = error;
        return null;
      });
    if (!made) break;
    for (const { seal, count } of made) {
      outcome.seals.push(seal);
      outcome.sealed += count;
    }
  }
  // Monitoring hears of the disclosed votes after the commit: an update of a voter's session in
  // the snapshot's transaction would abort the seal whenever monitoring touched that session too.
  for (const seal of outcome.seals) await completeSessionsDisclosedBy(db, seal.electionId, seal.sealId);
  return outcome;
}

/** One question's part of a planned seal: its waiting ballots and as many of its waiting voters. */
interface Planned {
  positionId: string;
  ballotIds: string[];
  voterIds: string[];
}

/** An election's planned seals, each the parts of its questions. */
interface Plan {
  electionId: string;
  organizationId: string;
  seals: Planned[][];
}

/** A later seal of a plan found what it planned no longer as it was: the plan ends there. */
class PlanOutdated extends Error {}

const sealerLock = async (tx: Db) =>
  Boolean(
    (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${SEALER_LOCK}) as ok`)) as {
        rows: Array<{ ok: boolean }>;
      }
    ).rows[0]?.ok,
  );

/**
 * Counts what waits, refuses the positions whose ballots and voters differ in number, plans each
 * election's seals (SEAL_MAX_BALLOTS at most, shared among its questions: ballots in the order of
 * their receipts' hashes, voters in the order of their ids, neither of which says when they voted)
 * and makes the first seal of each plan. Returns the plans.
 */
async function planAndSealFirst(
  tx: Db,
  options: { minVoters?: number; electionId?: string },
  outcome: SealingOutcome,
): Promise<Plan[]> {
  const minVoters = options.minVoters ?? SEAL_MIN_VOTERS;
  const only = options.electionId ? sql`and e.id = ${options.electionId}::uuid` : sql``;
  if (!(await sealerLock(tx))) return [];
  const waiting = (
    (await tx.execute(sql`
    with b as (select election_id, position_id, count(*)::int as n from ballots where seal_id is null group by 1, 2),
         p as (select election_id, position_id, count(*)::int as n from participations where seal_id is null group by 1, 2)
    select e.id as election_id, e.organization_id, e.status = 'active' as open,
           coalesce(b.position_id, p.position_id) as position_id,
           coalesce(b.n, 0) as ballots, coalesce(p.n, 0) as participations
    from b full join p on p.position_id = b.position_id
    join elections e on e.id = coalesce(b.election_id, p.election_id)
    where true ${only}
    order by e.id`)) as { rows: Waiting[] }
  ).rows;
  const byElection = new Map<string, Waiting[]>();
  for (const row of waiting)
    byElection.set(row.election_id, [...(byElection.get(row.election_id) ?? []), row]);

  const plans: Plan[] = [];
  for (const [electionId, rows] of byElection) {
    const ready: Waiting[] = [];
    for (const row of rows) {
      if (row.ballots !== row.participations) {
        outcome.refused.push({
          electionId,
          positionId: row.position_id,
          ballots: row.ballots,
          participations: row.participations,
        });
      } else if (!row.open || row.ballots >= minVoters) ready.push(row);
    }
    if (ready.length === 0) continue;
    const positionIds = uuidArray(ready.map((row) => row.position_id));
    const ballotIds = await idsByPosition(
      tx,
      sql`select position_id, string_agg(id::text, ',' order by chain_key collate "C") from ballots
        where election_id = ${electionId}::uuid and seal_id is null and position_id = any(${positionIds}::uuid[])
        group by position_id`,
    );
    const voterIds = await idsByPosition(
      tx,
      sql`select position_id, string_agg(user_id::text, ',' order by user_id) from participations
        where election_id = ${electionId}::uuid and seal_id is null and position_id = any(${positionIds}::uuid[])
        group by position_id`,
    );
    // As many seals as SEAL_MAX_BALLOTS a seal needs, each question spread evenly over them (its
    // share never below minVoters); a last share too few to hide among while voting is open goes
    // with the one before it.
    const sealCount = Math.ceil(ready.reduce((sum, row) => sum + row.ballots, 0) / SEAL_MAX_BALLOTS);
    const seals: Planned[][] = [];
    for (const row of ready) {
      const ballotsOf = ballotIds.get(row.position_id) ?? [];
      const votersOf = voterIds.get(row.position_id) ?? [];
      const share = Math.max(minVoters, Math.ceil(ballotsOf.length / sealCount));
      for (let from = 0, k = 0; from < ballotsOf.length; k++) {
        const rest = ballotsOf.length - from - share;
        const to = rest > 0 && rest >= (row.open ? minVoters : 1) ? from + share : ballotsOf.length;
        const part = {
          positionId: row.position_id,
          ballotIds: ballotsOf.slice(from, to),
          voterIds: votersOf.slice(from, to),
        };
        if (seals[k]) seals[k].push(part);
        else seals[k] = [part];
        from = to;
      }
    }
    const plan = { electionId, organizationId: rows[0]?.organization_id ?? "", seals };
    const { seal, count } = await sealPlanned(tx, plan, seals[0] as Planned[], false);
    outcome.seals.push(seal);
    outcome.sealed += count;
    plans.push(plan);
  }
  return plans;
}

/**
 * A statement's rows of a position id and its ids joined by commas, as each position's ids: a row
 * a question, not a row an id (20,000 ids cost the embedded database 103 ms in rows, 29 so).
 */
async function idsByPosition(tx: Db, statement: SQL): Promise<Map<string, string[]>> {
  const rows = await arrayRows<[string, string]>(tx, statement);
  return new Map(rows.map(([positionId, ids]) => [positionId, ids.split(",")]));
}

/**
 * One seal over these planned ballots, disclosing these voters' participations. In the plan's own
 * transaction they are waiting by its snapshot, and anything else is an error; in a later one
 * (`later`) what is no longer waiting ends the plan (PlanOutdated).
 */
async function sealPlanned(
  tx: Db,
  plan: Plan,
  parts: Planned[],
  later: boolean,
): Promise<{ seal: SealMade; count: number }> {
  const { electionId } = plan;
  const changed = () => {
    if (later) throw new PlanOutdated();
    throw new Error("sealer: the batch changed under its snapshot");
  };
  const ids = uuidArray(parts.flatMap((part) => part.ballotIds));
  const planned = parts.reduce((sum, part) => sum + part.ballotIds.length, 0);
  const batch = await tx
    .select()
    .from(ballots)
    .where(
      and(
        eq(ballots.electionId, electionId),
        sql`${ballots.id} = any(${ids}::uuid[])`,
        isNull(ballots.sealId),
      ),
    );
  if (batch.length !== planned) changed();
  const [last] = await tx
    .select()
    .from(seals)
    .where(eq(seals.electionId, electionId))
    .orderBy(desc(seals.sequence))
    .limit(1);
  const [election] = await tx
    .select({ definitionHash: elections.definitionHash })
    .from(elections)
    .where(eq(elections.id, electionId));
  const previousRoot = last?.root ?? chainStart(election?.definitionHash ?? null);
  const [seal] = await tx
    .insert(seals)
    .values({
      electionId,
      sequence: (last?.sequence ?? 0) + 1,
      previousRoot,
      root: chainRoot(previousRoot, batch),
      ballotCount: batch.length,
      tally: tallyOf(batch),
    })
    .returning();
  if (!seal) throw new Error("seal insert returned nothing");
  const sealedBallots = await tx
    .update(ballots)
    .set({ sealId: seal.id })
    .where(and(sql`${ballots.id} = any(${ids}::uuid[])`, isNull(ballots.sealId)))
    .returning({ id: ballots.id });
  let disclosed = 0;
  for (const part of parts)
    disclosed += (
      await tx
        .update(participations)
        .set({ sealId: seal.id })
        .where(
          and(
            eq(participations.positionId, part.positionId),
            sql`${participations.userId} = any(${uuidArray(part.voterIds)}::uuid[])`,
            isNull(participations.sealId),
          ),
        )
        .returning({ userId: participations.userId })
    ).length;
  if (sealedBallots.length !== planned || disclosed !== planned) changed();
  return {
    seal: {
      sealId: seal.id,
      electionId,
      organizationId: plan.organizationId,
      sequence: seal.sequence,
      root: seal.root,
    },
    count: batch.length,
  };
}
