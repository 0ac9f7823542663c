import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Ballot } from "../../contract/ballots/ballot";
import type { QuestionMethod } from "../../contract/ballots/question";
import { type Election, GRANT_TTL_MINUTES } from "../../contract/elections";
import type { Db } from "../db/connect";
import { chunksOf } from "../db/params";
import {
  ballots,
  candidates,
  electionPositions,
  elections,
  organizationMemberships,
  participations,
  users,
  verificationGrants,
} from "../db/schema";
import { createSession } from "../features/accounts/sessions";
import type { Clock } from "../lib/clock";
import { hashPassword, sha256 } from "../lib/crypto";
import { createOrganization } from "./factories";
import { call } from "./http";
import type { TestApp } from "./support";

/** Test helpers for elections: an election channel, and many voters made straight in the database. */
export function electionChannel(clock: Clock, overrides: Record<string, unknown> = {}) {
  const day = (offset: number) =>
    new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    name: `vote-${randomUUID().slice(0, 6)}`,
    type: "election",
    voting_settings: {
      startDate: day(1),
      endDate: day(3),
      candidates: [
        { name: "Ada", party: "Blue", position: "president", image: "https://img.example/ada.png" },
        { name: "Ben", party: "Green", position: "president", image: "https://img.example/ben.png" },
        { name: "Cy", party: "Blue", position: "senator", image: "https://img.example/cy.png" },
        { name: "Di", party: "Independent", position: "senator", image: "https://img.example/di.png" },
      ],
    },
    ...overrides,
  };
}

let passwordHash: Promise<string> | undefined;

/** Voters who belong to the organization, each with a signed-in session cookie; fast (no per-voter hashing). */
export async function bulkVoters(db: Db, clock: Clock, organizationId: string, count: number) {
  passwordHash ??= hashPassword("vs-secret12");
  const hash = await passwordHash;
  const rows = [];
  // A thousand rows a statement (db/params.ts): seven parameters a row passed PostgreSQL's 65,535 at 9,363.
  for (const chunk of chunksOf(Array.from({ length: count }, (_, i) => i))) {
    const made = await db
      .insert(users)
      .values(
        chunk.map((i) => ({
          email: `bulk-${randomUUID()}@test.votespace.local`,
          passwordHash: hash,
          fullName: `Bulk Voter ${i + 1}`,
          userType: "voter" as const,
          phoneNumber: "+1 555 0100",
          idType: "National ID",
          organizationId,
        })),
      )
      .returning();
    await db
      .insert(organizationMemberships)
      .values(made.map((u) => ({ organizationId, userId: u.id, role: "member" as const })));
    rows.push(...made);
  }
  return Promise.all(
    rows.map(async (user) => ({
      user,
      cookie: `votespace_session=${await createSession(db, clock, user, { ip: "127.0.0.1", userAgent: "test" })}`,
    })),
  );
}

/** How many ballots the election holds. */
export async function ballotCount(db: Db, electionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ballots).where(eq(ballots.electionId, electionId));
  return row?.n ?? 0;
}

/** A verification grant made directly, as a successful check would. */
export async function grantFor(
  db: Db,
  clock: Clock,
  userId: string,
  electionId: string,
  minutes = GRANT_TTL_MINUTES,
) {
  const [grant] = await db
    .insert(verificationGrants)
    .values({
      userId,
      electionId,
      method: "national_id",
      expiresAt: new Date(clock.now().getTime() + minutes * 60_000),
    })
    .returning({ id: verificationGrants.id });
  return grant?.id as string;
}

export async function electionOfChannel(app: FastifyInstance, cookie: string, channelId: string) {
  const response = await app.inject({
    method: "GET",
    url: `/api/channels/${channelId}/election`,
    headers: { cookie },
  });
  return response.json();
}

/**
 * An organization with `count` voter members and an election channel: its election upcoming, or
 * opened early by the organization's admin with `open`.
 */
export async function electionWithVoters(t: TestApp, count: number, options: { open?: boolean } = {}) {
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, count);
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  let election = await electionOfChannel(t.app, admin.cookie, channel.id);
  if (options.open)
    election = (await call(t.app, admin.cookie).post(`/api/elections/${election.id}/open`)).json();
  return { admin, voters, channel, election };
}

