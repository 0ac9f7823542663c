import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import type { BusMessage } from "../../realtime/bus";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("the organization profile", () => {
  it("is seen by members, with counts from the data, and by no outsider", async () => {
    const admin = await createOrganization(t.app, { organization: "Harbor Guild" });
    const member = await createMember(t.app, admin.organizationId);
    const outsider = await createOrganization(t.app);

    const seen = await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      name: "Harbor Guild",
      member_count: 2,
      role: "member",
      status: "active",
    });
    expect(seen.json().can).toEqual({ manage: false, invite: false });
    expect(seen.json().invite_code).toBeNull();

    const hidden = await call(t.app, outsider.cookie).get(`/api/organizations/${admin.organizationId}`);
    expect(hidden.statusCode).toBe(404);
    expect(JSON.stringify(hidden.json())).not.toContain("Harbor Guild");
  });

  it("shows the invite code to the admin, and to members once member invites are allowed", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const profile = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}`)
    ).json();
    expect(profile.invite_code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(profile.can).toEqual({ manage: true, invite: true });

    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}/settings`, {
      allow_member_invites: true,
    });
    const asMember = (
      await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}`)
    ).json();
    expect(asMember.invite_code).toBe(profile.invite_code);
    expect(asMember.can.invite).toBe(true);
  });

  it("is edited by its admin only, with a checked website", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const url = `/api/organizations/${admin.organizationId}`;

    const bad = await call(t.app, admin.cookie).patch(url, { website: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.websiteInvalid);

    const refused = await call(t.app, member.cookie).patch(url, { name: "Taken Over" });
    expect(refused.statusCode).toBe(403);

    const saved = await call(t.app, admin.cookie).patch(url, {
      name: "Renamed Guild",
      description: "We build boats",
      website: "https://guild.example",
      location: "Accra",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: "Renamed Guild",
      website: "https://guild.example",
      location: "Accra",
    });
    expect((await call(t.app, member.cookie).get(url)).json().name).toBe("Renamed Guild");
  });

  it("counts its stats from the data", async () => {
    const admin = await createOrganization(t.app);
    await createMember(t.app, admin.organizationId);
    await call(t.app, admin.cookie).post("/api/channels", { name: "news", type: "text" });
    const stats = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/stats`)
    ).json();
    expect(stats).toEqual({ total_members: 2, active_channels: 4, total_votes_cast: 0, online_now: 0 });
  });
});

describe("search", () => {
  it("finds public active organizations by name, description or location, without regard to case, most members first", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const small = await createOrganization(t.app, { organization: `${tag} Small` });
    const big = await createOrganization(t.app, { organization: "Big Union" });
    await call(t.app, big.cookie).patch(`/api/organizations/${big.organizationId}`, {
      location: `${tag.toUpperCase()} City`,
    });
    await createMember(t.app, big.organizationId);
    const hidden = await createOrganization(t.app, { organization: `${tag} Private` });
    await call(t.app, hidden.cookie).patch(`/api/organizations/${hidden.organizationId}/settings`, {
      is_public: false,
    });

    const voter = await createVoter(t.app);
    const found = (await call(t.app, voter.cookie).get(`/api/organizations/search?q=${tag}`)).json()
      .organizations;
    expect(found.map((o: { id: string }) => o.id)).toEqual([big.organizationId, small.organizationId]);
    expect(found[0]).toMatchObject({ member_count: 2, joined: false, pending: false });

    // Its own members still find a private organization.
    const mine = (await call(t.app, hidden.cookie).get(`/api/organizations/search?q=${tag}`)).json()
      .organizations;
    expect(
      mine.some((o: { id: string; joined: boolean }) => o.id === hidden.organizationId && o.joined),
    ).toBe(true);
  });
});

describe("the location", () => {
  it("is one: the country given at sign-up until the profile says more, shown and matched by search as the profile shows it", async () => {
    const country = `Ghanaland${Date.now().toString(36)}`;
    const admin = await createOrganization(t.app, { organization: "Hilltop Choir", country });
    const voter = await createVoter(t.app);
    const url = `/api/organizations/${admin.organizationId}`;
    const found = async (term: string) =>
      (await call(t.app, voter.cookie).get(`/api/organizations/search?q=${encodeURIComponent(term)}`))
        .json()
        .organizations.filter((o: { id: string }) => o.id === admin.organizationId);

    expect((await call(t.app, admin.cookie).get(url)).json().location).toBe(country);
    expect(await found(country.toLowerCase())).toEqual([expect.objectContaining({ location: country })]);

    await call(t.app, admin.cookie).patch(url, { location: `Kumasi, ${country}` });
    expect((await call(t.app, admin.cookie).get(url)).json().location).toBe(`Kumasi, ${country}`);
    expect(await found("kumasi")).toEqual([expect.objectContaining({ location: `Kumasi, ${country}` })]);

    // Cleared on the profile: cleared everywhere (nothing falls back behind it).
    await call(t.app, admin.cookie).patch(url, { location: "" });
    expect((await call(t.app, admin.cookie).get(url)).json().location).toBe("");
    expect(await found(country)).toEqual([]);
  });
});

