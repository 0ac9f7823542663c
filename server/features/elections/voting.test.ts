// Over 300 lines: casting, who voted and results read one election's ballots in turn, on one shared setup.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawReceipt } from "../../../contract/bulletin";
import { electionMessages, electionServerMessages } from "../../../contract/elections";
import { ballots, elections, participations } from "../../db/schema";
import { ballotCount, electionWithVoters, grantFor } from "../../test/elections";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { receiptHash } from "./casting";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** An organization with members and an election channel, opened early by the admin. */
async function openElection(options: { members?: number; open?: boolean } = {}) {
  const opened = await electionWithVoters(t, options.members ?? 2, { open: options.open !== false });
  const [president, senator] = opened.election.positions;
  return { ...opened, president, senator };
}

const cast = (cookie: string, electionId: string, body: unknown) =>
  call(t.app, cookie).post(`/api/elections/${electionId}/ballots`, body);

describe("casting a vote", () => {
  it("records participation and a secret ballot, returns a receipt, and refuses a second vote for the position", async () => {
    const { voters, election, president, senator } = await openElection();
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const response = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [
        { position_id: president.id, candidate_id: president.candidates[0].id },
        { position_id: senator.id, candidate_id: senator.candidates[1].id },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: electionMessages.voteCast });
    expect(response.json().receipt).toMatch(/^VS-[A-Z2-9-]+$/);

    // The voter sees their own vote at once; turnout waits for a seal, counts for the close.
    const seen = (await call(t.app, voter.cookie).get(`/api/elections/${election.id}`)).json();
    expect(seen.votes_cast).toBe(0);
    expect(seen.total_voters).toBe(2);
    expect(seen.viewer.voted_position_ids.sort()).toEqual([president.id, senator.id].sort());
    expect(seen.positions[0].candidates[0].vote_count).toBeNull();

    // Nothing links the ballot to the voter.
    const [ballot] = await t.database.db.select().from(ballots).where(eq(ballots.electionId, election.id));
    expect(Object.keys(ballot ?? {})).toEqual([
      "id",
      "electionId",
      "positionId",
      "candidateId",
      "answer",
      "receiptHash",
      "chainKey",
      "sealId",
    ]);

    const again = await cast(voter.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[1].id }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(electionMessages.alreadyVoted);
    expect(await ballotCount(t.database.db, election.id)).toBe(2);
  });

  it("takes the receipt the voter's browser drew, in the receipts' one form, and refuses any other", async () => {
    const { voters, election, president } = await openElection();
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const selections = [{ position_id: president.id, candidate_id: president.candidates[0].id }];
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const malformed = await cast(voter.cookie, election.id, {
      grant_id: grant,
      receipt: "VS-1234",
      selections,
    });
    expect(malformed.statusCode).toBe(400);
    expect(await ballotCount(t.database.db, election.id)).toBe(0);

    const drawn = drawReceipt();
    const response = await cast(voter.cookie, election.id, {
      grant_id: grant,
      receipt: drawn.toLowerCase(),
      selections,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().receipt).toBe(drawn);
    const [ballot] = await t.database.db.select().from(ballots).where(eq(ballots.electionId, election.id));
    expect(ballot?.receiptHash).toBe(receiptHash(drawn, president.id));
  });

  it("refuses, changing nothing: before the start, after the end, when cancelled, without or with an expired or spent grant, another election's candidate, a non-member", async () => {
    const upcoming = await openElection({ open: false });
    const [early] = upcoming.voters;
    if (!early) throw new Error("no voter");
    const beforeStart = await cast(early.cookie, upcoming.election.id, {
      grant_id: await grantFor(t.database.db, t.clock, early.user.id, upcoming.election.id),
      selections: [{ position_id: upcoming.president.id, candidate_id: upcoming.president.candidates[0].id }],
    });
    expect(beforeStart.statusCode).toBe(403);
    expect(beforeStart.json().error.message).toBe(electionMessages.notOpen);

    const { admin, voters, election, president } = await openElection({ members: 4 });
    const other = await openElection();
    const [a, b, c] = voters;
    if (!a || !b || !c) throw new Error("no voters");
    const choice = { position_id: president.id, candidate_id: president.candidates[0].id };

    const noGrant = await cast(a.cookie, election.id, {
      grant_id: crypto.randomUUID(),
      selections: [choice],
    });
    expect(noGrant.json().error.message).toBe(electionServerMessages.grantMissing);

    const expiring = await grantFor(t.database.db, t.clock, a.user.id, election.id);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await cast(a.cookie, election.id, { grant_id: expiring, selections: [choice] });
    expect(expired.json().error.message).toBe(electionServerMessages.grantMissing);

    const othersGrant = await grantFor(t.database.db, t.clock, b.user.id, election.id);
    expect(
      (await cast(a.cookie, election.id, { grant_id: othersGrant, selections: [choice] })).statusCode,
    ).toBe(403);

    const foreign = await cast(a.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, a.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: other.president.candidates[0].id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(electionServerMessages.wrongCandidate);

    // Two answers to one position: refused for what it is, and nothing written.
    const twice = await cast(a.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, a.user.id, election.id),
      selections: [
        { position_id: president.id, candidate_id: president.candidates[0].id },
        { position_id: president.id, candidate_id: president.candidates[1].id },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(electionServerMessages.answeredTwice);

    const outsider = await createVoter(t.app);
    const notMember = await cast(outsider.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, outsider.id, election.id),
      selections: [choice],
    });
    // Another organization's election is not there for an outsider, as on every election route.
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error.message).toBe(electionServerMessages.electionNotFound);

    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/cancel`);
    const cancelled = await cast(c.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, c.user.id, election.id),
      selections: [choice],
    });
    expect(cancelled.json().error.message).toBe(electionMessages.notOpen);
    expect(await ballotCount(t.database.db, election.id)).toBe(0);
    const [spentGrants] = await t.database.db
      .select({ n: count() })
      .from(participations)
      .where(eq(participations.electionId, election.id));
    expect(spentGrants?.n).toBe(0);
  });

  it("refuses after the end by the server's clock, even before the schedule closes the election", async () => {
    const { voters, election, president } = await openElection();
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    // The end passes; the election is still marked active because the schedule has not run yet.
    await t.database.db
      .update(elections)
      .set({ endsAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(elections.id, election.id));
    const late = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    expect(late.json().error.message).toBe(electionMessages.notOpen);
  });

  it("stores exactly one ballot from 50 concurrent attempts of one voter on one position", async () => {
    const { voters, election, president } = await openElection({ members: 1 });
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const grants = await Promise.all(
      Array.from({ length: 50 }, () => grantFor(t.database.db, t.clock, voter.user.id, election.id)),
    );
    const responses = await Promise.all(
      grants.map((grant, i) =>
        cast(voter.cookie, election.id, {
          grant_id: grant,
          selections: [{ position_id: president.id, candidate_id: president.candidates[i % 2].id }],
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await ballotCount(t.database.db, election.id)).toBe(1);
  });

  it("tells a double submission with the same grant that the vote was cast, not to verify again", async () => {
    const { voters, election, president, senator } = await openElection();
    const [voter, other] = voters;
    if (!voter || !other) throw new Error("no voters");
    const body = (grant: string) => ({
      grant_id: grant,
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    // Two submissions at once with one grant: one casts, the other is told the vote is in.
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const twice = await Promise.all([
      cast(voter.cookie, election.id, body(grant)),
      cast(voter.cookie, election.id, body(grant)),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(twice.find((r) => r.statusCode === 409)?.json().error.message).toBe(electionMessages.alreadyVoted);
    // The same again after the fact (the sibling request long finished).
    const late = await cast(voter.cookie, election.id, body(grant));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(electionMessages.alreadyVoted);
    expect(await ballotCount(t.database.db, election.id)).toBe(1);
    // Two at once with one grant and different choices: the first to arrive is the one cast.
    const again = await grantFor(t.database.db, t.clock, other.user.id, election.id);
    const choosing = (i: number) => ({
      grant_id: again,
      selections: [{ position_id: president.id, candidate_id: president.candidates[i].id }],
    });
    const firstWins = await Promise.all([
      cast(other.cookie, election.id, choosing(1)),
      cast(other.cookie, election.id, choosing(0)),
    ]);
    expect(firstWins.map((r) => r.statusCode)).toEqual([201, 409]);
    const stored = await t.database.db
      .select({ candidateId: ballots.candidateId })
      .from(ballots)
      .where(
        and(
          eq(ballots.electionId, election.id),
          eq(ballots.receiptHash, receiptHash(firstWins[0]?.json().receipt, president.id)),
        ),
      );
    expect(stored).toEqual([{ candidateId: president.candidates[1].id }]);
    // A spent grant for a position not voted yet still asks for verification.
    const unvoted = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [{ position_id: senator.id, candidate_id: senator.candidates[0].id }],
    });
    expect(unvoted.statusCode).toBe(403);
    expect(unvoted.json().error.message).toBe(electionServerMessages.grantMissing);
  });

  it("spends a grant only with a cast it stores: a cast refused leaves it for the next one, which spends it", async () => {
    const { voters, election, president, senator } = await openElection();
    const other = await openElection();
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    // What the voter's browser counts on when it sends the same grant again (web castBallot.ts).
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const refused = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [{ position_id: president.id, candidate_id: other.president.candidates[0].id }],
    });
    expect(refused.statusCode).toBe(400);
    const retried = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    expect(retried.statusCode).toBe(201);
    const again = await cast(voter.cookie, election.id, {
      grant_id: grant,
      selections: [{ position_id: senator.id, candidate_id: senator.candidates[0].id }],
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(electionServerMessages.grantMissing);
    expect(await ballotCount(t.database.db, election.id)).toBe(1);
  });

  it("stores exactly one ballot per voter and position from 200 voters making 5 concurrent attempts each", async () => {
    const { voters, election, president, senator } = await openElection({ members: 200 });
    const attempts = voters.flatMap((voter, v) => Array.from({ length: 5 }, (_, k) => ({ voter, v, k })));
    const grants = await Promise.all(
      attempts.map(({ voter }) => grantFor(t.database.db, t.clock, voter.user.id, election.id)),
    );
    // Every attempt has its own grant; half of them answer both questions, half the first only.
    const attempt = ({ voter, v, k }: (typeof attempts)[number], i: number) => {
      const choice = (q: typeof president) => ({
        position_id: q.id,
        candidate_id: q.candidates[(v + k) % q.candidates.length].id,
      });
      return cast(voter.cookie, election.id, {
        grant_id: grants[i],
        selections: k % 2 === 0 ? [choice(president), choice(senator)] : [choice(president)],
      });
    };
    // A voter's 5 attempts always race each other, among 100 requests in flight (the test pool is
    // small: a thousand at once would wait past its connection timeout and answer 503).
    const responses: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let from = 0; from < attempts.length; from += 100)
      responses.push(
        ...(await Promise.all(attempts.slice(from, from + 100).map((a, j) => attempt(a, from + j)))),
      );
    const accepted = attempts.filter((_, i) => responses[i]?.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused.filter((r) => r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    // One accepted attempt per voter, whichever it was.
    expect(new Set(accepted.map((a) => a.v)).size).toBe(200);
    expect(accepted).toHaveLength(200);
    const withSenator = accepted.filter((a) => a.k % 2 === 0).length;
    const stored = async (table: typeof ballots | typeof participations, positionId: string) => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.electionId, election.id), eq(table.positionId, positionId)));
      return row?.n ?? 0;
    };
    expect(await stored(ballots, president.id)).toBe(200);
    expect(await stored(participations, president.id)).toBe(200);
    expect(await stored(ballots, senator.id)).toBe(withSenator);
    expect(await stored(participations, senator.id)).toBe(withSenator);
    const [perVoter] = await t.database.db.select({ most: sql<number>`coalesce(max(n), 0)::int` }).from(
      t.database.db
        .select({ n: count().as("n") })
        .from(participations)
        .where(eq(participations.electionId, election.id))
        .groupBy(participations.userId, participations.positionId)
        .as("per_voter"),
    );
    expect(perVoter?.most).toBe(1);
  }, 120_000);

  it("records 200 ballots from 200 voters voting at once, and the tallies equal the ballots", async () => {
    const { admin, voters, election, president } = await openElection({ members: 200 });
    const grants = await Promise.all(
      voters.map((v) => grantFor(t.database.db, t.clock, v.user.id, election.id)),
    );
    const responses = await Promise.all(
      voters.map((voter, i) =>
        cast(voter.cookie, election.id, {
          grant_id: grants[i],
          selections: [
            { position_id: president.id, candidate_id: president.candidates[i % 3 === 0 ? 1 : 0].id },
          ],
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect(await ballotCount(t.database.db, election.id)).toBe(200);
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);
    const seen = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json();
    expect(seen.votes_cast).toBe(200);
    const [ada, ben] = seen.positions[0].candidates;
    const counted = await t.database.db
      .select({ n: count() })
      .from(ballots)
      .where(and(eq(ballots.electionId, election.id), eq(ballots.candidateId, ada.id)));
    expect(ada.vote_count).toBe(counted[0]?.n);
    expect(ada.vote_count + ben.vote_count).toBe(200);
    expect(ben.vote_count).toBe(67);
  }, 60_000);
});

describe("who voted", () => {
  it("lists eligible voters with voted or not yet, never their choice", async () => {
    const { voters, election, president } = await openElection();
    const [first] = voters;
    if (!first) throw new Error("no voter");
    await cast(first.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, first.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    const listed = (await call(t.app, first.cookie).get(`/api/elections/${election.id}/voters`)).json()
      .voters;
    expect(listed).toHaveLength(2);
    expect(listed.find((v: { user_id: string }) => v.user_id === first.user.id)).toEqual({
      user_id: first.user.id,
      full_name: first.user.fullName,
      voted: true,
    });
    expect(JSON.stringify(listed)).not.toContain(president.candidates[0].id);
  });

  it("is hidden from other organizations", async () => {
    const { election } = await openElection();
    const outsider = await createOrganization(t.app);
    expect((await call(t.app, outsider.cookie).get(`/api/elections/${election.id}/voters`)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, outsider.cookie).get(`/api/elections/${election.id}`)).statusCode).toBe(404);
  });
});

describe("results", () => {
  it("are hidden from everyone, administrators included, while voting is open, and appear when it closes", async () => {
    const { admin, voters, election } = await openElection();
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    for (const cookie of [voter.cookie, admin.cookie]) {
      const open = (await call(t.app, cookie).get(`/api/elections/${election.id}`)).json();
      expect(open.viewer.can_see_results).toBe(false);
      expect(open.positions[0].candidates[0].vote_count).toBeNull();
      const csv = await call(t.app, cookie).get(`/api/elections/${election.id}/results.csv`);
      expect(csv.statusCode).toBe(403);
      expect(csv.json().error.message).toBe(electionMessages.resultsPending);
    }

    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);
    const shown = (await call(t.app, voter.cookie).get(`/api/elections/${election.id}`)).json();
    expect(shown.status).toBe("completed");
    expect(shown.positions[0].candidates[0].vote_count).toBe(0);
  });

  it("of a cancelled election can be hidden from voters; admins see them", async () => {
    const { admin, voters, election } = await openElection();
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    await call(t.app, admin.cookie).patch(`/api/elections/${election.id}/options`, { results_hidden: true });
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/cancel`);
    const hidden = (await call(t.app, voter.cookie).get(`/api/elections/${election.id}`)).json();
    expect(hidden.viewer.can_see_results).toBe(false);
    expect(hidden.positions[0].candidates[0].vote_count).toBeNull();
    const csv = await call(t.app, voter.cookie).get(`/api/elections/${election.id}/results.csv`);
    expect(csv.json().error.message).toBe(electionMessages.resultsHidden);
    expect(
      (await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json().positions[0].candidates[0]
        .vote_count,
    ).toBe(0);
  });

  it("export as CSV with ranks and shares to 1 decimal", async () => {
    const { admin, voters, election, president } = await openElection({ members: 3 });
    for (const [i, voter] of voters.entries()) {
      await cast(voter.cookie, election.id, {
        grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[i === 0 ? 1 : 0].id }],
      });
    }
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);
    const csv = await call(t.app, admin.cookie).get(`/api/elections/${election.id}/results.csv`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("President,1,Ada,Blue,2,66.6");
    expect(csv.body).toContain("President,2,Ben,Green,1,33.3");
    expect(csv.body).toContain("Senator,1,Cy,Blue,0,0");
    expect(csv.body).toContain("Di,Independent,0,0");
  });

  it("rank a tie alike in the CSV: equal votes share a rank (competition ranking)", async () => {
    const { admin, voters, election, president } = await openElection({ members: 2 });
    for (const [i, voter] of voters.entries()) {
      await cast(voter.cookie, election.id, {
        grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[i].id }],
      });
    }
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);
    const csv = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}/results.csv`)).body;
    expect(csv).toContain("President,1,Ada,Blue,1,50.0");
    expect(csv).toContain("President,1,Ben,Green,1,50.0");
    expect(csv).toContain("Senator,1,Di,Independent,0,0");
  });
});

describe("an existing member", () => {
  it("may vote; a member who joins after voting opened is not on the roll", async () => {
    const { admin, election, president } = await openElection();
    const late = await createMember(t.app, admin.organizationId, {}, admin.cookie);
    const response = await cast(late.cookie, election.id, {
      grant_id: await grantFor(t.database.db, t.clock, late.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(electionServerMessages.notOnRoll);
  });
});
