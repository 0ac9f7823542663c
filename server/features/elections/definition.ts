import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  POSITION_LABELS,
  type VotingSettings,
} from "../../../contract/channels";
import type { Db } from "../../db/connect";
import { candidates, electionPositions, elections } from "../../db/schema";
import { zonedInstant } from "../../lib/zoned-time";

/**
 * The election of an election channel (status upcoming), one position per office its candidates
 * stand for (one selection each), and the candidates; run inside the channel's transaction so the
 * channel and its ballot exist together or not at all.
 */
export async function createElectionDefinition(
  tx: Db,
  options: {
    organizationId: string;
    timeZone: string;
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
      startsAt: zonedInstant(voting.startDate, voting.startTime, options.timeZone),
      endsAt: zonedInstant(voting.endDate, voting.endTime, options.timeZone),
    })
    .returning({ id: elections.id });
  if (!election) throw new Error("election insert returned nothing");

  await createPositions(tx, election.id, voting.candidates);
  return election.id;
}

/** One position per office the candidates stand for (one selection each), with its candidates. */
export async function createPositions(tx: Db, electionId: string, standing: CandidateInput[]): Promise<void> {
  const offices = CANDIDATE_POSITIONS.filter((office) => standing.some((c) => c.position === office));
  for (const [order, office] of offices.entries()) {
    const [position] = await tx
      .insert(electionPositions)
      .values({ electionId, title: POSITION_LABELS[office], maxSelections: 1, sortOrder: order })
      .returning({ id: electionPositions.id });
    if (!position) throw new Error("position insert returned nothing");
    await tx.insert(candidates).values(
      standing
        .filter((c) => c.position === office)
        .map((candidate, index) => ({
          positionId: position.id,
          name: candidate.name,
          party: candidate.party,
          imageUrl: candidate.image,
          sortOrder: index,
        })),
    );
  }
}
