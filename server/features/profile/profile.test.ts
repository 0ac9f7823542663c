// Over 300 lines: the voter profile's API cases (contact edits, activity, password, two-factor) share one app.
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { ACTIVITY_PAGE_SIZE, ID_HASH_SHOWN, profileMessages } from "../../../contract/profile";
import { users } from "../../db/schema";
import { electionChannel, electionOfChannel } from "../../test/elections";
import { createMember, createOrganization, createVoter, joinApproved, signIn } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A member who verified with their National ID and voted for two positions in an open election. */
async function voterWhoVoted() {
  const owner = await createOrganization(t.app, { organization: "Profile Union" });
  const member = await createMember(t.app, owner.organizationId, {
    full_name: "Efua Mensah",
    id_number: "GHA777888",
  });
  const channel = (await call(t.app, owner.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const draft = await electionOfChannel(t.app, owner.cookie, channel.id);
  const election = (await call(t.app, owner.cookie).post(`/api/elections/${draft.id}/open`)).json();
  const as = call(t.app, member.cookie);
  const verified = await as.post(`/api/elections/${election.id}/verification`, {
    method: "national_id",
    id_number: "GHA777888",
  });
  expect(verified.statusCode).toBe(200);
  const [president, senator] = election.positions;
  const chosen = [president.candidates[1], senator.candidates[0]];
  const cast = await as.post(`/api/elections/${election.id}/ballots`, {
    grant_id: verified.json().grant_id,
    selections: [
      { position_id: president.id, candidate_id: chosen[0].id },
      { position_id: senator.id, candidate_id: chosen[1].id },
    ],
  });
  expect(cast.statusCode).toBe(201);
  return { owner, member, channel, election, chosen, as };
}

describe("the profile", () => {
  it("must refuse anonymous callers on every profile endpoint", async () => {
    for (const url of ["/api/profile", "/api/profile/activity", "/api/profile/polling-stations"]) {
      expect((await call(t.app).get(url)).statusCode, url).toBe(401);
    }
    expect((await call(t.app).post("/api/account/password", {})).statusCode).toBe(401);
  });

  it("shows the user's own facts: the ID hash to 16 characters, no 'Verified Voter' before a verification", async () => {
    const voter = await createVoter(t.app, { full_name: "Kwesi Boateng", phone_number: "+233 20 111 2222" });
    const response = await call(t.app, voter.cookie).get("/api/profile");
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, voter.id));
    expect(response.json().profile).toEqual({
      id: voter.id,
      full_name: "Kwesi Boateng",
      email: voter.input.email,
      phone_number: "+233 20 111 2222",
      avatar_url: "",
      role: "voter",
      id_type: "National ID",
      id_hash_prefix: row?.voterIdHash?.slice(0, ID_HASH_SHOWN),
      created_at: row?.createdAt.toISOString(),
      organization_id: null,
      organization_name: null,
      verified_voter: false,
      verified_at: null,
      two_factor_enabled: false,
    });
    expect(response.json().profile.id_hash_prefix).toHaveLength(16);
  });

  it("persists edits of name and phone", async () => {
    const voter = await createVoter(t.app);
    const as = call(t.app, voter.cookie);
    t.clock.advance(60_000);
    const saved = await as.patch("/api/profile", {
      full_name: "New Name",
      phone_number: "+1 555 0199",
      current_password: voter.input.password,
    });
    expect(saved.statusCode).toBe(200);
    const profile = (await as.get("/api/profile")).json().profile;
    expect(profile).toMatchObject({ full_name: "New Name", phone_number: "+1 555 0199" });
    // Recent Activity says so, once, newest first; saving the same name again is no change.
    const kinds = async () =>
      ((await as.get("/api/profile/activity")).json().items as Array<{ kind: string; title: string }>).map(
        (item) => item.kind,
      );
    expect(await kinds()).toEqual(["updated_contact", "registered"]);
    const [edited] = (await as.get("/api/profile/activity")).json().items;
    expect(edited.title).toBe("Updated contact information");
    t.clock.advance(60_000);
    await as.patch("/api/profile", { full_name: "New Name" });
    expect((await as.get("/api/profile/activity")).json().items[0].at).toBe(edited.at);
    // Nothing visible is no name: blanks, zero-width spaces and joiners, a direction mark.
    for (const full_name of ["  ", "\u200b\u200b\u200b", "\u2060 \u200f"]) {
      const refused = await as.patch("/api/profile", { full_name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(messages.fullNameRequired);
    }
    // A direction override shows other text than is stored: refused as every input refuses it.
    const override = await as.patch("/api/profile", { full_name: "Ama \u202eigam" });
    expect(override.json().error.message).toBe(messages.textNotAllowed);
    // A phone number text messages cannot reach is refused in words.
    const phone = await as.patch("/api/profile", {
      phone_number: "not a phone at all!!",
      current_password: voter.input.password,
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.message).toBe(messages.phoneInvalid);
    // The same number typed in full width is no change: no password asked, kept as it was.
    const same = await as.patch("/api/profile", { phone_number: "＋１ ５５５ ０１９９" });
    expect(same.statusCode, same.body).toBe(200);
    expect((await as.get("/api/profile")).json().profile.full_name).toBe("New Name");
  });

  it("reads Recent Activity a page at a time, newest first, so it never grows without end", async () => {
    const voter = await createVoter(t.app);
    const organizations = await Promise.all(
      Array.from({ length: ACTIVITY_PAGE_SIZE + 2 }, (_, i) =>
        createOrganization(t.app, { organization: `Paged Union ${i}` }),
      ),
    );
    for (const organization of organizations)
      await joinApproved(t.app, voter.cookie, organization.organizationId);
    const as = call(t.app, voter.cookie);
    const first = (await as.get("/api/profile/activity")).json();
    expect(first).toMatchObject({ page: 0, has_more: true });
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    const second = (await as.get("/api/profile/activity?page=1")).json();
    expect(second).toMatchObject({ page: 1, has_more: false });
    // Seven joins and the registration: eight events, none on both pages, the registration last.
    expect(second.items).toHaveLength(3);
    expect(second.items.at(-1).kind).toBe("registered");
    const keys = [...first.items, ...second.items].map((item: { title: string }) => item.title);
    expect(new Set(keys).size).toBe(ACTIVITY_PAGE_SIZE + 3);
    expect((await as.get("/api/profile/activity?page=-1")).statusCode).toBe(400);
  });

  it("keeps the memberships that ended: joined, then left or removed, with the organization's name", async () => {
    const voter = await createVoter(t.app);
    const left = await createOrganization(t.app, { organization: "Harbor Cooperative" });
    const removing = await createOrganization(t.app, { organization: "Quay Union" });
    await joinApproved(t.app, voter.cookie, left.organizationId);
    await joinApproved(t.app, voter.cookie, removing.organizationId);
    const as = call(t.app, voter.cookie);
    expect((await as.post(`/api/organizations/${left.organizationId}/leave`)).statusCode).toBe(200);
    t.clock.advance(1000);
    const removed = await call(t.app, removing.cookie).delete(
      `/api/organizations/${removing.organizationId}/members/${voter.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const activity = (await as.get("/api/profile/activity")).json().items as Array<{
      kind: string;
      title: string;
    }>;
    expect(activity.map((a) => a.title)).toEqual(
      expect.arrayContaining([
        "Joined Harbor Cooperative",
        "Left Harbor Cooperative",
        "Joined Quay Union",
        "Removed from Quay Union",
      ]),
    );
    expect(activity[0]?.title).toBe("Removed from Quay Union");
  });

  it("lists real activity newest first: registered, joined, verified, voted, and never a choice", async () => {
    const { member, election, chosen, as } = await voterWhoVoted();
    const activity = (await as.get("/api/profile/activity")).json().items as Array<{
      kind: string;
      title: string;
      detail: string;
      at: string;
    }>;
    expect(activity.map((a) => a.kind)).toEqual([
      "voted",
      "verified_identity",
      "joined_organization",
      "registered",
    ]);
    expect(activity[0]).toMatchObject({ title: `Voted in ${election.title}` });
    expect(activity[0]?.detail).toContain("2 positions");
    expect(activity[1]?.detail).toBe(`National ID for ${election.title}`);
    expect(activity[2]?.title).toBe("Joined Profile Union");
    const times = activity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);

    const profile = (await as.get("/api/profile")).json().profile;
    expect(profile).toMatchObject({ verified_voter: true, organization_name: "Profile Union" });

    const stations = (await as.get("/api/profile/polling-stations")).json().stations;
    expect(stations).toEqual([
      expect.objectContaining({ election_id: election.id, organization_name: "Profile Union", voted: true }),
    ]);

    // No profile answer names a candidate the voter chose (nor any candidate at all).
    const everything = JSON.stringify([activity, profile, stations, (await as.get("/api/session")).json()]);
    for (const candidate of [...election.positions[0].candidates, ...election.positions[1].candidates]) {
      expect(everything).not.toContain(candidate.id);
      expect(everything).not.toContain(candidate.name);
    }
    expect(everything).not.toMatch(/candidate/i);
    expect(chosen).toHaveLength(2);
    expect(member.id).toBe(profile.id);
  });
});

describe("changing the phone number (where Phone codes go)", () => {
  it("needs the current password: a session alone cannot redirect it, and the old addresses are told", async () => {
    const voter = await createVoter(t.app, { phone_number: "+233 20 000 1111" });
    const as = call(t.app, voter.cookie);
    const sessionOnly = await as.patch("/api/profile", { phone_number: "+44 7700 900123" });
    expect(sessionOnly.statusCode).toBe(400);
    expect(sessionOnly.json().error.message).toBe(profileMessages.contactPasswordRequired);
    const wrong = await as.patch("/api/profile", {
      phone_number: "+44 7700 900123",
      current_password: "nope-123",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(profileMessages.currentPasswordWrong);
    expect((await as.get("/api/profile")).json().profile.phone_number).toBe("+233 20 000 1111");

    const saved = await as.patch("/api/profile", {
      phone_number: "+44 7700 900123",
      current_password: voter.input.password,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.phone_number).toBe("+44 7700 900123");
    const told = [
      ...(await t.outbox.to(voter.input.email)),
      ...(await t.outbox.to("+233 20 000 1111")),
    ].filter((m) => m.kind === "phone_changed");
    expect(told.map((m) => m.to)).toEqual([voter.input.email, "+233 20 000 1111"]);
    expect(JSON.stringify(told)).not.toContain("7700");
    expect(await t.outbox.to("+44 7700 900123")).toEqual([]);
  });

  it("needs nothing more for a name, or for the same number sent back", async () => {
    const voter = await createVoter(t.app, { phone_number: "+1 555 0100" });
    const as = call(t.app, voter.cookie);
    const saved = await as.patch("/api/profile", {
      full_name: "Only The Name",
      phone_number: " +1 555 0100 ",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.full_name).toBe("Only The Name");
  });

  it("with two-factor on, needs the authenticator's code as well", async () => {
    const voter = await createVoter(t.app);
    const as = call(t.app, voter.cookie);
    const { secret } = (await as.post("/api/account/two-factor/setup")).json();
    const codeAt = (ms: number) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });
    expect(
      (await as.post("/api/account/two-factor/enable", { code: codeAt(t.clock.now().getTime()) })).statusCode,
    ).toBe(200);
    const change = { phone_number: "+1 555 0142", current_password: voter.input.password };
    const noCode = await as.patch("/api/profile", change);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toBe(messages.totpRequired);
    t.clock.advance(30_000);
    const withCode = await as.patch("/api/profile", { ...change, code: codeAt(t.clock.now().getTime()) });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().profile.phone_number).toBe("+1 555 0142");
  });
});

describe("changing the password", () => {
  it("requires the current password and a valid new one", async () => {
    const voter = await createVoter(t.app);
    const as = call(t.app, voter.cookie);
    const missing = await as.post("/api/account/password", { new_password: "newpass123" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(profileMessages.currentPasswordRequired);
    const wrong = await as.post("/api/account/password", {
      current_password: "not-it",
      new_password: "newpass123",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(profileMessages.currentPasswordWrong);
    const tooLong = await as.post("/api/account/password", {
      current_password: voter.input.password,
      new_password: "much-too-long-password",
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(messages.passwordLength);
  });

  it("ends the user's other sessions, keeps this one, and only the new password signs in", async () => {
    const voter = await createVoter(t.app);
    const otherDevice = await signIn(t.app, voter.input.email, voter.input.password);
    const changed = await call(t.app, voter.cookie).post("/api/account/password", {
      current_password: voter.input.password,
      new_password: "newpass123",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(profileMessages.passwordChanged);
    expect((await call(t.app, voter.cookie).get("/api/session")).statusCode).toBe(200);
    expect((await call(t.app, otherDevice).get("/api/session")).statusCode).toBe(401);
    const old = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: voter.input.email, password: voter.input.password },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: voter.input.email, password: "newpass123" },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("is throttled as sign-in is: one address guessing the current password is refused", async () => {
    const limited = await testApp({ limits: { signInPerAccountAddress: { max: 2, windowSeconds: 900 } } });
    try {
      const voter = await createVoter(limited.app);
      for (let i = 0; i < 2; i++) {
        const response = await call(limited.app, voter.cookie).post("/api/account/password", {
          current_password: "wrong-one",
          new_password: "newpass123",
        });
        expect(response.statusCode).toBe(403);
      }
      const blocked = await call(limited.app, voter.cookie).post("/api/account/password", {
        current_password: voter.input.password,
        new_password: "newpass123",
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("two-factor sign-in for voters", () => {
  it("enrols with a TOTP secret and a first code, and the profile says so", async () => {
    const voter = await createVoter(t.app);
    const as = call(t.app, voter.cookie);
    const setup = (await as.post("/api/account/two-factor/setup")).json();
    expect(setup.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 }).generate({
      timestamp: t.clock.now().getTime(),
    });
    expect((await as.post("/api/account/two-factor/enable", { code })).statusCode).toBe(200);
    expect((await as.get("/api/profile")).json().profile.two_factor_enabled).toBe(true);
  });
});