describe("joining", () => {
  it("adds a voter as 'member' and makes it their current organization", async () => {
    const admin = await createOrganization(t.app);
    const voter = await createVoter(t.app);
    const joined = await call(t.app, voter.cookie).post(`/api/organizations/${admin.organizationId}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ status: "joined", message: messages.joined });
    const session = (await call(t.app, voter.cookie).get("/api/session")).json();
    expect(session.profile.organization_id).toBe(admin.organizationId);
    const members = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/members`)
    ).json();
    expect(members.members.find((m: { user_id: string }) => m.user_id === voter.id)?.role).toBe("member");

    const again = await call(t.app, voter.cookie).post(`/api/organizations/${admin.organizationId}/join`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.alreadyMember);
  });

  it("refuses a signed-out caller with the spec's words", async () => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app).post(`/api/organizations/${admin.organizationId}/join`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(messages.signInToJoin);
  });

  it("leaves an organization user's own organization current when they join another", async () => {
    const first = await createOrganization(t.app);
    const second = await createOrganization(t.app);
    await call(t.app, first.cookie).post(`/api/organizations/${second.organizationId}/join`);
    const session = (await call(t.app, first.cookie).get("/api/session")).json();
    expect(session.profile.organization_id).toBe(first.organizationId);
  });

  it("needs an invite for a non-public organization", async () => {
    const admin = await createOrganization(t.app);
    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}/settings`, {
      is_public: false,
    });
    const voter = await createVoter(t.app);
    const refused = await call(t.app, voter.cookie).post(`/api/organizations/${admin.organizationId}/join`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.joinNeedsInvite);

    const code = (await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}`)).json()
      .invite_code;
    const preview = await call(t.app).get(`/api/invites/${code}`);
    expect(preview.json()).toMatchObject({
      invite_code: code,
      organization: { member_count: 1 },
      joined: false,
    });
    const accepted = await call(t.app, voter.cookie).post(`/api/invites/${code}/accept`);
    expect(accepted.json().status).toBe("joined");
  });

  it("turns joins into requests the admin approves or declines when approval is required", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}/settings`, {
      require_approval: true,
    });
    const [alice, bob] = [await createVoter(t.app), await createVoter(t.app)];

    for (const voter of [alice, bob]) {
      const pending = await call(t.app, voter.cookie).post(`/api/organizations/${admin.organizationId}/join`);
      expect(pending.json()).toMatchObject({ status: "pending", message: messages.joinRequested });
    }
    const requests = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/join-requests`)
    ).json().requests as Array<{ id: string; user_id: string }>;
    expect(requests.map((r) => r.user_id).sort()).toEqual([alice.id, bob.id].sort());
    expect(
      (await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/join-requests`))
        .statusCode,
    ).toBe(403);

    const aliceRequest = requests.find((r) => r.user_id === alice.id)?.id;
    const bobRequest = requests.find((r) => r.user_id === bob.id)?.id;
    expect(
      (await call(t.app, member.cookie).post(`/api/join-requests/${aliceRequest}/approve`)).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, admin.cookie).post(`/api/join-requests/${aliceRequest}/approve`)).statusCode,
    ).toBe(200);
    const published: BusMessage[] = [];
    const stop = t.app.context.bus.onMessage((message) => published.push(message));
    expect(
      (await call(t.app, admin.cookie).post(`/api/join-requests/${bobRequest}/decline`)).statusCode,
    ).toBe(200);
    // The requester hears it, and so do the other administrators' lists.
    const decision = { organization_id: admin.organizationId, request_id: bobRequest, status: "declined" };
    expect(published.map((m) => [m.topic, m.event, m.payload])).toEqual([
      [`user:${bob.id}`, "join_request.decided", decision],
      [`admins:${admin.organizationId}`, "join_request.decided", decision],
    ]);
    stop();
    expect(
      (await call(t.app, admin.cookie).post(`/api/join-requests/${bobRequest}/approve`)).statusCode,
    ).toBe(404);

    expect(
      (await call(t.app, alice.cookie).get(`/api/organizations/${admin.organizationId}`)).statusCode,
    ).toBe(200);
    expect((await call(t.app, bob.cookie).get(`/api/organizations/${admin.organizationId}`)).statusCode).toBe(
      404,
    );
  });
});

describe("invite links", () => {
  it("are random, revocable codes: a new code voids the old one", async () => {
    const admin = await createOrganization(t.app);
    const url = `/api/organizations/${admin.organizationId}`;
    const old = (await call(t.app, admin.cookie).get(url)).json().invite_code;
    const renewed = await call(t.app, admin.cookie).post(`${url}/invite-code`);
    expect(renewed.json().invite_code).not.toBe(old);
    const dead = await call(t.app).get(`/api/invites/${old}`);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().error.message).toBe(messages.invalidInvite);
  });

  it("say the viewer's request is pending, as search does, until an administrator decides", async () => {
    const admin = await createOrganization(t.app);
    const url = `/api/organizations/${admin.organizationId}`;
    await call(t.app, admin.cookie).patch(`${url}/settings`, { require_approval: true });
    const code = (await call(t.app, admin.cookie).get(url)).json().invite_code;
    const voter = await createVoter(t.app);
    const preview = () => call(t.app, voter.cookie).get(`/api/invites/${code}`);
    expect((await preview()).json()).toMatchObject({ joined: false, pending: false });

    const accepted = await call(t.app, voter.cookie).post(`/api/invites/${code}/accept`);
    expect(accepted.json()).toMatchObject({ status: "pending", message: messages.joinRequested });
    expect((await preview()).json()).toMatchObject({ joined: false, pending: true });
    const searched = (
      await call(t.app, voter.cookie).get(
        `/api/organizations/search?q=${encodeURIComponent(admin.input.organization)}`,
      )
    )
      .json()
      .organizations.find((o: { id: string }) => o.id === admin.organizationId);
    expect(searched).toMatchObject({ joined: false, pending: true });
    // The workspace's own list says so too (where it says "No Organization").
    const mine = async (cookie: string) => (await call(t.app, cookie).get("/api/organizations/mine")).json();
    expect((await mine(voter.cookie)).pending).toEqual([
      { id: admin.organizationId, name: admin.input.organization },
    ]);
    // Someone else's request is theirs alone.
    const other = await createVoter(t.app);
    expect((await call(t.app, other.cookie).get(`/api/invites/${code}`)).json().pending).toBe(false);
    expect((await mine(other.cookie)).pending).toEqual([]);

    const [request] = (await call(t.app, admin.cookie).get(`${url}/join-requests`)).json().requests;
    await call(t.app, admin.cookie).post(`/api/join-requests/${request.id}/approve`);
    expect((await preview()).json()).toMatchObject({ joined: true, pending: false });
    expect((await mine(voter.cookie)).pending).toEqual([]);
  });

  it("answer a malformed code with 'Invalid invite code format'", async () => {
    const response = await call(t.app).get("/api/invites/abc!");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.invalidInviteFormat);
  });

  it("cannot be renewed by a member", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const response = await call(t.app, member.cookie).post(
      `/api/organizations/${admin.organizationId}/invite-code`,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe("the current organization", () => {
  it("switches among the voter's own organizations only", async () => {
    const one = await createOrganization(t.app);
    const two = await createOrganization(t.app);
    const stranger = await createOrganization(t.app);
    const voter = await createMember(t.app, one.organizationId);
    await call(t.app, voter.cookie).post(`/api/organizations/${two.organizationId}/join`);
    const mine = (await call(t.app, voter.cookie).get("/api/organizations/mine")).json();
    expect(mine.organizations.map((o: { id: string }) => o.id)).toEqual([
      one.organizationId,
      two.organizationId,
    ]);
    expect(mine.current_id).toBe(two.organizationId);

    const switched = await call(t.app, voter.cookie).put("/api/organizations/current", {
      organization_id: one.organizationId,
    });
    expect(switched.json().current_id).toBe(one.organizationId);
    const refused = await call(t.app, voter.cookie).put("/api/organizations/current", {
      organization_id: stranger.organizationId,
    });
    expect(refused.statusCode).toBe(404);
  });
});
