import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SECURITY_SETTINGS } from "../../../contract/channels";
import { electionServerMessages } from "../../../contract/elections";
import { channels, elections } from "../../db/schema";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const settings = (overrides: Partial<typeof DEFAULT_SECURITY_SETTINGS>) => ({
  ...DEFAULT_SECURITY_SETTINGS,
  ...overrides,
});

/** Issue 12, item 4: an election's verification rules cannot change mid-vote. */
describe("an election's verification rules", () => {
  it("are recorded at every change while upcoming, frozen with the ballot when voting opens, and refused after", async () => {
    const admin = await createOrganization(t.app);
    const [voter] = await bulkVoters(t.database.db, t.clock, admin.organizationId, 1);
    if (!voter) throw new Error("no voter");
    const as = call(t.app, admin.cookie);
    const channel = (await as.post("/api/channels", electionChannel(t.clock))).json().channel;
    const election = await electionOfChannel(t.app, admin.cookie, channel.id);

    // Upcoming: each change goes through, and the audit trail says who changed what.
    const strict = settings({ twoFactor: true, phoneVerification: true });
    expect((await as.patch(`/api/channels/${channel.id}`, { security_settings: strict })).statusCode).toBe(
      200,
    );
    const phoneOnly = settings({ phoneVerification: true });
    expect((await as.patch(`/api/channels/${channel.id}`, { security_settings: phoneOnly })).statusCode).toBe(
      200,
    );
    // Saving the same settings again changes nothing and records nothing.
    expect((await as.patch(`/api/channels/${channel.id}`, { security_settings: phoneOnly })).statusCode).toBe(
      200,
    );
    let trail = (await as.get(`/api/elections/${election.id}/audit`)).json().entries;
    expect(trail.map((e: { action: string }) => e.action)).toEqual([
      "security_settings_changed",
      "security_settings_changed",
    ]);
    expect(trail[0]).toMatchObject({
      actor_name: expect.any(String),
      detail: { before: strict, after: phoneOnly },
    });
    expect(trail[1].detail).toEqual({ before: DEFAULT_SECURITY_SETTINGS, after: strict });

    // Opening freezes them on the election and says so.
    await as.post(`/api/elections/${election.id}/open`);
    const [row] = await t.database.db.select().from(elections).where(eq(elections.id, election.id));
    expect(row?.securitySettings).toEqual(phoneOnly);
    trail = (await as.get(`/api/elections/${election.id}/audit`)).json().entries;
    expect(trail[0]).toMatchObject({ action: "verification_rules_frozen", detail: { settings: phoneOnly } });

    // Mid-vote: a change is refused (409), and nothing changes; other channel edits still work.
    const refused = await as.patch(`/api/channels/${channel.id}`, {
      security_settings: settings({}),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(electionServerMessages.securityFrozen);
    const [still] = await t.database.db.select().from(channels).where(eq(channels.id, channel.id));
    expect(still?.securitySettings).toEqual(phoneOnly);
    expect((await as.patch(`/api/channels/${channel.id}`, { description: "Officers" })).statusCode).toBe(200);
    expect((await as.get(`/api/elections/${election.id}/audit`)).json().entries).toHaveLength(3);

    // Casting and verification read the frozen copy, even if the channel's row were changed behind it.
    await t.database.db
      .update(channels)
      .set({ securitySettings: settings({ twoFactor: true }) })
      .where(eq(channels.id, channel.id));
    const seen = (await call(t.app, voter.cookie).get(`/api/elections/${election.id}`)).json();
    expect(seen.verification_methods).toEqual(["phone"]);
    expect(seen.requires_two_factor).toBe(false);
    const [president] = seen.positions;
    const cast = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    expect(cast.statusCode).toBe(201);
  });

  it("have an audit trail for the organization's administrators only", async () => {
    const admin = await createOrganization(t.app);
    const [voter] = await bulkVoters(t.database.db, t.clock, admin.organizationId, 1);
    if (!voter) throw new Error("no voter");
    const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel;
    const election = await electionOfChannel(t.app, admin.cookie, channel.id);
    const url = `/api/elections/${election.id}/audit`;
    expect((await call(t.app, voter.cookie).get(url)).statusCode).toBe(403);
    const stranger = await createOrganization(t.app);
    expect((await call(t.app, stranger.cookie).get(url)).statusCode).toBe(404);
    expect((await call(t.app, admin.cookie).get(url)).json()).toEqual({ entries: [] });
  });
});
