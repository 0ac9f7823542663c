import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelMessages } from "../../../contract/channels";
import { messages } from "../../../contract/messages";
import { organizationMemberships, securityAlerts } from "../../db/schema";
import { electionChannel } from "../../test/elections";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const members = (organizationId: string) =>
  t.database.db
    .select()
    .from(organizationMemberships)
    .where(eq(organizationMemberships.organizationId, organizationId));

const alertsOf = (organizationId: string) =>
  t.database.db
    .select()
    .from(securityAlerts)
    .where(
      and(eq(securityAlerts.organizationId, organizationId), eq(securityAlerts.type, "duplicate_identity")),
    );

const join = (cookie: string, organizationId: string) =>
  call(t.app, cookie).post(`/api/organizations/${organizationId}/join`);

describe("one person, one place on the roll", () => {
  it("holds a second account with the same ID number for the administrator and raises an alert", async () => {
    const admin = await createOrganization(t.app);
    const first = await createMember(t.app, admin.organizationId, {
      id_number: "GHA-5550001",
      full_name: "Real Kwame",
    });
    // Same number, written differently: the hash is of the normalized number.
    const copies = await Promise.all(
      ["GHA5550001", "gha 5550001", "GHA-555-0001"].map((id_number) =>
        createVoter(t.app, { id_number, full_name: "Copy Kwame" }),
      ),
    );
    for (const copy of copies) {
      const answer = await join(copy.cookie, admin.organizationId);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().status).toBe("pending");
      // The requester is not told whose number it is.
      expect(answer.body).not.toContain("Real Kwame");
    }
    const roll = await members(admin.organizationId);
    expect(roll.map((m) => m.userId).sort()).toEqual([admin.id, first.id].sort());

    const requests = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/join-requests`)
    ).json().requests;
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.same_id_number_as).toEqual({ user_id: first.id, full_name: "Real Kwame" });
    }
    const alerts = await alertsOf(admin.organizationId);
    expect(alerts).toHaveLength(3);
    expect(alerts[0]).toMatchObject({ severity: "high", rule: "duplicate_identity", sessionId: null });
    // The monitoring screen lists it.
    const listed = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/monitoring`)
    ).json();
    expect(JSON.stringify(listed)).toContain("duplicate_identity");

    // Asking again raises nothing new.
    expect((await join(copies[0]?.cookie ?? "", admin.organizationId)).json().status).toBe("pending");
    expect(await alertsOf(admin.organizationId)).toHaveLength(3);

    // Approving a held request gives the number to the requester: the account that held it leaves.
    const held = requests[0];
    const approved = await call(t.app, admin.cookie).post(`/api/join-requests/${held.id}/approve`);
    expect(approved.statusCode).toBe(200);
    let after = await members(admin.organizationId);
    expect(after.map((m) => m.userId).sort()).toEqual([admin.id, held.user_id].sort());
    expect(after.find((m) => m.userId === held.user_id)?.voterIdHash).toBeTruthy();
    // The administrator declines another copy: it stays out.
    const next = requests[1];
    expect((await call(t.app, admin.cookie).post(`/api/join-requests/${next.id}/decline`)).statusCode).toBe(
      200,
    );
    after = await members(admin.organizationId);
    expect(after.some((m) => m.userId === next.user_id)).toBe(false);
    expect(after.some((m) => m.userId === first.id)).toBe(false);
  });

  it("refuses to approve an ordinary request that meets a member's ID number only now, and marks it", async () => {
    const admin = await createOrganization(t.app);
    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}/settings`, {
      require_approval: true,
    });
    const id_number = `LATE${Date.now() % 1000000}`;
    const early = await createVoter(t.app, { id_number, full_name: "Early Asker" });
    expect((await join(early.cookie, admin.organizationId)).json().status).toBe("pending");
    // Another account with the number gets in meanwhile (approval off for a moment).
    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}/settings`, {
      require_approval: false,
    });
    const sneaky = await createMember(t.app, admin.organizationId, { id_number, full_name: "Sneaky Joiner" });
    const [request] = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/join-requests`)
    ).json().requests;
    expect(request.same_id_number_as).toBeNull();
    const refused = await call(t.app, admin.cookie).post(`/api/join-requests/${request.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.sameIdNumberOnRoll);
    const roll = await members(admin.organizationId);
    expect(roll.some((m) => m.userId === early.id)).toBe(false);
    const [marked] = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/join-requests`)
    ).json().requests;
    expect(marked.same_id_number_as).toEqual({ user_id: sneaky.id, full_name: "Sneaky Joiner" });
    expect(await alertsOf(admin.organizationId)).toHaveLength(1);
  });

  it("does not hold the same ID number in another organization", async () => {
    const one = await createOrganization(t.app);
    const two = await createOrganization(t.app);
    await createMember(t.app, one.organizationId, { id_number: "KEN0000777" });
    await createMember(t.app, two.organizationId, { id_number: "KEN0000888" });
    const again = await createVoter(t.app, { id_number: "KEN0000777" });
    expect((await join(again.cookie, two.organizationId)).json().status).toBe("joined");
  });

  it("lets only one of two accounts with one ID number in when they join at once", async () => {
    for (let round = 0; round < 3; round++) {
      const admin = await createOrganization(t.app);
      const id_number = `RACE${round}${Date.now() % 100000}`;
      const twins = await Promise.all([createVoter(t.app, { id_number }), createVoter(t.app, { id_number })]);
      const answers = await Promise.all(twins.map((twin) => join(twin.cookie, admin.organizationId)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.json().status).sort()).toEqual(["joined", "pending"]);
      const roll = await members(admin.organizationId);
      expect(roll.filter((m) => m.userId !== admin.id)).toHaveLength(1);
      expect(await alertsOf(admin.organizationId)).toHaveLength(1);
    }
  });

  it("holds the database to it: a second membership with the same ID number hash is refused", async () => {
    const admin = await createOrganization(t.app);
    const first = await createMember(t.app, admin.organizationId);
    const [row] = await members(admin.organizationId).then((rows) =>
      rows.filter((r) => r.userId === first.id),
    );
    const other = await createVoter(t.app);
    await expect(
      t.database.db.insert(organizationMemberships).values({
        organizationId: admin.organizationId,
        userId: other.id,
        role: "member",
        voterIdHash: row?.voterIdHash,
      }),
    ).rejects.toThrow();
  });
});

describe("approval for organizations that run elections", () => {
  it("turns on with the first election; the admin may turn it off and later elections leave it", async () => {
    const admin = await createOrganization(t.app);
    const url = `/api/organizations/${admin.organizationId}`;
    expect((await call(t.app, admin.cookie).get(url)).json().require_approval).toBe(false);
    expect((await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).statusCode).toBe(
      201,
    );
    expect((await call(t.app, admin.cookie).get(url)).json().require_approval).toBe(true);

    const voter = await createVoter(t.app);
    expect((await join(voter.cookie, admin.organizationId)).json().status).toBe("pending");

    await call(t.app, admin.cookie).patch(`${url}/settings`, { require_approval: false });
    expect((await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).statusCode).toBe(
      201,
    );
    expect((await call(t.app, admin.cookie).get(url)).json().require_approval).toBe(false);
  });

  it("tells the administrator in the creation's answer, only when the setting was turned on", async () => {
    const admin = await createOrganization(t.app, { organization: "Lakeside Tenants" });
    const create = (body: object) => call(t.app, admin.cookie).post("/api/channels", body);

    const text = await create({ name: "lobby", type: "text" });
    expect(text.json().notice).toBeUndefined();

    // Approval off (the default): the first election turns it on, and the answer says so.
    const first = await create(electionChannel(t.clock));
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(messages.channelCreated(first.json().channel.name));
    expect(first.json().notice).toBe(channelMessages.approvalTurnedOn("Lakeside Tenants"));

    // A later election changes nothing: nothing to say.
    const url = `/api/organizations/${admin.organizationId}`;
    await call(t.app, admin.cookie).patch(`${url}/settings`, { require_approval: false });
    expect((await create(electionChannel(t.clock))).json().notice).toBeUndefined();
  });

  it("says nothing when approval was already on at the first election", async () => {
    const admin = await createOrganization(t.app);
    const url = `/api/organizations/${admin.organizationId}`;
    await call(t.app, admin.cookie).patch(`${url}/settings`, { require_approval: true });
    const first = await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock));
    expect(first.statusCode).toBe(201);
    expect(first.json().notice).toBeUndefined();
    expect((await call(t.app, admin.cookie).get(url)).json().require_approval).toBe(true);
  });
});
