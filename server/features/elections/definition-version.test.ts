// Two administrators (or two tabs) editing one election: an edit based on an older version is refused, never written over the other's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionServerMessages } from "../../../contract/elections";
import { rollMessages } from "../../../contract/invitations";
import { elections } from "../../db/schema";
import { bulkVoters, electionChannel, electionOfChannel } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** An upcoming election of a new organization's, or of `admin`'s. */
async function upcoming(admin?: Awaited<ReturnType<typeof createOrganization>>) {
  admin ??= await createOrganization(t.app);
  const as = call(t.app, admin.cookie);
  const channel = electionChannel(t.clock);
  const created = await as.post("/api/channels", channel);
  expect(created.statusCode).toBe(201);
  const election = await electionOfChannel(t.app, admin.cookie, created.json().channel.id);
  const definition = `/api/elections/${election.id}/definition`;
  /** The channel's voting settings with this quorum: an edit told apart from another by its quorum. */
  const settings = (quorumPercent: number) => ({ ...channel.voting_settings, quorumPercent });
  const stored = async () =>
    (
      await t.database.db
        .select({ quorum: elections.quorumPercent, version: elections.version })
        .from(elections)
        .where(eq(elections.id, election.id))
    )[0];
  return { admin, as, election, definition, settings, stored };
}

describe("an edit of the definition based on an older version", () => {
  it("is refused with 409 in words, and changes nothing", async () => {
    const { as, election, definition, settings, stored } = await upcoming();
    expect(election.version).toBe(1);
    // Tab B saves first, from version 1.
    const first = await as.put(definition, { voting_settings: settings(40), version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ quorum_percent: 40, version: 2 });
    // Tab A, opened before it, saves from version 1 too: refused, and B's quorum stays.
    const stale = await as.put(definition, { voting_settings: settings(60), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(electionServerMessages.changedElsewhere);
    expect(await stored()).toEqual({ quorum: 40, version: 2 });
    // Reloaded, tab A saves from the version it now shows.
    const again = await as.put(definition, { voting_settings: settings(60), version: 2 });
    expect(again.json()).toMatchObject({ quorum_percent: 60, version: 3 });
  });

  it("is refused after an extension too, which changes the voting window", async () => {
    const { as, election, definition, settings, stored } = await upcoming();
    const extended = await as.post(`/api/elections/${election.id}/extend`, {
      end_date: "2099-01-01",
      end_time: "12:00",
    });
    expect(extended.json()).toMatchObject({ end_date: "2099-01-01", version: 2 });
    const stale = await as.put(definition, { voting_settings: settings(40), version: 1 });
    expect(stale.statusCode).toBe(409);
    const now = (await as.get(`/api/elections/${election.id}`)).json();
    expect(now).toMatchObject({ end_date: "2099-01-01", quorum_percent: null });
    expect((await stored())?.version).toBe(2);
  });

  it("from an API client that sends no version, replaces the definition as before", async () => {
    const { as, definition, settings } = await upcoming();
    await as.put(definition, { voting_settings: settings(40), version: 1 });
    const unversioned = await as.put(definition, { voting_settings: settings(70) });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json()).toMatchObject({ quorum_percent: 70, version: 3 });
  });

  it("is told the ballot is frozen, not that it is stale, once voting has opened", async () => {
    const { as, election, definition, settings } = await upcoming();
    await as.post(`/api/elections/${election.id}/open`);
    const late = await as.put(definition, { voting_settings: settings(40), version: 1 });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(electionServerMessages.definitionFrozen);
  });
});

describe("two saves based on the same version, at once", () => {
  it("exactly one is written; the other is refused with 409, whatever their order", async () => {
    const admin = await createOrganization(t.app);
    for (let round = 0; round < 4; round++) {
      const { as, definition, settings, stored } = await upcoming(admin);
      const answers = await Promise.all([
        as.put(definition, { voting_settings: settings(30), version: 1 }),
        as.put(definition, { voting_settings: settings(80), version: 1 }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)?.json();
      // The stored definition is the winner's, whole, at the version after the one both read.
      expect(await stored()).toEqual({ quorum: winner.quorum_percent, version: 2 });
      const positions = winner.positions.map((p: { title: string }) => p.title);
      expect(new Set(positions).size).toBe(positions.length);
    }
  });
});

describe("the notice settings", () => {
  it("are saved by the switch that changed: another tab's change to the others stays", async () => {
    const { as, election } = await upcoming();
    const notices = `/api/elections/${election.id}/notices`;
    // Two tabs read every switch on; one turns the announcement off, the other voting closed.
    await as.put(notices, { election_scheduled: false });
    const second = await as.put(notices, { voting_closed: false });
    expect(second.statusCode).toBe(200);
    expect(second.json().settings).toEqual({
      election_scheduled: false,
      voting_open: true,
      voting_closed: false,
      results_published: true,
      reminder_hours_before: null,
    });
    // At once, too: both stay.
    await Promise.all([
      as.put(notices, { voting_open: false }),
      as.put(notices, { reminder_hours_before: 24 }),
    ]);
    expect((await as.get(notices)).json().settings).toMatchObject({
      election_scheduled: false,
      voting_open: false,
      voting_closed: false,
      reminder_hours_before: 24,
    });
  });
});

describe("the roll chosen from an older version", () => {
  it("is refused with 409, and two choices from the same version at once write exactly one", async () => {
    const { admin, as, election } = await upcoming();
    const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, 3);
    const [a, b, c] = voters.map((v) => v.user.id);
    const roll = `/api/elections/${election.id}/roll`;
    const choose = (ids: string[], version?: number) =>
      as.put(roll, { kind: "chosen", user_ids: ids, list_ids: [], ...(version && { version }) });
    expect((await as.get(roll)).json()).toMatchObject({ kind: "members", version: 1 });
    const first = await choose([a as string], 1);
    expect(first.json()).toMatchObject({ user_ids: [a], version: 2 });
    // A dialog opened before it chooses from version 1: refused, the first choice stays.
    const stale = await choose([b as string], 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(rollMessages.changedElsewhere);
    expect((await as.get(roll)).json()).toMatchObject({ user_ids: [a], version: 2 });
    // An API client that sends no version replaces the roll as before.
    expect((await choose([c as string])).json()).toMatchObject({ user_ids: [c], version: 3 });
    // The roll's version is its own: the ballot saved from the election's version is not refused.
    expect((await as.get(`/api/elections/${election.id}`)).json().version).toBe(1);

    const answers = await Promise.all([choose([a as string], 3), choose([b as string], 3)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)?.json();
    expect((await as.get(roll)).json()).toMatchObject({ user_ids: winner.user_ids, version: 4 });
  });
});
