import { asc, eq, inArray } from "drizzle-orm";
import { definitionText } from "../../../contract/ballots/definition-hash";
import { CANDIDATE_POSITIONS, POSITION_LABELS, type VotingSettings } from "../../../contract/channels";
import { messages } from "../../../contract/messages";
import { startIsPast, zonedInstant } from "../../../contract/zoned-time";
import type { Db } from "../../db/connect";
import { candidates, electionPositions, elections } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { sha256 } from "../../lib/crypto";

/**
 * The voting window an administrator set, as instants in the organization's time zone. A start
 * already past is refused: it would open the election the moment it is saved, its roll fixed and
 * "Voting open" sent to every voter, with no confirmation (opening early is "Open voting now").
 */
export function votingWindow(
  voting: Pick<VotingSettings, "startDate" | "startTime" | "endDate" | "endTime">,
  timeZone: string,
  now: Date,
  refusal: string = messages.votingStartPast,
): { startsAt: Date; endsAt: Date } {
  if (startIsPast(voting.startDate, voting.startTime, timeZone, now)) throw badRequest(refusal);
  const startsAt = zonedInstant(voting.startDate, voting.startTime, timeZone);
  return { startsAt, endsAt: zonedInstant(voting.endDate, voting.endTime, timeZone) };
}

/**
 * The election of an election channel (status upcoming), its questions (one per office its
 * candidates stand for, then the administrator's other questions) and their candidates; run inside
 * the channel's transaction so the channel and its ballot exist together or not at all.
 */
export async function createElectionDefinition(
  tx: Db,
  options: {
    organizationId: string;
    timeZone: string;
    now: Date;
    channelId: string;
    title: string;
    description: string;
    voting: VotingSettings;
  },
): Promise<string> {
  const { voting } = options;
  const [election] = await tx
    .insert(elections)
    .values({
      organizationId: options.organizationId,
      channelId: options.channelId,
      title: options.title,
      description: options.description,
      electionType: "general",
      status: "upcoming",
      startDate: voting.startDate,
      endDate: voting.endDate,
      startTime: voting.startTime,
      endTime: voting.endTime,
      ...votingWindow(voting, options.timeZone, options.now),
      quorumPercent: voting.quorumPercent,
    })
    .returning({ id: elections.id });
  if (!election) throw new Error("election insert returned nothing");

  await createPositions(tx, election.id, voting);
  return election.id;
}

type StoredQuestion = VotingSettings["questions"][number];

/**
 * The election's questions in ballot order: first one plurality position per spec office the
 * candidates stand for (one selection each, as the spec has it), then each other question with its
 * method, blank vote and candidate order.
 */
export async function createPositions(tx: Db, electionId: string, voting: VotingSettings): Promise<void> {
  const standing = voting.candidates;
  const offices = CANDIDATE_POSITIONS.filter((office) => standing.some((c) => c.position === office));
  const officeQuestions: StoredQuestion[] = offices.map((office) => ({
    title: POSITION_LABELS[office],
    description: "",
    method: { kind: "plurality" },
    blank: false,
    order: "as_entered",
    candidates: standing
      .filter((c) => c.position === office)
      .map((c) => ({ name: c.name, party: c.party, statement: "", photo_url: c.image })),
  }));
  const questions = [...officeQuestions, ...voting.questions];
  for (const [order, question] of questions.entries()) {
    const [position] = await tx
      .insert(electionPositions)
      .values({
        electionId,
        title: question.title,
        description: question.description,
        maxSelections: maxSelectionsOf(question),
        method: question.method,
        blank: question.blank,
        candidateOrder: question.order,
        sortOrder: order,
      })
      .returning({ id: electionPositions.id });
    if (!position) throw new Error("position insert returned nothing");
    if (question.candidates.length === 0) continue;
    await tx.insert(candidates).values(
      question.candidates.map((candidate, index) => ({
        positionId: position.id,
        name: candidate.name,
        party: candidate.party,
        bio: candidate.statement,
        imageUrl: candidate.photo_url,
        sortOrder: index,
      })),
    );
  }
}

/** How many candidates one ballot may name: one choice, k seats, the approval maximum, or every candidate. */
function maxSelectionsOf(question: StoredQuestion): number {
  const { method } = question;
  switch (method.kind) {
    case "plurality":
    case "referendum":
      return 1;
    case "block":
      return method.seats;
    case "approval":
      return method.max;
    default:
      return question.candidates.length;
  }
}

/** An election's questions in order, and their candidates in order (as the ballot and the board list them). */
export async function electionQuestions(db: Db, electionId: string) {
  const positions = await db
    .select()
    .from(electionPositions)
    .where(eq(electionPositions.electionId, electionId))
    .orderBy(asc(electionPositions.sortOrder));
  const standing = positions.length
    ? await db
        .select()
        .from(candidates)
        .where(
          inArray(
            candidates.positionId,
            positions.map((p) => p.id),
          ),
        )
        .orderBy(asc(candidates.sortOrder))
    : [];
  return { positions, standing };
}

/** sha256 of the election's definition as stored now (contract/ballots/definition-hash.ts). */
export async function definitionHashOf(db: Db, electionId: string): Promise<string> {
  const { positions, standing } = await electionQuestions(db, electionId);
  const questions = positions.map((p) => ({
    ...p,
    candidates: standing.filter((c) => c.positionId === p.id),
  }));
  return sha256(definitionText(electionId, questions));
}
