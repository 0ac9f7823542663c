import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { QuestionResult } from "../../../contract/ballots/result";
import type { Bulletin } from "../../../contract/bulletin";
import { type ElectionStatus, electionServerMessages } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import {
  ballots,
  type candidates,
  type electionPositions,
  elections,
  electionVoters,
  organizations,
  seals,
} from "../../db/schema";
import { notFound } from "../../http/errors";
import { sealedHashes } from "./chain";
import { countElections } from "./counts";
import { electionQuestions } from "./definition";
import { type ElectionRow, quorumOf, resultsPublished, votersWhoTookPart } from "./queries";

/**
 * The election's public bulletin board: the seals (the chain's heads over time) with their ballots'
 * hashes and tags, and once voting has closed every sealed ballot's receipt hash and answer. Nothing
 * on it names a voter, and nothing ties an answer to its seal (whose time says which voters it
 * took): only a voter, from their receipt, finds their ballot's tag and hash (BulletinLookup).
 * Nothing on it moves with a single ballot: no count of unsealed ballots.
 */
export async function bulletinBoard(db: Db, electionId: string): Promise<Bulletin> {
  const { board, sealedBallots } = await boardParts(db, electionId);
  return { ...board, ...(await sealedBallots()) };
}

/** What the board's one large part holds: read with every sealed ballot of the election. */
export type BoardBallots = Pick<Bulletin, "sealed" | "ballots">;

/**
 * Everything on the board but its sealed ballots, from a few small reads, and `sealedBallots()`, which
 * reads those (every one of the election's: the board's one large part). The served board is
 * kept while these parts stay the same (board-cache.ts): a new seal, the close or the published
 * results change them.
 */
export async function boardParts(
  db: Db,
  electionId: string,
): Promise<{ board: Omit<Bulletin, keyof BoardBallots>; sealedBallots: () => Promise<BoardBallots> }> {
  const [found] = await db
    .select({ election: elections, organizationName: organizations.name })
    .from(elections)
    .innerJoin(organizations, eq(organizations.id, elections.organizationId))
    .where(eq(elections.id, electionId));
  if (!found) throw notFound(electionServerMessages.electionNotFound);
  const { election, organizationName } = found;
  const { positions, standing } = await electionQuestions(db, electionId);
  const chain = await db
    .select()
    .from(seals)
    .where(eq(seals.electionId, electionId))
    .orderBy(asc(seals.sequence));
  // The sealed ballots' answers are published with the results, never before: not while voting is
  // open (a count by candidate), nor for a cancelled election whose results stay hidden (a recount),
  // nor while the close's last ballots wait for their seal: a board with every seal's answers but
  // the last, then one with them all, would give that seal's answers, and the Voters tab its voters.
  const choicesPublished = resultsPublished(election) && !(await anyUnsealed(db, election.id));
  const counted = choicesPublished ? await countOf(db, election, positions, standing) : null;
  // Who took part, as turnout counts them: fixed once the results are out.
  const tookPart = choicesPublished
    ? ((await votersWhoTookPart(db, [election.id])).get(election.id) ?? 0)
    : null;
  const rollSize = election.rollSize ?? 0;
  const board = {
    election: {
      id: election.id,
      title: election.title,
      status: election.status as ElectionStatus,
      organization_name: organizationName,
    },
    positions: positions.map((p) => ({
      id: p.id,
      title: p.title,
      method: p.method,
      blank: p.blank,
      candidates: standing
        .filter((c) => c.positionId === p.id)
        .map((c) => ({ id: c.id, name: c.name, party: c.party })),
    })),
    definition_hash: election.definitionHash,
    roll_size: election.rollSize,
    tie_seed: choicesPublished ? (counted?.tieSeed ?? election.tieSeed) : null,
    turnout:
      tookPart === null
        ? null
        : { votes_cast: tookPart, total_voters: rollSize, quorum: quorumOf(election, rollSize, tookPart) },
    seals: chain.map((s) => ({
      sequence: s.sequence,
      previous_root: s.previousRoot,
      root: s.root,
      ballot_count: s.ballotCount,
      created_at: s.createdAt.toISOString(),
    })),
    results: counted
      ? positions.map((p) => ({ position_id: p.id, result: counted.results.get(p.id) as QuestionResult }))
      : null,
  };
  const sealedBallots = async (): Promise<BoardBallots> => {
    const sealed = await db
      .select({
        electionId: ballots.electionId,
        receiptHash: ballots.receiptHash,
        chainKey: ballots.chainKey,
        positionId: ballots.positionId,
        candidateId: ballots.candidateId,
        answer: ballots.answer,
        sealId: ballots.sealId,
      })
      .from(ballots)
      .where(and(eq(ballots.electionId, election.id), isNotNull(ballots.sealId)));
    // Only the ballots of the seals read above: one sealed since (another process) waits for the next board.
    const bySeal = new Map<number, typeof sealed>(chain.map((s) => [s.id, []]));
    for (const ballot of sealed) bySeal.get(ballot.sealId ?? -1)?.push(ballot);
    const onChain = [...bySeal.values()].flat();
    return {
      sealed: chain.map((s) => sealedHashes(s.sequence, bySeal.get(s.id) ?? [])),
      // By receipt hash: an order that says nothing of a ballot's seal.
      ballots: choicesPublished
        ? onChain
            .map((b) => ({
              receipt_hash: b.receiptHash,
              position_id: b.positionId,
              candidate_id: b.candidateId,
              ballot: b.answer,
            }))
            .sort((a, b) => (a.receipt_hash < b.receipt_hash ? -1 : 1))
        : [],
    };
  };
  return { board, sealedBallots };
}

/** Whether any of the election's ballots waits for a seal (ballots_unsealed_idx). */
async function anyUnsealed(db: Db, electionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ballots.id })
    .from(ballots)
    .where(and(eq(ballots.electionId, electionId), isNull(ballots.sealId)))
    .limit(1);
  return !!row;
}

/** The election's count, as the results screens show it (the same cached count). */
async function countOf(
  db: Db,
  election: ElectionRow,
  positions: Array<typeof electionPositions.$inferSelect>,
  standing: Array<typeof candidates.$inferSelect>,
) {
  // The roll's size as fixed at the close; counted only for an election closed before it was kept.
  const rollSize =
    election.rollSize ??
    (
      await db.select({ n: count() }).from(electionVoters).where(eq(electionVoters.electionId, election.id))
    )[0]?.n ??
    0;
  const questions = positions.map((p) => ({
    id: p.id,
    method: p.method,
    candidateIds: standing.filter((c) => c.positionId === p.id).map((c) => c.id),
  }));
  const counts = await countElections(
    db,
    [election],
    new Map([[election.id, questions]]),
    new Map([[election.id, rollSize]]),
  );
  return counts.get(election.id) ?? null;
}
