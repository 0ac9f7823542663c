import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionServerMessages } from "../../../contract/elections";
import { rollMessages } from "../../../contract/invitations";
import { bulkVoters, electionChannel, electionOfChannel } from "../../test/elections";
import { createMember, createOrganization, uniqueEmail } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function upcoming() {
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, 4);
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const election = await electionOfChannel(t.app, admin.cookie, channel.id);
  return { admin, voters, election };
}

/** Imports a one-person list and accepts it with a new account; the list's id and the new account's cookie. */
async function importedPerson(admin: { cookie: string; organizationId: string }) {
  const email = uniqueEmail("listed");
  const sent = await call(t.app, admin.cookie).post(
    `/api/organizations/${admin.organizationId}/voter-lists`,
    {
      filename: "board.csv",
      csv: `Full name,Email\nListed Person,${email}\n`,
    },
  );
  const token = (await t.outbox.lastTo(email))?.text.match(/\/invitation\/([\w-]+)/)?.[1];
  return { listId: sent.json().list_id as string, email, token: token as string };
}

describe("an election's roll", () => {
  it("is every voter member unless the administrator chooses", async () => {
    const { admin, election } = await upcoming();
    const voters = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}/voters`)).json();
    expect(voters.roll).toBe("members");
    expect(voters.voters).toHaveLength(4);
    const roll = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}/roll`)).json();
    expect(roll).toEqual({ kind: "members", user_ids: [], list_ids: [], count: 4, version: 1 });
  });

  it("is the members picked and the people of a chosen list who joined, fixed when voting opens", async () => {
    const { admin, voters, election } = await upcoming();
    const picked = voters.slice(0, 2).map((v) => v.user.id);
    const listed = await importedPerson(admin);
    const saved = await call(t.app, admin.cookie).put(`/api/elections/${election.id}/roll`, {
      kind: "chosen",
      user_ids: picked,
      list_ids: [listed.listId],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The listed person has not joined yet: two on the roll.
    expect(saved.json()).toMatchObject({ kind: "chosen", count: 2 });
    expect((await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json().total_voters).toBe(
      2,
    );
    const outsider = voters[3];
    const seen = (await call(t.app, outsider?.cookie).get(`/api/elections/${election.id}`)).json();
    expect(seen.viewer.on_roll).toBe(false);

    const joined = await call(t.app).post("/api/invitations/account", {
      token: listed.token,
      full_name: "Listed Person",
      password: "vs-secret12",
      phone_number: "+1 555 0100",
      id_type: "National ID",
      id_number: "LIST-1",
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const upcomingVoters = (
      await call(t.app, admin.cookie).get(`/api/elections/${election.id}/voters`)
    ).json();
    expect(upcomingVoters.roll).toBe("chosen");
    expect(upcomingVoters.voters.map((v: { full_name: string }) => v.full_name).sort()).toEqual(
      ["Bulk Voter 1", "Bulk Voter 2", "Listed Person"].sort(),
    );

    const opened = await call(t.app, admin.cookie).post(`/api/elections/${election.id}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().total_voters).toBe(3);

    // Fixed: a later change of the choice is refused, and a member who joins now is not added.
    const late = await call(t.app, admin.cookie).put(`/api/elections/${election.id}/roll`, {
      kind: "members",
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(rollMessages.fixed);
    await createMember(t.app, admin.organizationId, {}, admin.cookie);
    const after = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}/voters`)).json();
    expect(after).toMatchObject({ roll: "chosen" });
    expect(after.voters).toHaveLength(3);
    const cannotVote = (await call(t.app, outsider?.cookie).get(`/api/elections/${election.id}`)).json();
    expect(cannotVote.viewer).toMatchObject({ on_roll: false, can_vote: false });
    // Nor can they verify: no grant is made, and no code sent, for a vote that cannot be taken.
    const before = (await t.outbox.to(outsider?.user.email as string)).length;
    for (const method of cannotVote.verification_methods) {
      const start = await call(t.app, outsider?.cookie).post(`/api/elections/${election.id}/verification`, {
        method,
        ...(method === "national_id" && { id_number: "ANY-ID-1" }),
      });
      expect(start.statusCode, method).toBe(403);
      expect(start.json().error.message).toBe(electionServerMessages.notOnRoll);
    }
    expect(cannotVote.verification_methods.length).toBeGreaterThan(0);
    expect(await t.outbox.to(outsider?.user.email as string)).toHaveLength(before);
  });

  it("takes only the organization's voter members and its own lists, and goes back to every voter member", async () => {
    const { admin, election } = await upcoming();
    const other = await createOrganization(t.app);
    const stranger = await createMember(t.app, other.organizationId);
    const otherList = await importedPerson(other);
    const url = `/api/elections/${election.id}/roll`;
    const as = call(t.app, admin.cookie);
    const notVoter = await as.put(url, { kind: "chosen", user_ids: [stranger.id, admin.id], list_ids: [] });
    expect(notVoter.json().error.message).toBe(rollMessages.notVoter);
    const notOurs = await as.put(url, { kind: "chosen", user_ids: [], list_ids: [otherList.listId] });
    expect(notOurs.json().error.message).toBe(rollMessages.unknownList);
    expect((await as.put(url, { kind: "chosen", user_ids: [], list_ids: [] })).json().error.message).toBe(
      rollMessages.empty,
    );
    expect((await call(t.app, stranger.cookie).put(url, { kind: "members" })).statusCode).toBe(403);
    const back = await as.put(url, { kind: "members" });
    expect(back.json()).toMatchObject({ kind: "members", count: 4 });
  });
});
