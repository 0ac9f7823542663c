import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionMessages, electionServerMessages } from "../../../contract/elections";
import { messages } from "../../../contract/messages";
import { verificationMessages } from "../../../contract/verification-messages";
import { channels } from "../../db/schema";
import { electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** An open election with a voter (of this phone number), on this file's app or another (one that delivers fewer codes). */
async function setup(on: TestApp = t, phone = "+233 20 555 0177") {
  const admin = await createOrganization(on.app);
  const voter = await createMember(on.app, admin.organizationId, {
    id_number: "GHA-123456",
    phone_number: phone,
  });
  const channel = (await call(on.app, admin.cookie).post("/api/channels", electionChannel(on.clock))).json()
    .channel;
  const election = await electionOfChannel(on.app, admin.cookie, channel.id);
  await call(on.app, admin.cookie).post(`/api/elections/${election.id}/open`);
  const url = `/api/elections/${election.id}/verification`;
  return { admin, voter, election, url, as: call(on.app, voter.cookie) };
}

const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1] ?? "";

/** A phone code sent to a new voter: the code, one that is not it, and a try of either. */
async function phoneCodeSent() {
  const { url, as } = await setup();
  await as.post(url, { method: "phone" });
  const code = codeIn((await t.outbox.lastTo("+233 20 555 0177"))?.text);
  const wrongCode = code === "000000" ? "111111" : "000000";
  const attempt = async (tried: string): Promise<string> =>
    (await as.post(`${url}/confirm`, { method: "phone", code: tried })).json().error.message;
  return { code, wrongCode, attempt };
}

