import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventMap } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import { adminActions, participations } from "../../db/schema";
import { electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { signedInAdmin } from "./test-helpers";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await testApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

/** An organization with a member who registered an ID number, a text channel with a message, and an open election. */
async function workspace() {
  const tag = `Suspendable ${Math.random().toString(36).slice(2, 8)}`;
  const owner = await createOrganization(t.app, { organization: tag });
  const member = await createMember(t.app, owner.organizationId, { id_number: "GHA123456" });
  const general = (
    await call(t.app, owner.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel;
  const post = (
    await call(t.app, member.cookie).post(`/api/channels/${general.id}/posts`, { content: "Hello" })
  ).json();
  const channel = (await call(t.app, owner.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const draft = await electionOfChannel(t.app, owner.cookie, channel.id);
  const election = (await call(t.app, owner.cookie).post(`/api/elections/${draft.id}/open`)).json();
  const code = (await call(t.app, owner.cookie).get(`/api/organizations/${owner.organizationId}`)).json()
    .invite_code;
  return { tag, owner, member, general, post, election, code };
}

const setStatus = (organizationId: string, status: "active" | "suspended") =>
  call(t.app, admin.cookie).put(`/api/admin/organizations/${organizationId}/status`, { status });

function expectSuspended(
  response: { statusCode: number; json(): { error: { message: string } } },
  what: string,
  message: string = messages.organizationSuspended,
) {
  expect(response.statusCode, what).toBe(403);
  expect(response.json().error.message, what).toBe(message);
}

async function participationCount(electionId: string, userId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.electionId, electionId), eq(participations.userId, userId)));
  return row?.n ?? 0;
}

describe("a suspended organization", () => {
  it("is hidden from search and refuses new members, by search, invite or approval", async () => {
    const { tag, owner, code } = await workspace();
    const outsider = await createVoter(t.app);
    const search = () =>
      call(t.app, outsider.cookie).get(`/api/organizations/search?q=${encodeURIComponent(tag)}`);
    expect((await search()).json().organizations).toHaveLength(1);

    // A request filed while it was active waits for approval.
    const waiting = await createVoter(t.app);
    await call(t.app, owner.cookie).patch(`/api/organizations/${owner.organizationId}/settings`, {
      require_approval: true,
    });
    await call(t.app, waiting.cookie).post(`/api/organizations/${owner.organizationId}/join`);
    const [request] = (
      await call(t.app, owner.cookie).get(`/api/organizations/${owner.organizationId}/join-requests`)
    ).json().requests;
    await call(t.app, owner.cookie).patch(`/api/organizations/${owner.organizationId}/settings`, {
      require_approval: false,
    });

    expect((await setStatus(owner.organizationId, "suspended")).statusCode).toBe(200);
    expect((await search()).json().organizations).toEqual([]);
    expectSuspended(
      await call(t.app, owner.cookie).post(`/api/join-requests/${request.id}/approve`),
      "approve",
    );
    // To those not members, in words for them: they could not read anything there.
    const toJoin = messages.organizationSuspendedToJoin;
    expectSuspended(
      await call(t.app, outsider.cookie).post(`/api/organizations/${owner.organizationId}/join`),
      "join",
      toJoin,
    );
    expectSuspended(await call(t.app, outsider.cookie).get(`/api/invites/${code}`), "invite page", toJoin);
    expectSuspended(await call(t.app, outsider.cookie).post(`/api/invites/${code}/accept`), "invite", toJoin);

    expect((await setStatus(owner.organizationId, "active")).statusCode).toBe(200);
    expect((await search()).json().organizations).toHaveLength(1);
    const joined = await call(t.app, outsider.cookie).post(`/api/organizations/${owner.organizationId}/join`);
    expect(joined.statusCode).toBe(200);
  });

  it("lets its members read but not post, comment, like or edit, with the clear message; re-activation restores", async () => {
    const { owner, member, general, post } = await workspace();
    await setStatus(owner.organizationId, "suspended");
    const as = call(t.app, member.cookie);
    expect((await as.get(`/api/channels/${general.id}/posts`)).statusCode).toBe(200);
    expect((await as.get(`/api/posts/${post.id}/comments`)).statusCode).toBe(200);
    expectSuspended(await as.post(`/api/channels/${general.id}/posts`, { content: "Still here?" }), "post");
    expectSuspended(await as.post(`/api/posts/${post.id}/comments`, { content: "A reply" }), "comment");
    expectSuspended(await as.put(`/api/posts/${post.id}/like`), "like");
    expectSuspended(await as.patch(`/api/posts/${post.id}`, { content: "Edited" }), "edit");
    // Its administrators too.
    expectSuspended(
      await call(t.app, owner.cookie).post(`/api/channels/${general.id}/posts`, { content: "Admin notice" }),
      "admin post",
    );

    await setStatus(owner.organizationId, "active");
    expect((await as.post(`/api/channels/${general.id}/posts`, { content: "Back again" })).statusCode).toBe(
      201,
    );
    expect((await as.post(`/api/posts/${post.id}/comments`, { content: "A reply" })).statusCode).toBe(201);
  });

  it("refuses verification and votes with the clear message, and counts nothing; re-activation restores", async () => {
    const { owner, member, election } = await workspace();
    const [president] = election.positions;
    const ballot = (grant: string) => ({
      grant_id: grant,
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    // A grant obtained before the suspension does not help either.
    const earlier = await grantFor(t.database.db, t.clock, member.id, election.id);
    await setStatus(owner.organizationId, "suspended");
    const as = call(t.app, member.cookie);
    expectSuspended(
      await as.post(`/api/elections/${election.id}/verification`, {
        method: "national_id",
        id_number: "GHA123456",
      }),
      "verify",
    );
    expectSuspended(await as.post(`/api/elections/${election.id}/ballots`, ballot(earlier)), "vote");
    expect(await participationCount(election.id, member.id)).toBe(0);
    // The ballot stays readable, and says at once that this voter may not vote (no refusal needed).
    const read = await as.get(`/api/elections/${election.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().viewer).toMatchObject({ can_vote: false, on_roll: true });

    await setStatus(owner.organizationId, "active");
    expect((await as.get(`/api/elections/${election.id}`)).json().viewer.can_vote).toBe(true);
    const verified = await as.post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "GHA123456",
    });
    expect(verified.statusCode).toBe(200);
    const cast = await as.post(`/api/elections/${election.id}/ballots`, ballot(verified.json().grant_id));
    expect(cast.statusCode).toBe(201);
    expect(await participationCount(election.id, member.id)).toBe(1);
  });

  it("refuses changes to its channels, elections, profile and invitations; reads, preferences and leaving stay open", async () => {
    const { owner, member, general, election } = await workspace();
    const id = owner.organizationId;
    const admin = call(t.app, owner.cookie);
    const channels = async () =>
      (await admin.get(`/api/organizations/${id}/channels`)).json().channels.length;
    const before = await channels();
    await setStatus(id, "suspended");
    const voter = call(t.app, member.cookie);
    const refused: Array<[string, ReturnType<typeof admin.get>]> = [
      ["member's channel", voter.post("/api/channels", { name: "side-room", type: "text" })],
      ["admin's channel", admin.post("/api/channels", { name: "notices", type: "text" })],
      ["rename", admin.patch(`/api/channels/${general.id}`, { name: "renamed" })],
      ["duplicate", admin.post(`/api/channels/${general.id}/duplicate`)],
      ["delete", admin.delete(`/api/channels/${general.id}`)],
      ["posters", admin.put(`/api/channels/${general.id}/posters`, { user_ids: [member.id] })],
      ["close", admin.post(`/api/elections/${election.id}/close`)],
      ["cancel", admin.post(`/api/elections/${election.id}/cancel`)],
      ["results option", admin.patch(`/api/elections/${election.id}/options`, { results_hidden: true })],
      ["profile", admin.patch(`/api/organizations/${id}`, { description: "Changed" })],
      ["settings", admin.patch(`/api/organizations/${id}/settings`, { require_approval: true })],
      ["invite code", admin.post(`/api/organizations/${id}/invite-code`)],
    ];
    for (const [what, response] of refused) expectSuspended(await response, what);
    expect(await channels()).toBe(before);
    expect((await admin.get(`/api/elections/${election.id}`)).json().status).toBe("active");

    expect((await admin.get(`/api/channels/${general.id}/posters`)).statusCode).toBe(200);
    expect(
      (await voter.put(`/api/channels/${general.id}/preferences`, { notify: "mentions" })).statusCode,
    ).toBe(200);
    expect((await voter.post(`/api/organizations/${id}/leave`)).statusCode).toBe(200);

    await setStatus(id, "active");
    expect((await admin.post("/api/channels", { name: "notices", type: "text" })).statusCode).toBe(201);
    expect((await admin.post(`/api/elections/${election.id}/close`)).statusCode).toBe(200);
  });

  it("is announced to its members' open screens", async () => {
    const { owner } = await workspace();
    const heard: Array<EventMap["organization.status_changed"]> = [];
    const stop = t.app.context.bus.onMessage((message) => {
      if (message.event === "organization.status_changed")
        heard.push(message.payload as EventMap["organization.status_changed"]);
    });
    try {
      await setStatus(owner.organizationId, "suspended");
      await setStatus(owner.organizationId, "active");
      // Activating an active organization changes nothing: not announced, not recorded.
      const again = await setStatus(owner.organizationId, "active");
      expect(again.statusCode).toBe(200);
      expect(again.json().organization.status).toBe("active");
    } finally {
      stop();
    }
    expect(heard).toEqual([
      { organization_id: owner.organizationId, status: "suspended" },
      { organization_id: owner.organizationId, status: "active" },
    ]);
    const recorded = await t.database.db
      .select({ action: adminActions.action, detail: adminActions.detail })
      .from(adminActions)
      .where(eq(adminActions.targetId, owner.organizationId));
    expect(recorded.map((row) => row.action).sort()).toEqual([
      "organization.activated",
      "organization.suspended",
    ]);
  });
});
