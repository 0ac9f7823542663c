// Over 300 lines: the questions of an election from its definition to stored ballots (every method, every refusal), on one shared setup.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerText, type Ballot, ballotMessages } from "../../../contract/ballots/ballot";
import type { QuestionInput } from "../../../contract/ballots/question";
import { electionMessages, electionServerMessages, type PositionView } from "../../../contract/elections";
import { messages } from "../../../contract/messages";
import {
  ballots,
  candidates,
  electionPositions,
  elections,
  participations,
  verificationGrants,
} from "../../db/schema";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const people = (...names: string[]) =>
  names.map((name) => ({
    name,
    party: "Independent",
    statement: `${name}'s statement`,
    photo_url: `/img/${name}.png`,
  }));

/** One question of every method after the spec's two offices. */
const QUESTIONS: QuestionInput[] = [
  {
    title: "Board of Directors",
    candidates: people("A", "B", "C", "D", "E", "F"),
    method: { kind: "stv", seats: 3 },
  },
  { title: "Chair", candidates: people("G", "H", "I"), method: { kind: "irv" }, order: "shuffled" },
  { title: "Venue", candidates: people("J", "K", "L"), method: { kind: "schulze" } },
  { title: "Committee", candidates: people("M", "N", "O"), method: { kind: "block", seats: 2 } },
  {
    title: "Projects",
    candidates: people("P", "Q", "R", "S"),
    method: { kind: "approval", min: 1, max: 2, seats: 1 },
  },
  {
    title: "Motion 3: amend article 12",
    description: "Two thirds of the votes cast.",
    candidates: [],
    method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
  },
  {
    title: "Mascot",
    candidates: people("T", "U"),
    method: { kind: "majority_judgment", grades: ["Excellent", "Good", "Fair", "Reject"] },
    blank: true,
  },
  { title: "Logo", candidates: people("V", "W"), method: { kind: "score", max: 5 } },
];