describe("National ID", () => {
  it("passes with the registered number and fails with any other, in the spec's words", async () => {
    const { url, as } = await setup();
    const wrong = await as.post(url, { method: "national_id", id_number: "GHA-654321" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(electionServerMessages.invalidId);
    const short = await as.post(url, { method: "national_id", id_number: "12345" });
    expect(short.json().error.message).toBe(electionServerMessages.invalidId);
    const ok = await as.post(url, { method: "national_id", id_number: "gha 123456" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "verified", grant_id: expect.any(String) });
  });
});

describe("Phone and Voter's Card codes", () => {
  it("are sent through the outbox, work once, and grant a vote", async () => {
    const { voter, url, as } = await setup();
    const sent = await as.post(url, { method: "phone" });
    expect(sent.json()).toMatchObject({ status: "code_sent" });
    const code = codeIn((await t.outbox.lastTo("+233 20 555 0177"))?.text);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await as.post(`${url}/confirm`, { method: "phone", code });
    expect(ok.json().status).toBe("verified");
    const reused = await as.post(`${url}/confirm`, { method: "phone", code });
    expect(reused.json().error.message).toBe(electionServerMessages.codeExpired);

    await as.post(url, { method: "voters_card" });
    expect(codeIn((await t.outbox.lastTo(voter.input.email))?.text)).toMatch(/^\d{6}$/);
  });

  it("die after 5 wrong tries", async () => {
    const { code, wrongCode, attempt } = await phoneCodeSent();
    for (let i = 0; i < 4; i++) expect(await attempt(wrongCode)).toBe(verificationMessages.invalidCode);
    // The fifth wrong try kills the code, and says so rather than inviting another.
    expect(await attempt(wrongCode)).toBe(electionServerMessages.codeExpired);
    expect(await attempt(code)).toBe(electionServerMessages.codeExpired);
  });

  it("die after 5 wrong tries made at once, too: no more than 4 are told to try again", async () => {
    const { code, wrongCode, attempt } = await phoneCodeSent();
    const told = await Promise.all(Array.from({ length: 12 }, () => attempt(wrongCode)));
    expect(told.filter((message) => message === verificationMessages.invalidCode)).toHaveLength(4);
    expect(told.filter((message) => message === electionServerMessages.codeExpired)).toHaveLength(8);
    expect(await attempt(code)).toBe(electionServerMessages.codeExpired);
  });

  it("expire after 5 minutes", async () => {
    const { url, as } = await setup();
    await as.post(url, { method: "phone" });
    const code = codeIn((await t.outbox.lastTo("+233 20 555 0177"))?.text);
    t.clock.advance(5 * 60_000 + 1);
    expect((await as.post(`${url}/confirm`, { method: "phone", code })).json().error.message).toBe(
      electionServerMessages.codeExpired,
    );
  });

  it("must be 6 digits", async () => {
    const { url, as } = await setup();
    expect((await as.post(`${url}/confirm`, { method: "phone", code: "12ab56" })).json().error.message).toBe(
      verificationMessages.invalidCode,
    );
  });
});

describe("verification", () => {
  it("is rate-limited per account", async () => {
    const limited = await testApp({ limits: { verifyPerAccount: { max: 2, windowSeconds: 900 } } });
    try {
      const admin = await createOrganization(limited.app);
      const voter = await createMember(limited.app, admin.organizationId);
      const channel = (
        await call(limited.app, admin.cookie).post("/api/channels", electionChannel(limited.clock))
      ).json().channel;
      const election = await electionOfChannel(limited.app, admin.cookie, channel.id);
      await call(limited.app, admin.cookie).post(`/api/elections/${election.id}/open`);
      const url = `/api/elections/${election.id}/verification`;
      const as = call(limited.app, voter.cookie);
      await as.post(url, { method: "national_id", id_number: "wrong-number" });
      await as.post(url, { method: "national_id", id_number: "wrong-number" });
      expect((await as.post(url, { method: "national_id", id_number: "wrong-number" })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("counts only failures against the account: a voter verifies in election after election", async () => {
    const limited = await testApp({ limits: { verifyPerAccount: { max: 2, windowSeconds: 900 } } });
    try {
      const admin = await createOrganization(limited.app);
      const voter = await createMember(limited.app, admin.organizationId, { id_number: "GHA-123456" });
      const as = call(limited.app, voter.cookie);
      for (let i = 0; i < 4; i++) {
        const channel = (
          await call(limited.app, admin.cookie).post("/api/channels", electionChannel(limited.clock))
        ).json().channel;
        const election = await electionOfChannel(limited.app, admin.cookie, channel.id);
        await call(limited.app, admin.cookie).post(`/api/elections/${election.id}/open`);
        const url = `/api/elections/${election.id}/verification`;
        const byId = await as.post(url, { method: "national_id", id_number: "GHA-123456" });
        expect(byId.json().status).toBe("verified");
        await as.post(url, { method: "voters_card" });
        const code = codeIn((await limited.outbox.lastTo(voter.input.email))?.text);
        const byCard = await as.post(`${url}/confirm`, { method: "voters_card", code });
        expect(byCard.json().status).toBe("verified");
      }
    } finally {
      await limited.close();
    }
  });

  it("is refused outside the voting window, grants nothing and costs no attempt", async () => {
    const limited = await testApp({ limits: { verifyPerAccount: { max: 1, windowSeconds: 900 } } });
    try {
      const admin = await createOrganization(limited.app);
      const voter = await createMember(limited.app, admin.organizationId, { id_number: "GHA-123456" });
      const as = call(limited.app, voter.cookie);
      const channel = (
        await call(limited.app, admin.cookie).post("/api/channels", electionChannel(limited.clock))
      ).json().channel;
      const election = await electionOfChannel(limited.app, admin.cookie, channel.id);
      const url = `/api/elections/${election.id}/verification`;
      for (let i = 0; i < 3; i++) {
        const early = await as.post(url, { method: "national_id", id_number: "GHA-123456" });
        expect(early.statusCode).toBe(403);
        expect(early.json().error.message).toBe(electionMessages.notOpen);
      }
      expect(await limited.outbox.lastTo(voter.input.email)).toBeUndefined();
      await as.post(url, { method: "voters_card" });
      expect(await limited.outbox.lastTo(voter.input.email)).toBeUndefined();
      await call(limited.app, admin.cookie).post(`/api/elections/${election.id}/close`);
      const late = await as.post(url, { method: "national_id", id_number: "GHA-123456" });
      expect(late.json().error.message).toBe(electionMessages.notOpen);
      // None of the refusals counted: once open (here: a new election), the first try is allowed.
      const next = (
        await call(limited.app, admin.cookie).post("/api/channels", electionChannel(limited.clock))
      ).json().channel;
      const open = await electionOfChannel(limited.app, admin.cookie, next.id);
      await call(limited.app, admin.cookie).post(`/api/elections/${open.id}/open`);
      const ok = await as.post(`/api/elections/${open.id}/verification`, {
        method: "national_id",
        id_number: "GHA-123456",
      });
      expect(ok.json().status).toBe("verified");
    } finally {
      await limited.close();
    }
  });

  it("is for voters of the organization only", async () => {
    const { admin, election, url } = await setup();
    expect((await call(t.app, admin.cookie).post(url, { method: "phone" })).statusCode).toBe(403);
    const stranger = await createMember(t.app, (await createOrganization(t.app)).organizationId);
    expect((await call(t.app, stranger.cookie).post(url, { method: "phone" })).statusCode).toBe(404);
    expect(election.id).toBeTruthy();
  });
});

describe("the channel's security settings", () => {
  it("limit the methods: with phone verification on, only Phone is offered", async () => {
    const admin = await createOrganization(t.app);
    const voter = await createMember(t.app, admin.organizationId, { id_number: "GHA-777777" });
    const channel = (
      await call(t.app, admin.cookie).post(
        "/api/channels",
        electionChannel(t.clock, { security_settings: { phoneVerification: true } }),
      )
    ).json().channel;
    const election = await electionOfChannel(t.app, admin.cookie, channel.id);
    expect(election.verification_methods).toEqual(["phone"]);
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/open`);
    const refused = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "GHA-777777",
    });
    expect(refused.json().error.message).toBe(electionServerMessages.methodUnavailable);
  });

  it("with two-factor on, refuse a vote from a voter without two-factor sign-in", async () => {
    const admin = await createOrganization(t.app);
    const voter = await createMember(t.app, admin.organizationId, { id_number: "GHA-888888" });
    const channel = (
      await call(t.app, admin.cookie).post(
        "/api/channels",
        electionChannel(t.clock, { security_settings: { twoFactor: true } }),
      )
    ).json().channel;
    const election = (
      await call(t.app, admin.cookie).post(
        `/api/elections/${(await electionOfChannel(t.app, admin.cookie, channel.id)).id}/open`,
      )
    ).json();
    expect(election.requires_two_factor).toBe(true);
    const verification = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "GHA-888888",
    });
    expect(verification.statusCode).toBe(403);
    expect(verification.json().error.message).toBe(electionMessages.twoFactorNeeded);
    // Even with a grant in hand (made directly), the cast itself refuses.
    const grant = await grantFor(t.database.db, t.clock, voter.id, election.id);
    const [president] = election.positions;
    const refused = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: grant,
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(electionMessages.twoFactorNeeded);
  });
});

describe("a server that sends no text messages (SMS_PROVIDER unset)", () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await testApp({ config: { delivery: { email: { kind: "outbox" }, sms: { kind: "none" } } } });
  });
  afterAll(() => quiet.close());

  it("offers no Phone code, and refuses one asked for: no voter waits for a text that never comes", async () => {
    // A number of its own: the test database's outbox is shared with this file's other app.
    const { election, url, as } = await setup(quiet, "+233 20 555 0188");
    expect(election.verification_methods).toEqual(["national_id", "voters_card"]);
    const asked = await as.post(url, { method: "phone" });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.message).toBe(electionServerMessages.methodUnavailable);
    expect(await quiet.outbox.lastTo("+233 20 555 0188")).toBeUndefined();
  });

  it("refuses to switch phone verification on, for a new channel and an existing one, and saves nothing", async () => {
    const admin = await createOrganization(quiet.app);
    const as = call(quiet.app, admin.cookie);
    const created = await as.post(
      "/api/channels",
      electionChannel(quiet.clock, { security_settings: { phoneVerification: true } }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe(messages.phoneCodesUnavailable);
    const channel = (
      await as.post(
        "/api/channels",
        electionChannel(quiet.clock, { security_settings: { emailVerification: true } }),
      )
    ).json().channel;
    const turnedOn = await as.patch(`/api/channels/${channel.id}`, {
      security_settings: { ...channel.security_settings, phoneVerification: true },
    });
    expect(turnedOn.statusCode).toBe(400);
    expect(turnedOn.json().error.message).toBe(messages.phoneCodesUnavailable);
    const kept = (await as.get(`/api/channels/${channel.id}`)).json().security_settings;
    expect(kept).toMatchObject({ emailVerification: true, phoneVerification: false });
    expect((await as.get("/api/channels/delivered-codes")).json()).toEqual({ email: true, phone: false });
  });

  it("keeps phone verification on a channel that had it, and saves its other switches", async () => {
    const admin = await createOrganization(quiet.app);
    const as = call(quiet.app, admin.cookie);
    const channel = (await as.post("/api/channels", electionChannel(quiet.clock))).json().channel;
    // Switched on while the server still sent text messages.
    const hadPhone = { ...channel.security_settings, phoneVerification: true };
    await quiet.database.db
      .update(channels)
      .set({ securitySettings: hadPhone })
      .where(eq(channels.id, channel.id));
    const saved = await as.patch(`/api/channels/${channel.id}`, {
      security_settings: { ...hadPhone, twoFactor: true },
      security_version: channel.security_version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().channel.security_settings).toMatchObject({
      twoFactor: true,
      phoneVerification: true,
    });
  });
});

describe("a server that sends no e-mail (SMTP_HOST unset outside a demo server)", () => {
  let unmailed: TestApp;
  beforeAll(async () => {
    unmailed = await testApp({ config: { delivery: { email: { kind: "none" }, sms: { kind: "outbox" } } } });
  });
  afterAll(() => unmailed.close());

  it("offers no Voter's Card code and refuses one asked for, and refuses to switch e-mail verification on", async () => {
    const { admin, voter, election, url, as } = await setup(unmailed);
    const refused = await call(unmailed.app, admin.cookie).post(
      "/api/channels",
      electionChannel(unmailed.clock, { security_settings: { emailVerification: true } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.emailCodesUnavailable);
    expect(election.verification_methods).toEqual(["national_id", "phone"]);
    const before = (await unmailed.outbox.to(voter.input.email)).length;
    const asked = await as.post(url, { method: "voters_card" });
    expect(asked.json().error.message).toBe(electionServerMessages.methodUnavailable);
    expect(await unmailed.outbox.to(voter.input.email)).toHaveLength(before);
  });
});
