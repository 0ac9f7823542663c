import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketMessages, type Topic } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import { electionVoters, participations } from "../../db/schema";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createMember, createOrganization, joinApproved } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** An organization with a text channel, a voter member who posted there, and an organization account that joined. */
async function organizationWithMembers() {
  const owner = await createOrganization(t.app, { organization: "Harbor Guild" });
  const voter = await createMember(t.app, owner.organizationId, { full_name: "Ama Owusu" });
  const guest = await createOrganization(t.app, { full_name: "Kofi Mensah" });
  await joinApproved(t.app, guest.cookie, owner.organizationId);
  const channel = (
    await call(t.app, owner.cookie).post("/api/channels", { name: "town-hall", type: "text" })
  ).json().channel as { id: string };
  const posted = await call(t.app, voter.cookie).post(`/api/channels/${channel.id}/posts`, {
    content: "Hello all",
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return { owner, voter, guest, channel, url: `/api/organizations/${owner.organizationId}/members/` };
}

/** What a former member may no longer do: see the organization, read or post in its channels. */
async function expectNoAccess(cookie: string, organizationId: string, channelId: string) {
  const as = call(t.app, cookie);
  expect((await as.get(`/api/organizations/${organizationId}`)).statusCode).toBe(404);
  expect((await as.get(`/api/channels/${channelId}/posts`)).statusCode).toBe(404);
  expect((await as.post(`/api/channels/${channelId}/posts`, { content: "still here?" })).statusCode).toBe(
    404,
  );
  const mine = (await as.get("/api/organizations/mine")).json();
  expect(mine.organizations.map((o: { id: string }) => o.id)).not.toContain(organizationId);
}

describe("leaving an organization", () => {
  it("ends the member's access; their messages stay under their name", async () => {
    const { owner, voter, channel } = await organizationWithMembers();
    const left = await call(t.app, voter.cookie).post(`/api/organizations/${owner.organizationId}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ success: true, message: messages.leftOrganization("Harbor Guild") });
    await expectNoAccess(voter.cookie, owner.organizationId, channel.id);
    expect((await call(t.app, voter.cookie).get("/api/organizations/mine")).json().current_id).toBeNull();

    const posts = (await call(t.app, owner.cookie).get(`/api/channels/${channel.id}/posts`)).json().posts;
    expect(posts.map((p: { author: { full_name: string } | null }) => p.author?.full_name)).toContain(
      "Ama Owusu",
    );
    const again = await call(t.app, voter.cookie).post(`/api/organizations/${owner.organizationId}/leave`);
    expect(again.statusCode).toBe(404);
  });

  it("is refused to the owner, with the reason", async () => {
    const owner = await createOrganization(t.app);
    const refused = await call(t.app, owner.cookie).post(`/api/organizations/${owner.organizationId}/leave`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.ownerCannotLeave);
    expect(
      (await call(t.app, owner.cookie).get(`/api/organizations/${owner.organizationId}`)).statusCode,
    ).toBe(200);
  });

  it("keeps the votes already cast and the election's roll; a former voter cannot vote", async () => {
    const owner = await createOrganization(t.app);
    const [voter, other] = await bulkVoters(t.database.db, t.clock, owner.organizationId, 2);
    if (!voter || !other) throw new Error("no voters");
    const channel = (await call(t.app, owner.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel;
    const upcoming = await electionOfChannel(t.app, owner.cookie, channel.id);
    const election = (await call(t.app, owner.cookie).post(`/api/elections/${upcoming.id}/open`)).json();
    const [president, senator] = election.positions;
    const cast = (who: typeof voter, position: typeof president) =>
      grantFor(t.database.db, t.clock, who.user.id, election.id).then((grant_id) =>
        call(t.app, who.cookie).post(`/api/elections/${election.id}/ballots`, {
          grant_id,
          selections: [{ position_id: position.id, candidate_id: position.candidates[0].id }],
        }),
      );
    const first = await cast(voter, president);
    expect(first.statusCode, first.body).toBe(201);

    await call(t.app, voter.cookie).post(`/api/organizations/${owner.organizationId}/leave`);
    const kept = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.userId, voter.user.id));
    expect(kept).toHaveLength(1);
    const refused = await cast(voter, senator);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      await t.database.db.select().from(participations).where(eq(participations.userId, voter.user.id)),
    ).toEqual(kept);
    const roll = await t.database.db
      .select()
      .from(electionVoters)
      .where(eq(electionVoters.electionId, election.id));
    expect(roll.map((row) => row.userId).sort()).toEqual([voter.user.id, other.user.id].sort());
  });
});

describe("an administrator removing a member", () => {
  it("removes a member, who loses access at once, sockets included", async () => {
    const { owner, voter, channel, url } = await organizationWithMembers();
    const topic: Topic = `org:${owner.organizationId}`;
    const socket = await TestSocket.open(baseUrl, { cookie: voter.cookie });
    expect(await socket.subscribe(topic)).toMatchObject({ type: "subscribed", topic });
    const watcher = await TestSocket.open(baseUrl, { cookie: owner.cookie });
    await watcher.subscribe(topic);

    const removed = await call(t.app, owner.cookie).delete(`${url}${voter.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(messages.memberRemoved("Ama Owusu"));
    // Without waiting for the periodic sweep: the event itself re-checks the member's subscriptions.
    expect(await socket.next((m) => m.type === "error" && m.topic === topic)).toEqual({
      type: "error",
      topic,
      message: socketMessages.notAllowed,
    });
    const heard = await watcher.next((m) => m.type === "event" && m.event === "member.left");
    expect(heard).toMatchObject({ payload: { user_id: voter.id, reason: "removed" } });
    await t.app.realtime.bus.publish(topic, "organization.status_changed", {
      organization_id: owner.organizationId,
      status: "active",
    });
    await socket.roundTrip();
    expect(socket.events().filter((m) => m.event === "organization.status_changed")).toEqual([]);
    await Promise.all([socket.close(), watcher.close()]);

    await expectNoAccess(voter.cookie, owner.organizationId, channel.id);
    const list = (
      await call(t.app, owner.cookie).get(`/api/organizations/${owner.organizationId}/members`)
    ).json();
    expect(list.members.map((m: { user_id: string }) => m.user_id)).not.toContain(voter.id);
  });

  it("is for administrators only, never removes the owner, and not oneself", async () => {
    const { owner, voter, guest, url } = await organizationWithMembers();
    const byMember = await call(t.app, voter.cookie).delete(`${url}${guest.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(messages.organizationAdminOnly);

    const self = await call(t.app, owner.cookie).delete(`${url}${owner.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(messages.removeSelf);

    expect((await call(t.app, owner.cookie).patch(`${url}${guest.id}`, { role: "admin" })).statusCode).toBe(
      200,
    );
    const ownerRemoved = await call(t.app, guest.cookie).delete(`${url}${owner.id}`);
    expect(ownerRemoved.statusCode).toBe(403);
    expect(ownerRemoved.json().error.message).toBe(messages.ownerProtected);

    const stranger = await createOrganization(t.app);
    const outsider = await call(t.app, owner.cookie).delete(`${url}${stranger.id}`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(messages.memberNotFound);
    const list = (
      await call(t.app, owner.cookie).get(`/api/organizations/${owner.organizationId}/members`)
    ).json();
    expect(list.members).toHaveLength(3);
  });
});

describe("giving and taking back administration", () => {
  it("makes an organization account an administrator and takes it back, live", async () => {
    const { owner, guest, url } = await organizationWithMembers();
    const requests = `/api/organizations/${owner.organizationId}/join-requests`;
    expect((await call(t.app, guest.cookie).get(requests)).statusCode).toBe(403);

    const made = await call(t.app, owner.cookie).patch(`${url}${guest.id}`, { role: "admin" });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().member).toMatchObject({ user_id: guest.id, role: "admin" });
    expect((await call(t.app, guest.cookie).get(requests)).statusCode).toBe(200);
    const profile = (
      await call(t.app, guest.cookie).get(`/api/organizations/${owner.organizationId}`)
    ).json();
    expect(profile.can.manage).toBe(true);

    const admins: Topic = `admins:${owner.organizationId}`;
    const socket = await TestSocket.open(baseUrl, { cookie: guest.cookie });
    expect(await socket.subscribe(admins)).toMatchObject({ type: "subscribed", topic: admins });
    const back = await call(t.app, owner.cookie).patch(`${url}${guest.id}`, { role: "member" });
    expect(back.json().member.role).toBe("member");
    expect(await socket.next((m) => m.type === "error" && m.topic === admins)).toMatchObject({
      message: socketMessages.notAllowed,
    });
    await socket.close();
    expect((await call(t.app, guest.cookie).get(requests)).statusCode).toBe(403);
  });

  it("never makes a voter an administrator, never demotes the owner, and is for administrators only", async () => {
    const { owner, voter, guest, url } = await organizationWithMembers();
    const voterAdmin = await call(t.app, owner.cookie).patch(`${url}${voter.id}`, { role: "admin" });
    expect(voterAdmin.statusCode).toBe(403);
    expect(voterAdmin.json().error.message).toBe(messages.votersNeverAdmins);

    const byMember = await call(t.app, guest.cookie).patch(`${url}${voter.id}`, { role: "member" });
    expect(byMember.statusCode).toBe(403);

    await call(t.app, owner.cookie).patch(`${url}${guest.id}`, { role: "admin" });
    const demoteOwner = await call(t.app, guest.cookie).patch(`${url}${owner.id}`, { role: "member" });
    expect(demoteOwner.statusCode).toBe(403);
    expect(demoteOwner.json().error.message).toBe(messages.ownerProtected);
    const self = await call(t.app, guest.cookie).patch(`${url}${guest.id}`, { role: "member" });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(messages.ownRoleUnchanged);
    const bad = await call(t.app, owner.cookie).patch(`${url}${guest.id}`, { role: "owner" });
    expect(bad.statusCode).toBe(400);

    const list = (
      await call(t.app, owner.cookie).get(`/api/organizations/${owner.organizationId}/members`)
    ).json();
    const roles = Object.fromEntries(
      list.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role]),
    );
    expect(roles).toEqual({ [owner.id]: "admin", [voter.id]: "member", [guest.id]: "admin" });
  });
});