async function openElection(members = 2, questions = QUESTIONS) {
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, members);
  const channel = electionChannel(t.clock);
  const created = await call(t.app, admin.cookie).post("/api/channels", {
    ...channel,
    voting_settings: { ...channel.voting_settings, questions, quorumPercent: 50 },
  });
  expect(created.statusCode).toBe(201);
  const upcoming = await electionOfChannel(t.app, admin.cookie, created.json().channel.id);
  const election = (await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`)).json();
  const byTitle = (title: string) =>
    election.positions.find((p: PositionView) => p.title === title) as PositionView;
  const ids = (title: string) => byTitle(title).candidates.map((c) => c.id);
  return { admin, voters, election, byTitle, ids };
}

const cast = (cookie: string, electionId: string, body: unknown) =>
  call(t.app, cookie).post(`/api/elections/${electionId}/ballots`, body);

async function stored(electionId: string, grantId: string) {
  const db = t.database.db;
  const [b] = await db.select({ n: count() }).from(ballots).where(eq(ballots.electionId, electionId));
  const [p] = await db
    .select({ n: count() })
    .from(participations)
    .where(eq(participations.electionId, electionId));
  const [grant] = await db.select().from(verificationGrants).where(eq(verificationGrants.id, grantId));
  return { ballots: b?.n, participations: p?.n, grantUsed: grant?.usedAt !== null };
}

describe("an election's questions", () => {
  it("stores each question after the spec's offices with its method, blank, order and candidates, and the quorum", async () => {
    const { election, byTitle } = await openElection();
    expect(election.positions.map((p: PositionView) => p.title)).toEqual([
      "President",
      "Senator",
      ...QUESTIONS.map((q) => q.title),
    ]);
    // The spec's offices stay as they were: plurality, one selection, no blank.
    expect(byTitle("President")).toMatchObject({
      method: { kind: "plurality" },
      max_selections: 1,
      blank: false,
      order: "as_entered",
    });
    expect(byTitle("Board of Directors")).toMatchObject({
      method: { kind: "stv", seats: 3 },
      max_selections: 6,
    });
    expect(byTitle("Chair").order).toBe("shuffled");
    expect(byTitle("Committee").max_selections).toBe(2);
    expect(byTitle("Projects").max_selections).toBe(2);
    expect(byTitle("Mascot").blank).toBe(true);
    expect(byTitle("Motion 3: amend article 12")).toMatchObject({
      description: "Two thirds of the votes cast.",
      method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
      candidates: [],
    });
    expect(byTitle("Board of Directors").candidates[0]).toMatchObject({
      name: "A",
      party: "Independent",
      statement: "A's statement",
      image_url: "/img/A.png",
    });
    expect(election.quorum_percent).toBe(50);
  });

  it("replaces the questions and the quorum when an upcoming election's definition is edited", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const channel = electionChannel(t.clock);
    const created = (
      await as.post("/api/channels", {
        ...channel,
        voting_settings: { ...channel.voting_settings, questions: QUESTIONS },
      })
    ).json().channel;
    const election = await electionOfChannel(t.app, admin.cookie, created.id);
    const edited = await as.put(`/api/elections/${election.id}/definition`, {
      voting_settings: {
        ...channel.voting_settings,
        candidates: [],
        questions: [{ title: "Treasurer", candidates: people("X", "Y"), method: { kind: "irv" } }],
        quorumPercent: 40,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().positions).toMatchObject([
      { title: "Treasurer", method: { kind: "irv" }, candidates: [{ name: "X" }, { name: "Y" }] },
    ]);
    expect(edited.json().quorum_percent).toBe(40);
    const kept = await t.database.db
      .select({ title: electionPositions.title, candidates: count(candidates.id) })
      .from(electionPositions)
      .leftJoin(candidates, eq(candidates.positionId, electionPositions.id))
      .where(eq(electionPositions.electionId, election.id))
      .groupBy(electionPositions.id);
    expect(kept).toEqual([{ title: "Treasurer", candidates: 2 }]);
  });

  it("takes an election of questions only, and still needs a question where it needs candidates", async () => {
    const admin = await createOrganization(t.app);
    const channel = electionChannel(t.clock);
    const only = await call(t.app, admin.cookie).post("/api/channels", {
      ...channel,
      voting_settings: { ...channel.voting_settings, candidates: [], questions: [QUESTIONS[5]] },
    });
    expect(only.statusCode).toBe(201);
    const none = await call(t.app, admin.cookie).post("/api/channels", {
      ...channel,
      name: "none",
      voting_settings: { ...channel.voting_settings, candidates: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(messages.candidateRequired);
    const [row] = await t.database.db
      .select()
      .from(elections)
      .where(eq(elections.channelId, only.json().channel.id));
    expect(row?.quorumPercent).toBeNull();
  });

  it("refuses two questions of one title, an office's included, whatever their case, creating nothing", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const channel = electionChannel(t.clock);
    const before = (await as.get(`/api/organizations/${admin.organizationId}/channels`)).json().channels;
    // The offices are President and Senator (the candidates stand for them).
    for (const [questions, repeated] of [
      [[{ ...QUESTIONS[2], title: "president" }], "president"],
      [[QUESTIONS[1], { ...QUESTIONS[2], title: "CHAIR" }], "CHAIR"],
    ] as const) {
      const refused = await as.post("/api/channels", {
        ...channel,
        voting_settings: { ...channel.voting_settings, questions },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(messages.questionTitleRepeated(repeated));
    }
    const after = (await as.get(`/api/organizations/${admin.organizationId}/channels`)).json().channels;
    expect(after).toHaveLength(before.length);

    // The definition's edit is held to it too.
    const created = await as.post("/api/channels", channel);
    const election = await electionOfChannel(t.app, admin.cookie, created.json().channel.id);
    const edit = await as.put(`/api/elections/${election.id}/definition`, {
      voting_settings: { ...channel.voting_settings, questions: [{ ...QUESTIONS[1], title: "Senator" }] },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toBe(messages.questionTitleRepeated("Senator"));
  });
});

describe("casting a ballot on a question", () => {
  it("refuses every malformed ballot in plain words, storing nothing and spending no grant", async () => {
    const { voters, election, byTitle, ids } = await openElection(1);
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const [a, b, c] = ids("Board of Directors");
    const foreign = ids("Chair")[0];
    const cases: Array<[string, unknown, string]> = [
      ["Board of Directors", { kind: "ranking", ranks: [[a], [b], [a]] }, ballotMessages.repeated],
      ["Board of Directors", { kind: "ranking", ranks: [[a], [foreign]] }, ballotMessages.foreign],
      ["Board of Directors", { kind: "ranking", ranks: [[a, b], [c]] }, ballotMessages.sharedRank],
      ["Committee", { kind: "set", candidates: ids("Committee") }, ballotMessages.tooMany(2)],
      ["Projects", { kind: "set", candidates: ids("Projects").slice(0, 3) }, ballotMessages.tooMany(2)],
      ["Projects", { kind: "set", candidates: [] }, ballotMessages.blankNotAllowed],
      ["Committee", { kind: "blank" }, ballotMessages.blankNotAllowed],
      ["Board of Directors", { kind: "ranking", ranks: [] }, ballotMessages.blankNotAllowed],
      [
        "Mascot",
        { kind: "grades", grades: { [ids("Mascot")[0] ?? ""]: 4, [ids("Mascot")[1] ?? ""]: 0 } },
        ballotMessages.gradeOutside,
      ],
      ["Mascot", { kind: "grades", grades: { [ids("Mascot")[0] ?? ""]: 1 } }, ballotMessages.gradeMissing],
      [
        "Logo",
        { kind: "scores", scores: { [ids("Logo")[0] ?? ""]: 6, [ids("Logo")[1] ?? ""]: 0 } },
        ballotMessages.scoreOver(5),
      ],
      [
        "Logo",
        { kind: "scores", scores: { [ids("Logo")[0] ?? ""]: -1, [ids("Logo")[1] ?? ""]: 0 } },
        ballotMessages.scoreNegative,
      ],
      ["Board of Directors", { kind: "choice", candidate: a }, ballotMessages.wrongKind],
      ["Motion 3: amend article 12", { kind: "set", candidates: [] }, ballotMessages.blankNotAllowed],
      ["Motion 3: amend article 12", { kind: "ranking", ranks: [[a]] }, ballotMessages.wrongKind],
      ["President", { kind: "choice", candidate: a }, ballotMessages.foreign],
    ];
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    for (const [title, ballot, message] of cases) {
      const response = await cast(voter.cookie, election.id, {
        grant_id: grant,
        selections: [
          { position_id: byTitle("President").id, candidate_id: byTitle("President").candidates[0]?.id },
          { position_id: byTitle(title).id, ballot },
        ].filter((_, index) => index === 1 || title !== "President"),
      });
      expect([title, response.statusCode, response.json().error?.message]).toEqual([title, 400, message]);
    }
    // Fewer than the minimum, on a question that allows blank votes only explicitly.
    const fewer = await openElection(1, [
      {
        title: "Projects",
        candidates: people("P", "Q", "R"),
        method: { kind: "approval", min: 2, max: 3, seats: 1 },
      },
    ]);
    const few = fewer.voters[0];
    if (!few) throw new Error("no voter");
    const fewGrant = await grantFor(t.database.db, t.clock, few.user.id, fewer.election.id);
    const tooFew = await cast(few.cookie, fewer.election.id, {
      grant_id: fewGrant,
      selections: [
        {
          position_id: fewer.byTitle("Projects").id,
          ballot: { kind: "set", candidates: fewer.ids("Projects").slice(0, 1) },
        },
      ],
    });
    expect(tooFew.json().error.message).toBe(ballotMessages.tooFew(2));
    expect(await stored(fewer.election.id, fewGrant)).toEqual({
      ballots: 0,
      participations: 0,
      grantUsed: false,
    });

    // A candidate id for a question that is not plurality, and a question of another election.
    const other = await openElection(1);
    for (const selection of [
      { position_id: byTitle("Board of Directors").id, candidate_id: a },
      { position_id: other.byTitle("Board of Directors").id, ballot: { kind: "ranking", ranks: [[a]] } },
      { position_id: other.byTitle("President").id, ballot: { kind: "blank" } },
    ]) {
      const response = await cast(voter.cookie, election.id, { grant_id: grant, selections: [selection] });
      expect([response.statusCode, response.json().error.message]).toEqual([
        400,
        electionServerMessages.wrongCandidate,
      ]);
    }
    // An outsider learns nothing of another organization's questions, not even that a ballot is malformed.
    const outsider = other.voters[0];
    if (!outsider) throw new Error("no outsider");
    const probe = await cast(outsider.cookie, election.id, {
      grant_id: grant,
      selections: [
        { position_id: byTitle("Board of Directors").id, ballot: { kind: "ranking", ranks: [[a], [a]] } },
      ],
    });
    expect([probe.statusCode, probe.json().error.message]).toEqual([
      404,
      electionServerMessages.electionNotFound,
    ]);
    expect(await stored(election.id, grant)).toEqual({ ballots: 0, participations: 0, grantUsed: false });
  });

  it("stores a valid ballot of each method with its answer, one participation per question", async () => {
    const { voters, election, byTitle, ids } = await openElection(1);
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const [a, b, c] = ids("Board of Directors");
    const [j, k, l] = ids("Venue");
    const [t1, t2] = ids("Mascot");
    const [v, w] = ids("Logo");
    const answers: Record<string, unknown> = {
      "Board of Directors": { kind: "ranking", ranks: [[c], [a], [b]] },
      Chair: { kind: "ranking", ranks: ids("Chair").map((id) => [id]) },
      Venue: { kind: "ranking", ranks: [[j, k], [l]] },
      Committee: { kind: "set", candidates: ids("Committee").slice(0, 2) },
      Projects: { kind: "set", candidates: ids("Projects").slice(1, 2) },
      "Motion 3: amend article 12": { kind: "answer", answer: "abstain" },
      Mascot: { kind: "grades", grades: { [t1 as string]: 0, [t2 as string]: 3 } },
      Logo: { kind: "scores", scores: { [v as string]: 5, [w as string]: 0 } },
    };
    const president = byTitle("President");
    const senator = byTitle("Senator");
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const response = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [
        { position_id: president.id, candidate_id: president.candidates[1]?.id },
        // A plurality choice given as a ballot is stored as the spec's choice.
        { position_id: senator.id, ballot: { kind: "choice", candidate: senator.candidates[0]?.id } },
        ...Object.entries(answers).map(([title, ballot]) => ({ position_id: byTitle(title).id, ballot })),
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().position_ids).toHaveLength(10);
    const rows = await t.database.db.select().from(ballots).where(eq(ballots.electionId, election.id));
    const of = (id: string) => rows.find((r) => r.positionId === id);
    expect(of(president.id)).toMatchObject({ candidateId: president.candidates[1]?.id, answer: null });
    expect(of(senator.id)).toMatchObject({ candidateId: senator.candidates[0]?.id, answer: null });
    for (const [title, ballot] of Object.entries(answers))
      expect(of(byTitle(title).id)).toMatchObject({ candidateId: null, answer: ballot });
    expect(await stored(election.id, grant)).toEqual({ ballots: 10, participations: 10, grantUsed: true });
  });

  it("stores an answer in the question's order, whatever order the voter's screen gave it", async () => {
    const { voters, election, byTitle, ids } = await openElection(2);
    const [j, k, l] = ids("Venue");
    const [p, q] = ids("Committee");
    const orders = [
      { Venue: [[k, j], [l]], Committee: [q, p] },
      { Venue: [[j, k], [l]], Committee: [p, q] },
    ];
    for (const [index, voter] of voters.entries()) {
      const order = orders[index];
      if (!order) throw new Error("no order");
      const response = await cast(voter.cookie, election.id, {
        grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
        selections: [
          { position_id: byTitle("Venue").id, ballot: { kind: "ranking", ranks: order.Venue } },
          { position_id: byTitle("Committee").id, ballot: { kind: "set", candidates: order.Committee } },
        ],
      });
      expect(response.statusCode).toBe(201);
    }
    const rows = await t.database.db.select().from(ballots).where(eq(ballots.electionId, election.id));
    const texts = (positionId: string) =>
      rows.filter((r) => r.positionId === positionId).map((r) => answerText(r.answer ?? { kind: "blank" }));
    for (const title of ["Venue", "Committee"]) {
      const [first, second] = texts(byTitle(title).id);
      expect(first).toBe(second);
    }
    expect(texts(byTitle("Venue").id)[0]).toBe(
      answerText({ kind: "ranking", ranks: [[j, k], [l]] } as Ballot),
    );
  });

  it("stores a blank vote where the question allows it", async () => {
    const { voters, election, byTitle } = await openElection(1);
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const response = await cast(voter.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
      selections: [{ position_id: byTitle("Mascot").id, ballot: { kind: "blank" } }],
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(ballots).where(eq(ballots.electionId, election.id));
    expect(row).toMatchObject({ candidateId: null, answer: { kind: "blank" } });
  });

  it("stores exactly one ranked ballot from 50 concurrent attempts of one voter on one question", async () => {
    const { voters, election, byTitle, ids } = await openElection(1);
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const board = ids("Board of Directors");
    const grants = await Promise.all(
      Array.from({ length: 50 }, () => grantFor(t.database.db, t.clock, voter.user.id, election.id)),
    );
    const responses = await Promise.all(
      grants.map((grant, i) =>
        cast(voter.cookie, election.id, {
          grant_id: grant,
          selections: [
            {
              position_id: byTitle("Board of Directors").id,
              ballot: { kind: "ranking", ranks: [[board[i % 6]], [board[(i + 1) % 6]]] },
            },
          ],
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(responses.find((r) => r.statusCode === 409)?.json().error.message).toBe(
      electionMessages.alreadyVoted,
    );
    const [b] = await t.database.db
      .select({ n: count() })
      .from(ballots)
      .where(eq(ballots.electionId, election.id));
    const [p] = await t.database.db
      .select({ n: count() })
      .from(participations)
      .where(eq(participations.electionId, election.id));
    expect([b?.n, p?.n]).toEqual([1, 1]);
  });
});
