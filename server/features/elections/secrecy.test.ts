import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bulletin } from "../../../contract/bulletin";
import { electionMessages } from "../../../contract/elections";
import type { MonitoringOverview } from "../../../contract/monitoring";
import { users } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import type { BusMessage } from "../../realtime/bus";
import { bulkVoters, electionChannel, electionOfChannel } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { hashIdNumber } from "../accounts/service";
import { sessionBody } from "../monitoring/testing";
import { signedInAdmin } from "../platform-admin/test-helpers";
import { chainKey } from "./casting";
import { ballotHash, ballotHashPrefix } from "./chain";
import { SEAL_MIN_VOTERS } from "./sealing";
import { sealAndAnnounce } from "./worker";

let t: TestApp;
const heard: BusMessage[] = [];
beforeAll(async () => {
  t = await testApp();
  t.app.context.bus.onMessage((message) => heard.push(message));
});
afterAll(() => t.close());

const quiet = { error: () => {}, info: () => {}, warn: () => {} } as never;

/**
 * What this app's bus carried since `from`, about this test's election and organization or nothing
 * bound to either: on a shared PostgreSQL database the worker's tick also seals other test files'
 * elections, and announces what monitoring says of their voters.
 */
const heardSince = (from: number, electionId: string, organizationId: string) =>
  heard.slice(from).filter((m) => {
    const about = m.payload as { election_id?: unknown; organization_id?: unknown } | null;
    return (
      (about?.election_id === undefined || about.election_id === electionId) &&
      (about?.organization_id === undefined || about.organization_id === organizationId)
    );
  });

/**
 * Issue 12, item 1: during a vote, someone polling every endpoint that concerns the election (as
 * its administrator, another voter, the platform admin or anyone on the bulletin board) and
 * listening to the organization's events must not see anything move with a single ballot, or
 * they could pair the voter who just turned "voted" with the count that just rose.
 */
