import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Channel, DEFAULT_SECURITY_SETTINGS } from "../contract/channels";
import { type Election, electionMessages, type VerificationStart } from "../contract/elections";
import { VOTER_LIST_PROBLEMS } from "../contract/invitations";
import { messages } from "../contract/messages";
import { SEAL_MIN_VOTERS } from "../server/features/elections/sealing";
import { type ReceivedMail, startTestSmtp, type TestSmtp } from "../server/lib/outbox/test-fixtures/smtp";
import { accountOn, type RunningE2eApp, startE2eApp } from "./app";
import { apiJson, settle } from "./browser";
import { decoded, partOf, subjectOf } from "./mail";
import { day, email, launchBrowser, pause, shot, until } from "./support";

/**
 * Issue 15's "Done when", walked once as a new user meets it, with e-mail really leaving: this
 * journey starts a real SMTP server (the `smtp-server` package, plain SMTP on 127.0.0.1) and an app of
 * its own whose outbox worker sends every message there. Every code and link below is read from that
 * server's mailboxes, never from the developer outbox.
 */
let browser: Browser;
let smtp: TestSmtp;
let app: RunningE2eApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startE2eApp({ smtp: smtp.config, webDist: inject("webDist") });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

const PASSWORD = "vs-secret12";

/**
 * The roll is "every voter member" when voting opens: the two who accepted their invitation (Ama and
 * Kofi) and eleven voters who joined by hand. Participations turn "voted" only when a seal discloses
 * them, and a seal needs SEAL_MIN_VOTERS (10) ballots waiting: so Ama (in the browser) and nine of
 * the eleven (through the API) vote, ten ballots, one seal, ten disclosed. Those not disclosed are
 * then exactly Kofi and the two who did not vote: the reminder must reach those three and no one else
 * (not the ten, not the two invitees who never accepted, not the admin).
 */
const WALK_INS = 11;
const WALK_INS_WHO_VOTE = SEAL_MIN_VOTERS - 1;

const mailsTo = (address: string, subject: (s: string) => boolean) =>
  smtp.received.filter((m) => m.to === address && subject(subjectOf(m)));

/** The newest code the SMTP server received for `address` (a Voter's Card code). */
async function codeFor(address: string, election: string): Promise<string> {
  const isCode = (s: string) => s === `Your verification code for ${election}`;
  await smtp.waitFor(() => mailsTo(address, isCode).length > 0);
  const mail = mailsTo(address, isCode).at(-1) as ReceivedMail;
  const code = /verification code is:\s+(\d{6})\b/.exec(partOf(mail, "text/plain"))?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return code;
}

async function context(width = 1280): Promise<BrowserContext> {
  return browser.newContext({ baseURL: app.baseURL, viewport: { width, height: 900 } });
}