/** A question of any method added straight to an upcoming election (as the definition would store it). */
export async function addQuestion(
  db: Db,
  electionId: string,
  question: {
    title: string;
    method: QuestionMethod;
    candidates?: string[];
    blank?: boolean;
    sortOrder?: number;
  },
) {
  const [position] = await db
    .insert(electionPositions)
    .values({
      electionId,
      title: question.title,
      method: question.method,
      blank: question.blank ?? false,
      sortOrder: question.sortOrder ?? 10,
    })
    .returning();
  if (!position) throw new Error("position insert returned nothing");
  const names = question.candidates ?? [];
  const rows = names.length
    ? await db
        .insert(candidates)
        .values(names.map((name, i) => ({ positionId: position.id, name, sortOrder: i })))
        .returning()
    : [];
  return { id: position.id, candidates: Object.fromEntries(rows.map((c) => [c.name, c.id])) };
}

/**
 * A voter's ballot and participation written straight into the database, as casting writes them
 * (a plurality choice as its candidate, any other answer as its ballot): for counting tests that do
 * not go through verification and casting.
 */
export async function castDirect(
  db: Db,
  vote: { electionId: string; positionId: string; userId: string; candidateId?: string; ballot?: Ballot },
) {
  await db
    .insert(participations)
    .values({ electionId: vote.electionId, positionId: vote.positionId, userId: vote.userId });
  await db.insert(ballots).values({
    electionId: vote.electionId,
    positionId: vote.positionId,
    candidateId: vote.candidateId ?? null,
    answer: vote.ballot ?? null,
    receiptHash: sha256(`${randomUUID()}:${vote.positionId}`),
    chainKey: sha256(`${randomUUID()}:chain`),
  });
}

/**
 * An election with the channel's plurality positions plus an STV, a referendum (two thirds of the
 * votes cast, or of the eligible voters with `motionBase`) and an approval question, open, five voters.
 */
export async function questionElection(
  t: TestApp,
  options: { quorum?: number; motionBase?: "cast" | "eligible"; withoutPlurality?: boolean } = {},
) {
  const db = t.database.db;
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(db, t.clock, admin.organizationId, 5);
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const upcoming = await electionOfChannel(t.app, admin.cookie, channel.id);
  if (options.quorum)
    await db.update(elections).set({ quorumPercent: options.quorum }).where(eq(elections.id, upcoming.id));
  const stv = await addQuestion(db, upcoming.id, {
    title: "Board of Directors",
    method: { kind: "stv", seats: 3 },
    candidates: ["A", "B", "C", "D", "E", "F"],
  });
  const motion = await addQuestion(db, upcoming.id, {
    title: "Motion 3: amend article 12",
    method: {
      kind: "referendum",
      threshold: "two_thirds",
      base: options.motionBase ?? "cast",
      abstain: true,
    },
  });
  const approval = await addQuestion(db, upcoming.id, {
    title: "Venue",
    method: { kind: "approval", min: 0, max: 3, seats: 1 },
    candidates: ["X", "Y", "Z"],
    blank: true,
  });
  // The channel's own plurality positions (President, Senator) taken away: the other questions only.
  if (options.withoutPlurality)
    await db
      .delete(electionPositions)
      .where(
        and(
          eq(electionPositions.electionId, upcoming.id),
          sql`${electionPositions.method}->>'kind' = 'plurality'`,
        ),
      );
  const election: Election = (
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`)
  ).json();
  return { admin, voters, election, stv, motion, approval };
}

type QuestionElection = Awaited<ReturnType<typeof questionElection>>;

/** The first `count` voters vote in every question (A, B, C… as in results.test.ts). */
export async function voteEveryQuestion(t: TestApp, e: QuestionElection, count = e.voters.length) {
  // The channel's plurality President, unless the election was made without it.
  const president = e.election.positions.find((p) => p.method.kind === "plurality");
  const { A, B, C, D, E, F } = e.stv.candidates as Record<string, string>;
  const { X, Y, Z } = e.approval.candidates as Record<string, string>;
  const rankings = [
    [A, B, C],
    [A, C],
    [B, A, D],
    [E, F],
    [C, B],
  ];
  const answers = ["yes", "yes", "yes", "no", "abstain"] as const;
  const sets = [[X, Y], [X], [Y, Z], [X, Z], []];
  for (const [i, voter] of e.voters.slice(0, count).entries()) {
    const vote = (positionId: string, ballot: Ballot | undefined, candidateId?: string) =>
      castDirect(t.database.db, {
        electionId: e.election.id,
        positionId,
        userId: voter.user.id,
        ballot,
        candidateId,
      });
    if (president) await vote(president.id, undefined, president.candidates[i === 4 ? 1 : 0]?.id);
    await vote(e.stv.id, { kind: "ranking", ranks: (rankings[i] as string[]).map((id) => [id]) });
    await vote(e.motion.id, { kind: "answer", answer: answers[i] as (typeof answers)[number] });
    await vote(e.approval.id, { kind: "set", candidates: sets[i] as string[] });
  }
}