describe("ballot secrecy against timing", () => {
  it("nothing anyone reads or hears moves with a single ballot while voting is open; a seal of ten moves turnout, never a count", async () => {
    const admin = await createOrganization(t.app);
    const organizationId = admin.organizationId;
    const [observer, ...casters] = await bulkVoters(
      t.database.db,
      t.clock,
      organizationId,
      SEAL_MIN_VOTERS + 2,
    );
    if (!observer) throw new Error("no observer");
    const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel;
    const upcoming = await electionOfChannel(t.app, admin.cookie, channel.id);
    const election = (await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`)).json();
    const [president, senator] = election.positions;
    const platform = await signedInAdmin(t);
    // Each voter opens the election channel first, as the screen does (a monitoring session).
    for (const voter of [observer, ...casters]) {
      const recorded = await call(t.app, voter.cookie).post(
        `/api/elections/${election.id}/voting-sessions`,
        sessionBody(),
      );
      expect(recorded.statusCode).toBe(201);
    }

    const id = election.id;
    // Every caster verifies through the API with a number of their own: a passed check comes a
    // second before a vote, so monitoring must not show it then either.
    for (const [i, voter] of casters.entries())
      await t.database.db
        .update(users)
        .set({ voterIdHash: hashIdNumber(t.app.context.config.secretKey, `SECRECY-${i}-0000`) })
        .where(eq(users.id, voter.user.id));
    const verified = async (voter: (typeof casters)[number]) => {
      const i = casters.indexOf(voter);
      const check = await call(t.app, voter.cookie).post(`/api/elections/${id}/verification`, {
        method: "national_id",
        id_number: `SECRECY-${i}-0000`,
      });
      expect(check.json().status).toBe("verified");
      return check.json().grant_id as string;
    };
    const sessions: MonitoringOverview = (
      await call(t.app, admin.cookie).get(`/api/organizations/${organizationId}/monitoring`)
    ).json();
    const reads: Array<[string, string | undefined, string]> = [
      // Investigate, for each voter: their sessions and their verification attempts.
      ...sessions.sessions.map((session): [string, string, string] => [
        `admin: investigate ${session.full_name}`,
        admin.cookie,
        `/api/monitoring/sessions/${session.id}`,
      ]),
      ["admin: election", admin.cookie, `/api/elections/${id}`],
      ["admin: elections list", admin.cookie, `/api/organizations/${organizationId}/elections`],
      ["admin: channel's election", admin.cookie, `/api/channels/${channel.id}/election`],
      ["admin: voters", admin.cookie, `/api/elections/${id}/voters`],
      ["admin: results.csv", admin.cookie, `/api/elections/${id}/results.csv`],
      ["admin: organization stats", admin.cookie, `/api/organizations/${organizationId}/stats`],
      ["admin: monitoring", admin.cookie, `/api/organizations/${organizationId}/monitoring`],
      ["voter: election", observer.cookie, `/api/elections/${id}`],
      ["voter: elections list", observer.cookie, `/api/organizations/${organizationId}/elections`],
      ["voter: voters", observer.cookie, `/api/elections/${id}/voters`],
      ["voter: results.csv", observer.cookie, `/api/elections/${id}/results.csv`],
      ["voter: organization stats", observer.cookie, `/api/organizations/${organizationId}/stats`],
      ["voter: own profile activity", observer.cookie, "/api/profile/activity"],
      ["voter: polling stations", observer.cookie, "/api/profile/polling-stations"],
      ["anyone: bulletin board", undefined, `/api/elections/${id}/bulletin`],
      // Figures across the whole platform: on PostgreSQL every test file shares one database and
      // moves them concurrently, so they are held where this file has its database to itself.
      ...(process.env.TEST_DB === "postgres"
        ? []
        : ([
            ["platform admin: overview", platform.cookie, "/api/admin/overview"],
            ["platform admin: monitoring", platform.cookie, "/api/admin/monitoring"],
          ] as Array<[string, string | undefined, string]>)),
    ];
    const look = async () => {
      const seen: Record<string, string> = {};
      for (const [name, cookie, url] of reads) {
        const response = await call(t.app, cookie).get(url);
        // The database's round-trip time is measured afresh on each read: not a vote count.
        seen[name] = `${response.statusCode} ${response.body.replace(/"database_latency_ms":[\d.]+/, "")}`;
      }
      return seen;
    };
    const castBy = async (voter: (typeof casters)[number], i: number) => {
      const response = await call(t.app, voter.cookie).post(`/api/elections/${id}/ballots`, {
        grant_id: await verified(voter),
        selections: [
          { position_id: president.id, candidate_id: president.candidates[i % 2].id },
          { position_id: senator.id, candidate_id: senator.candidates[(i + 1) % 2].id },
        ],
      });
      expect(response.statusCode).toBe(201);
      return response.json().receipt as string;
    };

    const before = await look();
    expect(
      JSON.parse(before["admin: election"]?.slice(4) ?? "{}").positions[0].candidates[0].vote_count,
    ).toBeNull();
    expect(before["admin: results.csv"]).toContain(electionMessages.resultsPending);
    for (const [i, voter] of casters.slice(0, SEAL_MIN_VOTERS - 1).entries()) {
      const heardBefore = heard.length;
      await castBy(voter, i);
      // And tries again (a second tab, or someone else with their account): refused, and held from
      // monitoring until the seal, where an attempt would say this voter has voted.
      const again = await call(t.app, voter.cookie).post(`/api/elections/${id}/ballots`, {
        grant_id: await verified(voter),
        selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
      });
      expect(again.statusCode).toBe(409);
      await sealAndAnnounce(t.app.context, quiet); // the worker's tick: too few to seal
      expect(await look()).toEqual(before);
      expect(heardSince(heardBefore, id, organizationId)).toEqual([]);
      // The voter alone sees their own vote at once.
      const own = (await call(t.app, voter.cookie).get(`/api/elections/${id}`)).json();
      expect(own.viewer.voted_position_ids).toHaveLength(2);
      const ownRow = (await call(t.app, voter.cookie).get(`/api/elections/${id}/voters`))
        .json()
        .voters.find((v: { user_id: string }) => v.user_id === voter.user.id);
      expect(ownRow.voted).toBe(true);
    }

    // The tenth voter completes a batch: one seal discloses ten voters at once, and says so.
    const tenth = casters[SEAL_MIN_VOTERS - 1];
    if (!tenth) throw new Error("no tenth voter");
    await castBy(tenth, SEAL_MIN_VOTERS - 1);
    const heardBefore = heard.length;
    await sealAndAnnounce(t.app.context, quiet);
    // The seal, and monitoring's word on each disclosed voter whose attempts and passed checks were
    // held (re-assessed, with the alerts that raised): all in the seal's batch.
    const atSeal = heardSince(heardBefore, id, organizationId).map((m) => m.event);
    expect(atSeal.filter((event) => event === "election.sealed")).toHaveLength(1);
    expect(atSeal.filter((event) => event === "voting_session.updated")).toHaveLength(
      SEAL_MIN_VOTERS + SEAL_MIN_VOTERS - 1,
    );
    expect(
      atSeal.every((event) => ["election.sealed", "voting_session.updated", "alert.created"].includes(event)),
    ).toBe(true);
    const sealed = (await call(t.app, admin.cookie).get(`/api/elections/${id}`)).json();
    expect(sealed.votes_cast).toBe(SEAL_MIN_VOTERS);
    expect(sealed.positions[0].candidates.every((c: { vote_count: null }) => c.vote_count === null)).toBe(
      true,
    );
    const voters = (await call(t.app, observer.cookie).get(`/api/elections/${id}/voters`)).json().voters;
    expect(voters.filter((v: { voted: boolean }) => v.voted)).toHaveLength(SEAL_MIN_VOTERS);
    const board = (await call(t.app).get(`/api/elections/${id}/bulletin`)).json();
    expect(board.seals).toHaveLength(1);
    expect(board.sealed[0].hashes).toHaveLength(SEAL_MIN_VOTERS * 2);
    // No answer until the close: the board is no count by candidate either.
    expect(board.ballots).toEqual([]);
    const stats = (await call(t.app, admin.cookie).get(`/api/organizations/${organizationId}/stats`)).json();
    expect(stats.total_votes_cast).toBe(SEAL_MIN_VOTERS);
    const monitoring = (
      await call(t.app, admin.cookie).get(`/api/organizations/${organizationId}/monitoring`)
    ).json();
    expect(monitoring.sessions.filter((s: { status: string }) => s.status === "completed")).toHaveLength(
      SEAL_MIN_VOTERS,
    );
    // The attempts held until the seal count now, in its batch ("Last seen" is not moved by them),
    // and so do the disclosed voters' passed checks (each checked before each of their two tries).
    expect(monitoring.analytics.duplicates.attempts).toBe(SEAL_MIN_VOTERS - 1);
    expect(monitoring.analytics.verification.passed).toBe(SEAL_MIN_VOTERS + SEAL_MIN_VOTERS - 1);
    expect(
      monitoring.sessions.filter((s: { verification: string | null }) => s.verification === "passed"),
    ).toHaveLength(SEAL_MIN_VOTERS);

    // One more ballot after the seal moves nothing either; the close shows every count.
    const afterSeal = await look();
    const last = casters[SEAL_MIN_VOTERS];
    if (!last) throw new Error("no last voter");
    const receipt = await castBy(last, SEAL_MIN_VOTERS);
    await sealAndAnnounce(t.app.context, quiet);
    expect(await look()).toEqual(afterSeal);
    await call(t.app, admin.cookie).post(`/api/elections/${id}/close`);
    // The close shows the checks still held: the last voter's, though no seal of ten disclosed it.
    const atClose: MonitoringOverview = (
      await call(t.app, admin.cookie).get(`/api/organizations/${organizationId}/monitoring`)
    ).json();
    expect(atClose.analytics.verification.passed).toBe(SEAL_MIN_VOTERS + SEAL_MIN_VOTERS);
    const closed = (await call(t.app, observer.cookie).get(`/api/elections/${id}`)).json();
    expect(closed.votes_cast).toBe(SEAL_MIN_VOTERS + 1);
    const total = closed.positions[0].candidates.reduce(
      (sum: number, c: { vote_count: number }) => sum + c.vote_count,
      0,
    );
    expect(total).toBe(SEAL_MIN_VOTERS + 1);
    const published = (await call(t.app).get(`/api/elections/${id}/bulletin`)).json();
    expect(published.ballots).toHaveLength((SEAL_MIN_VOTERS + 1) * 2);
    expect(published.ballots.every((ballot: { candidate_id: string | null }) => ballot.candidate_id)).toBe(
      true,
    );

    // The close sealed the last voter's ballots alone, and the Voters tab shows who turned "voted"
    // at the close: still no one can tell that voter's answers (nor any seal's). The answers carry
    // no seal, and no seal's hash can be made from anything published.
    const board2 = published as Bulletin;
    expect(board2.seals.map((s) => s.ballot_count)).toEqual([SEAL_MIN_VOTERS * 2, 2]);
    expect(board2.ballots.every((ballot) => !("seal" in ballot))).toBe(true);
    const receipts = board2.ballots.map((b) => b.receipt_hash);
    expect(receipts).toEqual([...receipts].sort());
    const known = [
      ...receipts,
      ...receipts.map((r) => sha256(r)),
      ...board2.sealed.flatMap((s) => [...s.tags, ...s.hashes]),
      ...board2.seals.flatMap((s) => [s.root, s.previous_root]),
    ];
    const hashes = new Set(board2.sealed.flatMap((s) => s.hashes));
    const tags = new Set(board2.sealed.flatMap((s) => s.tags));
    expect(receipts.some((r) => tags.has(r.slice(0, 16)) || tags.has(sha256(r).slice(0, 16)))).toBe(false);
    for (const position of board2.positions)
      for (const candidate of position.candidates)
        for (const value of known)
          expect(hashes.has(sha256(ballotHashPrefix(id, position.id, candidate.id) + value))).toBe(false);
    // The voter, holding the receipt, finds both ballots in the last seal and checks their answers there.
    for (const [position, candidate] of [
      [president, president.candidates[SEAL_MIN_VOTERS % 2]],
      [senator, senator.candidates[(SEAL_MIN_VOTERS + 1) % 2]],
    ]) {
      const key = chainKey(receipt, position.id);
      const lastSeal = board2.sealed[1];
      const at = lastSeal?.tags.indexOf(sha256(key).slice(0, 16)) ?? -1;
      expect(at).toBeGreaterThanOrEqual(0);
      expect(lastSeal?.hashes[at]).toBe(
        ballotHash({
          electionId: id,
          positionId: position.id,
          candidateId: candidate.id,
          answer: null,
          chainKey: key,
        }),
      );
    }
  }, 60_000);
});
