import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ballot } from "../../../contract/ballots/ballot";
import type { Bulletin } from "../../../contract/bulletin";
import type { Election } from "../../../contract/elections";
import { elections } from "../../db/schema";
import { castDirect, questionElection, voteEveryQuestion } from "../../test/elections";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { countQuestion } from "../counting";
import { applySchedule } from "./lifecycle";

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ ownDatabase: true });
});
afterAll(() => t.close());

const HEX_SEED = /^[0-9a-f]{64}$/;

const read = async (cookie: string, id: string): Promise<Election> =>
  (await call(t.app, cookie).get(`/api/elections/${id}`)).json();
const board = async (id: string): Promise<Bulletin> =>
  (await call(t.app, "").get(`/api/elections/${id}/bulletin`)).json();

describe("results of every question", () => {
  it("are not computable while voting is open: no result, no vote count, no seed, nothing on the board", async () => {
    const e = await questionElection(t);
    await voteEveryQuestion(t, e);
    const open = await read(e.admin.cookie, e.election.id);
    expect(open.counting).toBeNull();
    for (const position of open.positions) {
      expect(position.result).toBeNull();
      for (const candidate of position.candidates) expect(candidate.vote_count).toBeNull();
    }
    const [row] = await t.database.db.select().from(elections).where(eq(elections.id, e.election.id));
    expect(row?.tieSeed).toBeNull();
    const published = await board(e.election.id);
    expect(published).toMatchObject({ tie_seed: null, results: null });
  });

  it("count each question with its method and the seed drawn at the close, the same on the screen and the board", async () => {
    const e = await questionElection(t);
    await voteEveryQuestion(t, e);
    expect((await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`)).statusCode).toBe(
      200,
    );
    const voter = e.voters[0]?.cookie as string;
    const closed = await read(voter, e.election.id);
    const seed = closed.counting?.tie_seed as string;
    expect(seed).toMatch(HEX_SEED);
    const published = await board(e.election.id);
    expect(published.tie_seed).toBe(seed);
    expect(published.seals.at(-1)).toMatchObject(closed.counting?.head ?? {});
    expect(published.results).toEqual(closed.positions.map((p) => ({ position_id: p.id, result: p.result })));
    // The board's JSON keeps each party as stored: "" for none (the pages show "Independent").
    expect(published.positions.find((p) => p.id === e.stv.id)?.candidates.map((c) => c.party)).toEqual(
      closed.positions.find((p) => p.id === e.stv.id)?.candidates.map(() => ""),
    );

    // Plurality keeps its figures: ballots per candidate (4 for Ada, 1 for Ben), and its result.
    const [president] = closed.positions;
    expect(president?.candidates.map((c) => c.vote_count)).toEqual([4, 1]);
    expect(president?.result).toMatchObject({
      method: "plurality",
      result: { cast: 5, elected: [president?.candidates[0]?.id] },
    });

    // STV: the count counting would make from the board's ballots with the board's seed.
    const stv = closed.positions.find((p) => p.id === e.stv.id);
    const stvBallots = published.ballots
      .filter((b) => b.position_id === e.stv.id)
      .map((b) => b.ballot as Ballot);
    expect(stv?.result).toEqual(
      countQuestion(
        {
          method: { kind: "stv", seats: 3 },
          candidates: stv?.candidates.map((c) => ({ id: c.id, name: c.name })) ?? [],
        },
        stvBallots,
        { seed },
      ),
    );
    expect(stv?.result?.method === "stv" && stv.result.result.elected).toHaveLength(3);
    // vote_count for STV is the first preferences: A 2, B 1, C 1, D 0, E 1, F 0.
    expect(stv?.candidates.map((c) => c.vote_count)).toEqual([2, 1, 1, 0, 1, 0]);

    // The referendum: 3 Yes of 4 cast reaches two thirds; the abstention is shown, not counted.
    const motion = closed.positions.find((p) => p.id === e.motion.id);
    expect(motion?.result).toMatchObject({
      method: "referendum",
      result: { yes: 3, no: 1, abstain: 1, baseCount: 4, yesNeeded: 3, passed: true },
    });
    // Approval: vote_count is the approvals (X 3, Y 2, Z 2); the empty set is a blank vote.
    const approval = closed.positions.find((p) => p.id === e.approval.id);
    expect(approval?.candidates.map((c) => c.vote_count)).toEqual([3, 2, 2]);
    expect(approval?.result).toMatchObject({ method: "approval", result: { cast: 5, blank: 1 } });
  });

  it("are counted once and served from the cache while nothing they depend on changes", async () => {
    const e = await questionElection(t);
    await voteEveryQuestion(t, e);
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    const first = await read(e.admin.cookie, e.election.id);
    const second = await read(e.voters[1]?.cookie as string, e.election.id);
    expect(second.counting?.counted_at).toBe(first.counting?.counted_at);
    expect(second.positions.map((p) => p.result)).toEqual(first.positions.map((p) => p.result));
  });

  it("of a cancelled election with hidden results: its administrators only, and not on the board", async () => {
    const e = await questionElection(t);
    await voteEveryQuestion(t, e);
    await call(t.app, e.admin.cookie).patch(`/api/elections/${e.election.id}/options`, {
      results_hidden: true,
    });
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/cancel`);
    const admin = await read(e.admin.cookie, e.election.id);
    expect(admin.counting?.tie_seed).toMatch(HEX_SEED);
    expect(admin.positions.every((p) => p.result !== null)).toBe(true);
    const voter = await read(e.voters[0]?.cookie as string, e.election.id);
    expect(voter.counting).toBeNull();
    expect(voter.positions.every((p) => p.result === null)).toBe(true);
    const published = await board(e.election.id);
    expect(published.results).toBeNull();
    // Nor the answers a recount would need, nor the seed: the board keeps what the admin hid.
    expect(published.sealed.flatMap((s) => s.hashes).length).toBeGreaterThan(0);
    expect(published.ballots).toEqual([]);
    expect(published.tie_seed).toBeNull();
  });
});

describe("results.csv", () => {
  it("keeps the spec's table for plurality, then each other question's rows, the quorum, the chain's head and the seed", async () => {
    const e = await questionElection(t, { quorum: 50 });
    await voteEveryQuestion(t, e);
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    const closed = await read(e.admin.cookie, e.election.id);
    const csv = (await call(t.app, e.admin.cookie).get(`/api/elections/${e.election.id}/results.csv`)).body;
    expect(csv).toContain("President,1,Ada,Blue,4,80.0,Yes");
    // Nobody voted for a Senator: no one is shown elected, and there is no tie to tell.
    expect(csv).toMatch(/Senator,1,[^\r]*,0,0,\r\n/);
    expect(csv).not.toContain("Senator,Tie broken by lot");
    expect(csv).toContain(
      'Question,Board of Directors\r\nMethod,"Single transferable vote (Scottish STV), 3 seats"',
    );
    expect(csv).toContain(
      "Stage,Action,A,B,C,D,E,F,Non-transferable this stage,Non-transferable so far,Lost to truncation,Elected,Excluded,Transfers,Tie",
    );
    expect(csv).toContain("1,First preferences,2,1,1,0,1,0,");
    // D and F (0 each) go at stages 2 and 3, in the lot's order: the one gone first is Excluded at
    // stage 3, as the results screen's table says it.
    expect(csv).toMatch(/\r\n3,Exclusion of [DF],2,1,1,(0,1,Excluded|Excluded,1,0),/);
    expect(csv).toContain(
      "Question,Motion 3: amend article 12\r\nMethod,Referendum: Two thirds of the Yes and No votes",
    );
    expect(csv).toContain("Outcome,Passed");
    expect(csv).toContain("Rank,Candidate,Party,Approvals,Elected\r\n1,X,Independent,3,Yes");
    expect(csv).toContain("Quorum,50%,turnout 100.0%,valid");
    const head = closed.counting?.head;
    expect(csv).toContain(`Seal chain head,${head?.sequence}:${head?.root}`);
    expect(csv).toContain(`Tie seed,${closed.counting?.tie_seed}`);
  });

  it("names the election on lines of its own when it has no plurality position, not under an empty table", async () => {
    const e = await questionElection(t, { withoutPlurality: true });
    expect(e.election.positions.map((p) => p.method.kind)).toEqual(["stv", "referendum", "approval"]);
    await voteEveryQuestion(t, e);
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    const csv = (await call(t.app, e.admin.cookie).get(`/api/elections/${e.election.id}/results.csv`)).body;
    expect(csv).toMatch(
      new RegExp(`^Election,${e.election.title}\r\nStatus,completed\r\n\r\nQuestion,Board of Directors\r\n`),
    );
    expect(csv).not.toContain("Election,Status,Position");
  });
});

describe("the tie seed", () => {
  it("is drawn by the schedule's close too, once, each election its own", async () => {
    const one = await questionElection(t);
    const two = await questionElection(t);
    const db = t.database.db;
    for (const e of [one, two])
      await db
        .update(elections)
        .set({ endsAt: new Date(t.clock.now().getTime() - 1000) })
        .where(eq(elections.id, e.election.id));
    const closed = await applySchedule(db, t.clock, t.app.context.publicOrigin);
    const seeds = closed
      .filter((row) => [one.election.id, two.election.id].includes(row.id))
      .map((row) => row.tieSeed);
    expect(seeds).toHaveLength(2);
    for (const seed of seeds) expect(seed).toMatch(HEX_SEED);
    expect(seeds[0]).not.toBe(seeds[1]);
    // Reading the results keeps the seed drawn at the close.
    const read1 = await read(one.admin.cookie, one.election.id);
    expect(read1.counting?.tie_seed).toBe(closed.find((row) => row.id === one.election.id)?.tieSeed);
  });

  it("is drawn on first count for an election that ended without one (closed before seeds existed)", async () => {
    const e = await questionElection(t);
    await voteEveryQuestion(t, e);
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    await t.database.db.update(elections).set({ tieSeed: null }).where(eq(elections.id, e.election.id));
    const [first, second] = await Promise.all([read(e.admin.cookie, e.election.id), board(e.election.id)]);
    expect(first.counting?.tie_seed).toMatch(HEX_SEED);
    expect(second.tie_seed).toBe(first.counting?.tie_seed);
  });
});

describe("blank ballots of a plurality question", () => {
  it("are a row of their own in the CSV, with no rank and no share", async () => {
    const e = await questionElection(t);
    await voteEveryQuestion(t, e, 4);
    const [president] = e.election.positions;
    const fifth = e.voters[4];
    if (!president || !fifth) throw new Error("no president");
    await castDirect(t.database.db, {
      electionId: e.election.id,
      positionId: president.id,
      userId: fifth.user.id,
      ballot: { kind: "blank" },
    });
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    const csv = (await call(t.app, e.admin.cookie).get(`/api/elections/${e.election.id}/results.csv`)).body;
    expect(csv).toContain("President,1,Ada,Blue,4,100.0,Yes");
    expect(csv).toMatch(/President,,Blank,,1,,\r\n/);
  });
});

describe("the quorum", () => {
  it("states the turnout against the quorum, and whether it was met once voting closed", async () => {
    const e = await questionElection(t, { quorum: 50 });
    await voteEveryQuestion(t, e, 2);
    const open = await read(e.admin.cookie, e.election.id);
    // While open, only sealed participations count toward the turnout (none yet), and met waits.
    expect(open.quorum).toEqual({ percent: 50, turnout_percent: 0, met: null });
    await call(t.app, e.admin.cookie).post(`/api/elections/${e.election.id}/close`);
    const closed = await read(e.admin.cookie, e.election.id);
    expect(closed.quorum).toEqual({ percent: 50, turnout_percent: 40, met: false });
    // The public board says so with the results: not valid, whatever it counts.
    const board = (await call(t.app).get(`/api/elections/${e.election.id}/bulletin`)).json();
    expect(board.turnout).toEqual({ votes_cast: 2, total_voters: 5, quorum: closed.quorum });
    // So does the CSV: no one elected, only who is ahead; a referendum not valid, not carried or lost.
    const csv = (await call(t.app, e.admin.cookie).get(`/api/elections/${e.election.id}/results.csv`)).body;
    expect(csv).toMatch(/^Election,Status,Position,Rank,Candidate,Party,Votes,Percentage,Ahead\r\n/);
    expect(csv).not.toMatch(/^Elected,/m);
    expect(csv).toMatch(/^Ahead in the count,/m);
    expect(csv).toContain("Rank,Candidate,Party,Approvals,Ahead\r\n");
    expect(csv).toContain("Outcome,Not valid");
    expect(csv).toContain("Quorum,50%,turnout 40.0%,not valid");

    const enough = await questionElection(t, { quorum: 60 });
    await voteEveryQuestion(t, enough, 3);
    await call(t.app, enough.admin.cookie).post(`/api/elections/${enough.election.id}/close`);
    expect((await read(enough.admin.cookie, enough.election.id)).quorum).toEqual({
      percent: 60,
      turnout_percent: 60,
      met: true,
    });
  });

  it("is null for an election without one", async () => {
    const e = await questionElection(t);
    expect((await read(e.admin.cookie, e.election.id)).quorum).toBeNull();
  });
});
