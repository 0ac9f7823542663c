/**
 * Voter lists through the real app: the preview, the sending, every fate of a link, and the log.
 * Over 300 lines because the cases share one set of helpers (send, linkTo, overview, account).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_DAYS, voterListMessages } from "../../../contract/invitations";
import { invitations, outbox } from "../../db/schema";
import { createMember, createOrganization, createVoter, uniqueEmail } from "../../test/factories";
import { call } from "../../test/http";
import { sessionCookie, type TestApp, testApp } from "../../test/support";

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await testApp({ logger: { level: "trace", stream: { write: (line) => void lines.push(line) } } });
});
afterAll(() => t.close());

const csvOf = (rows: string[][]) =>
  `\uFEFFFull name,Email,Phone,ID type,ID number\r\n${rows.map((r) => r.join(",")).join("\r\n")}\r\n`;

/** The link of the newest invitation e-mail to this address. */
async function linkTo(email: string): Promise<string> {
  const message = await t.outbox.lastTo(email);
  expect(message?.kind).toBe("invitation");
  const link = message?.text.match(/https?:\/\/\S+\/invitation\/([\w-]+)/);
  if (!link?.[1]) throw new Error(`no invitation link in ${message?.text}`);
  return link[1];
}

async function send(admin: { cookie: string; organizationId: string }, rows: string[][]) {
  const response = await call(t.app, admin.cookie).post(
    `/api/organizations/${admin.organizationId}/voter-lists`,
    { filename: "voters.csv", csv: csvOf(rows) },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const overview = async (admin: { cookie: string; organizationId: string }) =>
  (await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/invitations`)).json();

const account = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  full_name: "Efua Mensah",
  password: "vs-secret12",
  phone_number: "+233 20 000 0000",
  id_type: "National ID",
  id_number: "GHA-1234",
  ...overrides,
});

describe("voter list preview", () => {
  it("shows each row's problems: bad e-mail, duplicate, already a member, already invited, missing name", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const invited = uniqueEmail("invited");
    await send(admin, [["Yaw", invited, "", "", ""]]);
    const good = uniqueEmail("good");
    const response = await call(t.app, admin.cookie).post(
      `/api/organizations/${admin.organizationId}/voter-lists/preview`,
      {
        filename: "v.csv",
        csv: csvOf([
          ['"Mensah, Efua"', good, "+233 20 555 0111", "Passport", "P1"],
          ["Kofi", "kofi@@bad", "", "", ""],
          ["Efua twice", good.toUpperCase(), "", "", ""],
          ["Member", member.input.email, "", "", ""],
          ["Yaw", invited, "", "", ""],
          ["", uniqueEmail(), "", "", ""],
        ]),
      },
    );
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.rows.map((r: { problems: string[] }) => r.problems)).toEqual([
      [],
      ["bad_email"],
      ["duplicate"],
      ["member"],
      ["invited"],
      ["missing_name"],
    ]);
    expect(preview.rows[0]).toMatchObject({
      full_name: "Mensah, Efua",
      id_type: "Passport",
      has_id_number: true,
    });
    expect(JSON.stringify(preview)).not.toContain("P1");
    expect(preview).toMatchObject({ good: 1, bad: 5 });
  });

  it("is for the organization's administrators only, and refuses a file without the columns", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const other = await createOrganization(t.app);
    const url = `/api/organizations/${admin.organizationId}/voter-lists/preview`;
    const body = { filename: "v.csv", csv: csvOf([["A", uniqueEmail(), "", "", ""]]) };
    expect((await call(t.app, member.cookie).post(url, body)).statusCode).toBe(403);
    expect((await call(t.app, other.cookie).post(url, body)).statusCode).toBe(404);
    const bad = await call(t.app, admin.cookie).post(url, { filename: "v.csv", csv: "Name\nAma" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(voterListMessages.header);
  });
});

describe("sending invitations", () => {
  it("queues one e-mail per good row with the invitation, saying when the link expires; the token is kept only hashed", async () => {
    const admin = await createOrganization(t.app);
    const emails = [uniqueEmail("a"), uniqueEmail("b")];
    const sent = await send(admin, [
      ["Ama", emails[0] as string, "", "", ""],
      ["Kofi", "bad-address", "", "", ""],
      ["Esi", emails[1] as string, "", "", ""],
    ]);
    expect(sent).toMatchObject({ sent: 2, skipped: 1 });
    const message = await t.outbox.lastTo(emails[0] as string);
    expect(message?.subject).toContain(admin.input.organization);
    expect(message?.text).toContain("It works once, until");
    const token = await linkTo(emails[0] as string);
    const { rows } = (await t.database.db.execute(
      `select token_hash from invitations where email = '${emails[0]}'`,
    )) as {
      rows: Array<{ token_hash: string }>;
    };
    expect(rows[0]?.token_hash).not.toContain(token);
    const list = await overview(admin);
    expect(list.lists).toMatchObject([{ name: "voters.csv", invited: 2, joined: 0 }]);
    expect(list.invitations.map((i: { state: string }) => i.state)).toEqual(["sent", "sent"]);
  });

  it("shows delivered, failed, and refused for now from the outbox message's state", async () => {
    const admin = await createOrganization(t.app);
    const [a, b, c] = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    await send(admin, [
      ["Ama", a, "", "", ""],
      ["Esi", b, "", "", ""],
      ["Kofi", c, "", "", ""],
    ]);
    // The mail server refused for now: waiting to be tried again, with its reason.
    await t.database.db
      .update(outbox)
      .set({ lastError: "451 try again later" })
      .where(eq(outbox.recipient, c));
    await t.database.db.update(outbox).set({ state: "sent" }).where(eq(outbox.recipient, a));
    await t.database.db
      .update(outbox)
      .set({ state: "failed", lastError: "550 mailbox unavailable" })
      .where(eq(outbox.recipient, b));
    const states = Object.fromEntries(
      (await overview(admin)).invitations.map((i: { email: string; state: string; failure: string }) => [
        i.email,
        [i.state, i.failure],
      ]),
    );
    expect(states).toEqual({
      [a]: ["delivered", null],
      [b]: ["failed", "550 mailbox unavailable"],
      [c]: ["sent", "451 try again later"],
    });
  });
});

describe("an invitation link", () => {
  it("creates a new person's account already joined to the organization, and works once", async () => {
    const admin = await createOrganization(t.app);
    const email = uniqueEmail("new");
    await send(admin, [["Efua Mensah", email, "+233 20 555 0188", "National ID", "GHA-1234"]]);
    const token = await linkTo(email);

    const opened = await call(t.app).get(`/api/invitation/${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ email, full_name: "Efua Mensah", account_exists: false });

    const created = await call(t.app).post("/api/invitations/account", account(token));
    expect(created.statusCode, created.body).toBe(201);
    const cookie = sessionCookie(created);
    const session = (await call(t.app, cookie).get("/api/session")).json();
    expect(session.profile).toMatchObject({
      email,
      organization_id: admin.organizationId,
      user_type: "voter",
    });
    const members = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/members`)
    ).json();
    expect(members.members.some((m: { email: string }) => m.email === email)).toBe(true);
    expect((await overview(admin)).invitations[0]).toMatchObject({ state: "accepted" });

    const again = await call(t.app).post(
      "/api/invitations/account",
      account(token, { full_name: "Someone" }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(voterListMessages.invitationUsed);
    expect((await call(t.app).get(`/api/invitation/${token}`)).json().error.message).toBe(
      voterListMessages.invitationUsed,
    );
  });

  it("makes accounts for every invited voter of one address (an office); made-up tokens still run out", async () => {
    const limits = t.app.context.limits as { registerPerIp: { max: number; windowSeconds: number } };
    const before = limits.registerPerIp;
    const admin = await createOrganization(t.app);
    const emails = [uniqueEmail("office"), uniqueEmail("office"), uniqueEmail("office")];
    await send(
      admin,
      emails.map((email, i) => [`Voter ${i}`, email, "", "National ID", `GHA-100${i}`]),
    );
    limits.registerPerIp = { max: 2, windowSeconds: 3600 };
    try {
      const fromOffice = (payload: object) =>
        t.app.inject({
          method: "POST",
          url: "/api/invitations/account",
          payload,
          remoteAddress: "203.0.113.77",
        });
      for (const [i, email] of emails.entries()) {
        const made = await fromOffice(account(await linkTo(email), { id_number: `GHA-100${i}` }));
        expect(made.statusCode, made.body).toBe(201);
      }
      const guesses = [];
      for (let i = 0; i < 3; i++) guesses.push((await fromOffice(account(`made-up-${i}`))).statusCode);
      expect(guesses.slice(0, 2)).not.toContain(429);
      expect(guesses[2]).toBe(429);
    } finally {
      limits.registerPerIp = before;
    }
  });

  it("refuses a new account whose ID number is not the list's, and changes nothing", async () => {
    const admin = await createOrganization(t.app);
    const email = uniqueEmail("new");
    await send(admin, [["Efua", email, "", "National ID", "GHA-1234"]]);
    const token = await linkTo(email);
    const wrong = await call(t.app).post(
      "/api/invitations/account",
      account(token, { id_number: "GHA-9999" }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: voterListMessages.idNumberMismatch,
      field: "id_number",
    });
    expect((await call(t.app).get(`/api/invitation/${token}`)).statusCode).toBe(200);
  });

  it("lets an existing account join after signing in, and refuses another account", async () => {
    const admin = await createOrganization(t.app);
    const invited = await createVoter(t.app);
    const stranger = await createVoter(t.app);
    await send(admin, [["Invited", invited.input.email, "", "", ""]]);
    const token = await linkTo(invited.input.email);
    expect((await call(t.app).get(`/api/invitation/${token}`)).json().account_exists).toBe(true);

    expect((await call(t.app).post("/api/invitations/accept", { token })).statusCode).toBe(401);
    const refused = await call(t.app, stranger.cookie).post("/api/invitations/accept", { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(voterListMessages.wrongAccount(invited.input.email));
    const taken = await call(t.app).post("/api/invitations/account", account(token));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(voterListMessages.accountExists);

    const accepted = await call(t.app, invited.cookie).post("/api/invitations/accept", { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ organization_id: admin.organizationId });
    const mine = (await call(t.app, invited.cookie).get("/api/organizations/mine")).json();
    expect(JSON.stringify(mine)).toContain(admin.organizationId);
  });

  it("refuses an organization account: a voter list invites voters, and it could never be on a roll", async () => {
    const admin = await createOrganization(t.app);
    const other = await createOrganization(t.app);
    await send(admin, [["Other Union", other.input.email, "", "", ""]]);
    const token = await linkTo(other.input.email);
    const refused = await call(t.app, other.cookie).post("/api/invitations/accept", { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(voterListMessages.notVoterAccount);
    const mine = (await call(t.app, other.cookie).get("/api/organizations/mine")).json();
    expect(JSON.stringify(mine)).not.toContain(admin.organizationId);
  });

  it("joins even where joins wait for approval: the administrator invited them", async () => {
    const admin = await createOrganization(t.app);
    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}/settings`, {
      require_approval: true,
    });
    const invited = await createVoter(t.app);
    await send(admin, [["Invited", invited.input.email, "", "", ""]]);
    const accepted = await call(t.app, invited.cookie).post("/api/invitations/accept", {
      token: await linkTo(invited.input.email),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("dies when it expires", async () => {
    const admin = await createOrganization(t.app);
    const email = uniqueEmail("late");
    await send(admin, [["Late", email, "", "", ""]]);
    const token = await linkTo(email);
    const [invitation] = (await overview(admin)).invitations;
    expect(new Date(invitation.expires_at).getTime() - t.clock.now().getTime()).toBe(
      INVITATION_DAYS * 86_400_000,
    );
    // The link's end, reached (the sessions' clock is left alone).
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(invitations.id, invitation.id));
    const late = await call(t.app).post("/api/invitations/account", account(token));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(voterListMessages.invitationExpired);
    expect((await overview(admin)).invitations[0].state).toBe("expired");
  });

  it("dies when revoked", async () => {
    const admin = await createOrganization(t.app);
    const email = uniqueEmail("revoked");
    await send(admin, [["Gone", email, "", "", ""]]);
    const token = await linkTo(email);
    const [invitation] = (await overview(admin)).invitations;
    const revoked = await call(t.app, admin.cookie).post(`/api/invitations/${invitation.id}/revoke`);
    expect(revoked.json().message).toBe(voterListMessages.revoked(email));
    const used = await call(t.app).post("/api/invitations/account", account(token));
    expect(used.json().error.message).toBe(voterListMessages.invitationRevoked);
    const after = await overview(admin);
    expect(after.invitations[0].state).toBe("revoked");
    expect(after.invitations[0].revoked_at).not.toBeNull();
    // The list counts the invitations that stand: the address may be invited again, a row of its own.
    expect(after.lists[0].invited).toBe(0);
    // Its e-mail had not left yet (tests run no outbox worker): it never will.
    expect((await t.outbox.lastTo(email))?.state).toBe("failed");
    expect(
      (await call(t.app, admin.cookie).post(`/api/invitations/${invitation.id}/resend`)).statusCode,
    ).toBe(400);
  });

  it("resent: a new link works and the old one is dead, saying it was replaced", async () => {
    const admin = await createOrganization(t.app);
    const other = await createOrganization(t.app);
    const email = uniqueEmail("resent");
    await send(admin, [["Again", email, "", "", ""]]);
    const oldToken = await linkTo(email);
    const [invitation] = (await overview(admin)).invitations;
    expect(
      (await call(t.app, other.cookie).post(`/api/invitations/${invitation.id}/resend`)).statusCode,
    ).toBe(404);
    const resent = await call(t.app, admin.cookie).post(`/api/invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const newToken = await linkTo(email);
    expect(newToken).not.toBe(oldToken);
    expect((await t.outbox.to(email)).map((m) => m.state)).toEqual(["failed", "queued"]);
    // The old link says it was replaced (opened, or used to make an account), not "not valid".
    const old = await call(t.app).get(`/api/invitation/${oldToken}`);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe(voterListMessages.invitationReplaced);
    const withOld = await call(t.app).post("/api/invitations/account", account(oldToken));
    expect(withOld.json().error.message).toBe(voterListMessages.invitationReplaced);
    expect((await call(t.app).get("/api/invitation/not-a-link-at-all")).json().error.message).toBe(
      voterListMessages.invitationInvalid,
    );
    // A link lengthened past what any token is, by a bad copy or by hand: the same words.
    for (const length of [201, 250, 1000])
      expect((await call(t.app).get(`/api/invitation/${"x".repeat(length)}`)).json().error.message).toBe(
        voterListMessages.invitationInvalid,
      );
    const created = await call(t.app).post("/api/invitations/account", account(newToken));
    expect(created.statusCode).toBe(201);
  });

  it("resent and revoked at once: only the e-mail of the link that lives could leave", async () => {
    const admin = await createOrganization(t.app);
    const email = uniqueEmail("racing");
    await send(admin, [["Race", email, "", "", ""]]);
    const [invitation] = (await overview(admin)).invitations;
    const press = (what: string) =>
      call(t.app, admin.cookie).post(`/api/invitations/${invitation.id}/${what}`);
    const answers = await Promise.all([press("resend"), press("resend"), press("resend"), press("revoke")]);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 400)).toBe(true);
    const states = (await t.outbox.to(email)).map((m) => m.state);
    const revoked = (await overview(admin)).invitations[0].state === "revoked";
    // Every replaced or withdrawn e-mail is dropped; the one a live link points at may still go.
    expect(states.filter((state) => state === "queued")).toHaveLength(revoked ? 0 : 1);
  });

  it("never reaches a log line, nor does the e-mail link", async () => {
    const all = lines.join("\n");
    expect(all.length).toBeGreaterThan(1000);
    const tokens = [...all.matchAll(/invitation\/([\w-]{20,})/g)];
    expect(tokens).toEqual([]);
    expect(all).not.toMatch(/\/invitation\/[\w-]{20,}/);
    expect(all).toContain("/api/invitation/…");
  });
});