describe("reaching voters: the whole walk through a real SMTP server", () => {
  // The longest journey (a minute alone on 2 cores, more beside other files): twice the suite's timeout.
  it("import 5 (one bad), 4 invitations arrive, 2 accept, one votes with the e-mailed Voter's Card code, the reminder reaches exactly the others, a password reset arrives and works", {
    timeout: 300_000,
  }, async () => {
    // The admin, signed in in Chromium.
    const admin = await accountOn(app, browser, "organizations", "Efua Admin", PASSWORD);
    const organization = admin.input.organization as string;
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      admin.ctx,
      "GET",
      "/api/organizations/mine",
    );
    const owner = await admin.ctx.newPage();

    // 1. A CSV of five voters, one address broken, imported on the organization's profile.
    const good = ["Ama Owusu", "Kofi Mensah", "Esi Boateng", "Yaw Asante"].map((name) => ({
      name,
      email: email(name.split(" ")[0]?.toLowerCase() ?? "voter"),
    }));
    const [ama, kofi] = good;
    if (!ama || !kofi) throw new Error("no people");
    const csv = [
      "Full name,Email,Phone,ID type,ID number",
      ...good.map((p, i) => `${p.name},${p.email},+233 20 111 000${i + 1},,`),
      "Abena Broken,abena-at-example.org,,,",
    ].join("\r\n");
    await owner.goto("/organization/profile");
    await owner.getByRole("heading", { name: "Voter List" }).waitFor();
    await owner.getByLabel("Upload CSV").setInputFiles({
      name: "union-voters.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await owner.getByText("4 ready to invite, 1 with problems (not invited)").waitFor();
    const preview = owner.getByRole("table", { name: "Preview of union-voters.csv" });
    const bad = preview.getByRole("row").filter({ hasText: "abena-at-example.org" });
    await bad.getByText(VOTER_LIST_PROBLEMS.bad_email).waitFor();
    expect(await preview.getByRole("row").count()).toBe(6);
    await preview.scrollIntoViewIfNeeded();
    await shot(owner, "walk-01-csv-preview");

    // 2. The invitations go: exactly the four good rows receive one each, with a link.
    await owner.getByRole("button", { name: "Send invitations (4)" }).click();
    await owner.getByText("4 invitations sent; 1 row skipped.").waitFor();
    const isInvitation = (s: string) => s === `You've been invited to join ${organization}`;
    const invitations = () => smtp.received.filter((m) => isInvitation(subjectOf(m)));
    await smtp.waitFor(() => invitations().length >= 4);
    await pause(1500); // a moment more: nothing else arrives
    expect(
      invitations()
        .map((m) => m.to)
        .sort(),
    ).toEqual(good.map((p) => p.email).sort());
    const links = new Map<string, string>();
    for (const person of good) {
      const [mail] = mailsTo(person.email, isInvitation);
      if (!mail) throw new Error(`no invitation for ${person.email}`);
      const text = partOf(mail, "text/plain");
      expect(text).toContain(`Efua Admin invited you to join ${organization}`);
      expect(text).toContain(`${organization} added this address to its voter list`);
      const link = /https?:\/\/\S+\/invitation\/[\w-]+/.exec(text)?.[0];
      if (!link) throw new Error(`no invitation link in the mail to ${person.email}`);
      expect(partOf(mail, "text/html")).toContain(link);
      links.set(person.email, link);
    }
    expect(new Set(links.values()).size).toBe(4);
    // The admin's table follows the outbox: each invitation Delivered (the SMTP server accepted it).
    const table = owner.getByRole("table", { name: "Invitations and their states" });
    await expect
      .poll(
        async () => {
          await owner.reload();
          await settle(owner);
          return table.locator("tbody").getByText("Delivered", { exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(4);
    await table.scrollIntoViewIfNeeded();
    await shot(owner, "walk-02-invitations-sent");
    // The invitation as a mail program shows its HTML part.
    const letter = await (await context(720)).newPage();
    const amaInvitation = mailsTo(ama.email, isInvitation)[0] as ReceivedMail;
    await letter.setContent(partOf(amaInvitation, "text/html"));
    await shot(letter, "walk-03-invitation-mail");
    await letter.context().close();

    // 3. Ama and Kofi accept from their links in their own browsers: new accounts, in the organization.
    const accepted: Record<string, BrowserContext> = {};
    for (const [index, person] of [ama, kofi].entries()) {
      const link = links.get(person.email) as string;
      expect(link.startsWith(app.baseURL)).toBe(true);
      const ctx = await context();
      const page = await ctx.newPage();
      await page.goto(link);
      await page.getByRole("heading", { name: `Join ${organization}` }).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(person.email);
      expect(await page.getByLabel("Full Name").inputValue()).toBe(person.name);
      await page.getByLabel("Password").fill(PASSWORD);
      if (!(await page.getByLabel("Phone Number").inputValue()))
        await page.getByLabel("Phone Number").fill(`+233 20 111 000${index + 1}`);
      await page.getByLabel("ID Number").fill(`GHA-WALK-${index + 1}`);
      if (index === 0) await shot(page, "walk-04-accept-invitation");
      await page.getByRole("button", { name: "Create Account and Join" }).click();
      await page.getByText(`Welcome to ${organization}! You are now a member.`).waitFor();
      await page.waitForURL(/\/member/);
      await page.getByText(organization).first().waitFor();
      await settle(page);
      if (index === 0) await shot(page, "walk-05-joined-workspace");
      const mine = await apiJson<{ current_id: string }>(ctx, "GET", "/api/organizations/mine");
      expect(mine.current_id).toBe(organizationId);
      accepted[person.email] = ctx;
    }
    await owner.reload();
    await settle(owner);
    await expect.poll(() => table.getByText("Accepted", { exact: true }).count()).toBe(2);
    await table.scrollIntoViewIfNeeded();
    await shot(owner, "walk-06-two-accepted");

    // 4. Eleven more voters join by hand; the election's channel verifies by the Voter's Card e-mail code.
    const walkIns = [];
    for (let i = 0; i < WALK_INS; i++) {
      const voter = await accountOn(
        app,
        browser,
        "voters",
        `Walk-in ${String.fromCharCode(65 + i)}`,
        PASSWORD,
      );
      await apiJson(voter.ctx, "POST", `/api/organizations/${organizationId}/join`);
      walkIns.push(voter);
    }
    const { channel } = await apiJson<{ channel: Channel }>(admin.ctx, "POST", "/api/channels", {
      organization_id: organizationId,
      name: "union-board",
      type: "election",
      description: "The union's board",
      security_settings: { ...DEFAULT_SECURITY_SETTINGS, emailVerification: true },
      voting_settings: {
        startDate: day(1),
        endDate: day(3),
        candidates: [
          { name: "Adwoa Badu", party: "Progress", position: "president", image: "/favicon.svg" },
          { name: "Kwesi Appiah", party: "Unity", position: "president", image: "/favicon.svg" },
        ],
      },
    });
    const upcoming = await apiJson<Election>(admin.ctx, "GET", `/api/channels/${channel.id}/election`);
    expect(upcoming.verification_methods).toEqual(["voters_card"]);
    const election = await apiJson<Election>(admin.ctx, "POST", `/api/elections/${upcoming.id}/open`);
    expect(election.total_voters).toBe(WALK_INS + 2);
    const [president] = election.positions;
    if (!president) throw new Error("no position");
    // "Voting is open" reaches the roll: the two who accepted and the eleven, not the two who did not accept.
    const roll = [ama.email, kofi.email, ...walkIns.map((v) => v.input.email)].sort();
    const isOpenNotice = (s: string) => s === `Voting is open: ${channel.name}`;
    const openNotices = () => smtp.received.filter((m) => isOpenNotice(subjectOf(m)));
    await smtp.waitFor(() => openNotices().length >= roll.length);
    expect(
      openNotices()
        .map((m) => m.to)
        .sort(),
    ).toEqual(roll);

    // 5. Ama votes in Chromium, verifying with the code the SMTP server received for her.
    const amaCtx = accepted[ama.email] as BrowserContext;
    const voting = await amaCtx.newPage();
    await voting.goto(`/member/election?channelId=${channel.id}&channelName=${channel.name}`);
    await voting.getByRole("tab", { name: "Cast Vote" }).click();
    await voting.getByRole("radio", { name: /Adwoa Badu/ }).check();
    await voting.getByRole("button", { name: "Submit Vote" }).click();
    const dialog = voting.getByRole("dialog", { name: "Voter Verification" });
    await dialog.getByRole("radio", { name: /Voter's Card/ }).check();
    expect(await dialog.getByRole("radio").count()).toBe(1);
    await shot(voting, "walk-07-verification-method");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Send code" }).click();
    await dialog.getByText(/We sent a 6-digit code to .+\. It is valid for 5 minutes\./).waitFor();
    const code = await codeFor(ama.email, channel.name);
    await dialog.getByLabel("6-digit code").fill(code);
    await shot(voting, "walk-08-code-entered");
    await dialog.getByRole("button", { name: "Verify" }).click();
    await dialog.getByText("Identity verified").waitFor();
    await dialog.waitFor({ state: "detached" });
    await voting.getByText(electionMessages.voteCast).first().waitFor();
    await voting.locator(".VoteReceipt_receiptCode").waitFor();
    await shot(voting, "walk-09-vote-receipt");

    // Nine walk-ins vote too (their codes also by e-mail), so one seal discloses ten.
    for (const [i, voter] of walkIns.slice(0, WALK_INS_WHO_VOTE).entries()) {
      const start = await apiJson<VerificationStart>(
        voter.ctx,
        "POST",
        `/api/elections/${election.id}/verification`,
        { method: "voters_card" },
      );
      expect(start.status).toBe("code_sent");
      const verified = await apiJson<VerificationStart>(
        voter.ctx,
        "POST",
        `/api/elections/${election.id}/verification/confirm`,
        { method: "voters_card", code: await codeFor(voter.input.email, channel.name) },
      );
      if (verified.status !== "verified") throw new Error("not verified");
      await apiJson(voter.ctx, "POST", `/api/elections/${election.id}/ballots`, {
        grant_id: verified.grant_id,
        selections: [{ position_id: president.id, candidate_id: president.candidates[i % 2]?.id }],
      });
    }
    await until(
      () => apiJson<Election>(admin.ctx, "GET", `/api/elections/${election.id}`),
      (e) => e.votes_cast === SEAL_MIN_VOTERS,
      "the seal disclosing the ten",
    );

    // 6. The admin reminds those who have not voted: Kofi and the two walk-ins who did not vote.
    await owner.goto(`/organization/election?channelId=${channel.id}&channelName=${channel.name}`);
    const remind = owner.getByRole("button", { name: "Remind those who have not voted" });
    await remind.waitFor();
    await remind.scrollIntoViewIfNeeded();
    await remind.click();
    const confirm = owner.getByRole("dialog", { name: "Remind those who have not voted?" });
    await confirm.getByText("3 voters on the roll are not shown as voted yet").waitFor();
    await shot(owner, "walk-10-remind-confirm");
    await confirm.getByRole("button", { name: "Send Reminder" }).click();
    await owner.getByText("Reminder sent: 3 e-mails, 3 direct messages.").waitFor();
    await shot(owner, "walk-11-reminder-sent");
    const isReminder = (s: string) => s.startsWith(`Reminder: voting in ${channel.name} closes `);
    const reminders = () => smtp.received.filter((m) => isReminder(subjectOf(m)));
    await smtp.waitFor(() => reminders().length >= 3);
    await pause(1500); // a moment more: nothing else arrives
    const others = [kofi.email, ...walkIns.slice(WALK_INS_WHO_VOTE).map((v) => v.input.email)];
    expect(
      reminders()
        .map((m) => m.to)
        .sort(),
    ).toEqual(others.sort());
    const reminder = partOf(mailsTo(kofi.email, isReminder)[0] as ReceivedMail, "text/plain");
    expect(reminder).toContain(`/member/election?channelId=${channel.id}`);
    expect(reminder).not.toMatch(/Adwoa Badu|Kwesi Appiah/);

    // 7. Kofi forgets his password: asked for in the browser, the mail arrives, its link sets a new one.
    const forgotCtx = await context();
    const forgot = await forgotCtx.newPage();
    await forgot.goto("/forgot-password");
    await forgot.getByLabel("Email").fill(kofi.email);
    await forgot.getByRole("button", { name: "Send Reset Link" }).click();
    await settle(forgot);
    await shot(forgot, "walk-12-reset-asked");
    const isReset = (s: string) => s === "Reset your Votespace password";
    await smtp.waitFor(() => mailsTo(kofi.email, isReset).length === 1);
    const resetMail = mailsTo(kofi.email, isReset)[0] as ReceivedMail;
    const resetLink = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(partOf(resetMail, "text/plain"))?.[0];
    if (!resetLink) throw new Error(`no reset link in ${decoded(resetMail.raw)}`);
    await forgot.goto(resetLink);
    await forgot.getByLabel("New Password").fill("tide-anchor9");
    await forgot.getByRole("button", { name: "Set Password" }).click();
    await forgot.getByText(messages.resetDone).waitFor();
    await shot(forgot, "walk-13-reset-done");
    // The link worked once: opened again, it says so at once, with no form to fill in for nothing.
    await forgot.goto(resetLink);
    await forgot.getByText(messages.resetInvalid).waitFor();
    expect(await forgot.getByLabel("New Password").count()).toBe(0);
    await forgot.getByRole("link", { name: "Ask for a new link" }).waitFor();
    // The new password signs in, on the sign-in page, into the organization's workspace.
    await forgot.goto("/signin");
    await forgot.getByLabel("Email").fill(kofi.email);
    await forgot.getByLabel("Password").fill("tide-anchor9");
    await forgot.getByRole("button", { name: "Sign In" }).click();
    await forgot.waitForURL(/\/member/);
    await forgot.getByText(organization).first().waitFor();
    await settle(forgot);
    await shot(forgot, "walk-14-signed-in-new-password");
    // The reminder's direct message waits in his workspace too.
    expect((await apiJson<{ total: number }>(forgotCtx, "GET", "/api/chat/unread")).total).toBe(1);
    const oldPassword = await forgot.request.post("/api/session", {
      data: { email: kofi.email, password: PASSWORD },
    });
    expect(oldPassword.status()).toBe(401);
  });
});
