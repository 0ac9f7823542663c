/**
 * The demo's board election, completed: a board of three by single transferable vote, a referendum
 * by two thirds and an approval question, so a newcomer sees each kind of result at once. Every
 * ballot goes through the real path (verification, the grant, the cast, the seal), as in elections.ts.
 */
import { asc, eq } from "drizzle-orm";
import type { Ballot } from "../../../contract/ballots/ballot";
import { createChannelInput } from "../../../contract/channels-input";
import { candidates, electionPositions, elections } from "../../db/schema";
import type { User } from "../accounts/sessions";
import { createChannel } from "../channels/service";
import { closeEarly } from "../elections/lifecycle";
import { day, openHeldAtOnce, voteAs } from "./elections";
import type { DemoParts } from "./seed";

const BOARD = [
  [
    "Ngozi Obi",
    "Forward Together",
    "Three years on the welfare committee. Every board decision published within a week.",
  ],
  [
    "Samuel Ofori",
    "Forward Together",
    "Cheaper meals in the canteen, and a student seat on the catering contract.",
  ],
  ["Priya Nair", "Campus First", "A mental-health drop-in open every weekday, run with the college clinic."],
  ["João Pereira", "Campus First", "Safe night buses between the halls and the library."],
  ["Hannah Kim", "Independent", "An open budget: every naira the union spends, online."],
  [
    "Yusuf Adebayo",
    "Independent",
    "More clubs, fewer forms: club funding decided in two weeks, not two months.",
  ],
] as const;

const PROJECTS = [
  "Library open until midnight",
  "Lights on the sports field",
  "Free printing for finalists",
  "A bike shelter",
];

/** How the 42 voters ranked the board (candidate indexes, first preference first), bloc by bloc. */
const RANKINGS: Array<[voters: number, ranking: number[]]> = [
  [11, [0, 1, 2]],
  [7, [1, 0]],
  [6, [2, 4, 3]],
  [5, [3, 4, 5, 2]],
  [5, [4, 3, 2]],
  [4, [5, 3]],
  [2, [0, 2, 4, 1, 3, 5]],
  [2, [2, 0]],
];
/** The motion: 27 Yes, 12 No, 3 Abstain (Yes is 69% of the votes cast: it passes at two thirds). */
const MOTION: Array<[voters: number, answer: "yes" | "no" | "abstain"]> = [
  [27, "yes"],
  [12, "no"],
  [3, "abstain"],
];

function expand<T>(blocs: Array<[number, T]>): T[] {
  return blocs.flatMap(([voters, value]) => Array.from({ length: voters }, () => value));
}

export async function demoBoardElection(
  { db, clock, secretKey, origin }: DemoParts,
  admin: User,
  voters: User[],
): Promise<void> {
  const { channel } = await createChannel(
    db,
    clock,
    admin,
    createChannelInput.parse({
      name: "board-election",
      type: "election",
      description:
        "The union board's election, completed, with the constitution motion and the projects vote.",
      voting_settings: {
        startDate: day(clock, 1),
        endDate: day(clock, 1),
        candidates: [],
        quorumPercent: 50,
        questions: [
          {
            title: "Board of Directors",
            description: "Three seats. Rank as many candidates as you like.",
            candidates: BOARD.map(([name, party, statement]) => ({ name, party, statement })),
            method: { kind: "stv", seats: 3 },
          },
          {
            title: "Motion 1: adopt the revised constitution",
            description: "Passes with two thirds of the votes cast. Abstentions are shown, not counted.",
            candidates: [],
            method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
          },
          {
            title: "Projects to fund this year",
            description: "Approve any you support, at least one. The two with most approvals are funded.",
            candidates: PROJECTS.map((name) => ({ name })),
            method: { kind: "approval", min: 1, max: PROJECTS.length, seats: 2 },
          },
        ],
      },
    }),
  );
  const [election] = await db.select().from(elections).where(eq(elections.channelId, channel.id));
  if (!election) return;
  await openHeldAtOnce({ db, clock, origin }, admin, election.id);
  const questions = await db
    .select()
    .from(electionPositions)
    .where(eq(electionPositions.electionId, election.id))
    .orderBy(asc(electionPositions.sortOrder));
  const [board, motion, projects] = await Promise.all(
    questions.map(async (question) => ({
      id: question.id,
      candidates: (
        await db
          .select({ id: candidates.id })
          .from(candidates)
          .where(eq(candidates.positionId, question.id))
          .orderBy(asc(candidates.sortOrder))
      ).map((c) => c.id),
    })),
  );
  if (!board || !motion || !projects) return;

  const rankings = expand(RANKINGS);
  const answers = expand(MOTION);
  for (const [index, ranking] of rankings.entries()) {
    const voter = voters[index];
    if (!voter) break;
    const ballots: Array<[string, Ballot]> = [
      [board.id, { kind: "ranking", ranks: ranking.map((c) => [board.candidates[c] as string]) }],
      [motion.id, { kind: "answer", answer: answers[index] ?? "abstain" }],
      // Most approve the library; the field lights and free printing split the rest; few want the shelter.
      [
        projects.id,
        {
          kind: "set",
          candidates: projects.candidates.filter(
            (_, p) =>
              (p === 0 && index % 5 !== 0) ||
              (p === 1 && index % 2 === 0) ||
              (p === 2 && index % 3 === 0) ||
              (p === 3 && index % 7 === 0),
          ),
        },
      ],
    ];
    // A voter who approves none of the projects approves the one they care about most: the library.
    const set = ballots[2]?.[1];
    if (set?.kind === "set" && set.candidates.length === 0)
      set.candidates.push(projects.candidates[0] as string);
    await voteAs(
      { db, clock, secretKey },
      voter,
      index,
      election.id,
      ballots.map(([position_id, ballot]) => ({ position_id, ballot })),
    );
  }
  await closeEarly(db, clock, admin, election.id, origin);
}
