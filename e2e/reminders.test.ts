import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Channel } from "../contract/channels";
import type { Election, VerificationStart } from "../contract/elections";
import { messages } from "../contract/messages";
import { startTestSmtp, type TestSmtp } from "../server/lib/outbox/test-fixtures/smtp";
import { accountOn, type RunningE2eApp, startE2eApp } from "./app";
import { apiJson, signInAs } from "./browser";
import { decoded, subjectOf } from "./mail";
import { day, launchBrowser, shot, until } from "./support";

/**
 * Issue 15, item 4, as a voter and an administrator meet it: e-mail really leaves, to a real SMTP
 * server (smtp-server, started here) through this journey's own app and its outbox worker.
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

const VOTERS = 12; // ten voters' ballots make a seal: their "voted" is disclosed while voting is open
const PASSWORD = "vs-secret12";

async function context(width = 1280): Promise<BrowserContext> {
  return browser.newContext({ baseURL: app.baseURL, viewport: { width, height: 900 } });
}

const account = (kind: "voters" | "organizations", name: string) =>
  accountOn(app, browser, kind, name, PASSWORD);

describe("reminders and e-mail through a real SMTP server", () => {
  it("the admin reminds those who have not voted: the mails arrive for exactly them; a password reset arrives and its link works", async () => {
    const admin = await account("organizations", "Kofi Admin");
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      admin.ctx,
      "GET",
      "/api/organizations/mine",
    );
    const voters = [];
    for (let i = 0; i < VOTERS; i++) {
      const voter = await account("voters", `Voter ${String.fromCharCode(65 + i)}`);
      await apiJson(voter.ctx, "POST", `/api/organizations/${organizationId}/join`);
      voters.push(voter);
    }
    const { channel } = await apiJson<{ channel: Channel }>(admin.ctx, "POST", "/api/channels", {
      organization_id: organizationId,
      name: "board-vote",
      type: "election",
      description: "The board of the union",
      voting_settings: {
        startDate: day(1),
        endDate: day(3),
        candidates: [
          { name: "Ama Serwaa", party: "Progress", position: "president", image: "/favicon.svg" },
          { name: "Kojo Mensah", party: "Unity", position: "president", image: "/favicon.svg" },
        ],
      },
    });
    const upcoming = await apiJson<Election>(admin.ctx, "GET", `/api/channels/${channel.id}/election`);
    const election = await apiJson<Election>(admin.ctx, "POST", `/api/elections/${upcoming.id}/open`);
    const [president] = election.positions;
    if (!president) throw new Error("no position");

    // Ten vote (their participation is disclosed by the seal of their batch); two do not.
    const voted = voters.slice(0, 10);
    const notYet = voters.slice(10);
    for (const [i, voter] of voted.entries()) {
      const start = await apiJson<VerificationStart>(
        voter.ctx,
        "POST",
        `/api/elections/${election.id}/verification`,
        { method: "national_id", id_number: voter.input.id_number },
      );
      if (start.status !== "verified") throw new Error("not verified");
      await apiJson(voter.ctx, "POST", `/api/elections/${election.id}/ballots`, {
        grant_id: start.grant_id,
        selections: [{ position_id: president.id, candidate_id: president.candidates[i % 2]?.id }],
      });
    }
    await until(
      () => apiJson<Election>(admin.ctx, "GET", `/api/elections/${election.id}`),
      (e) => e.votes_cast === 10,
      "the seal disclosing the ten",
    );
    // "Voting open" went to all twelve, through the SMTP server.
    await smtp.waitFor(
      () => smtp.received.filter((m) => subjectOf(m).startsWith("Voting is open")).length === VOTERS,
    );

    const page = await admin.ctx.newPage();
    await page.goto(`/organization/election?channelId=${channel.id}&channelName=${channel.name}`);
    const remind = page.getByRole("button", { name: "Remind those who have not voted" });
    await remind.waitFor();
    await remind.scrollIntoViewIfNeeded();
    await shot(page, "reminders-config-1280");
    await remind.click();
    const dialog = page.getByRole("dialog", { name: "Remind those who have not voted?" });
    await dialog.getByText("2 voters on the roll are not shown as voted yet").waitFor();
    await shot(page, "reminders-confirm-1280");
    await dialog.getByRole("button", { name: "Send Reminder" }).click();
    await page.getByText("Reminder sent: 2 e-mails, 2 direct messages.").waitFor();
    await page.getByText(/A reminder was sent .*The next can be sent at/).waitFor();
    expect(await remind.isDisabled()).toBe(true);

    const reminders = () => smtp.received.filter((m) => subjectOf(m).startsWith("Reminder: voting in"));
    await smtp.waitFor(() => reminders().length >= 2);
    // A moment more: nothing else arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      reminders()
        .map((m) => m.to)
        .sort(),
    ).toEqual(notYet.map((v) => v.input.email).sort());
    const text = decoded(reminders()[0]?.raw ?? "");
    expect(text).toContain(`/member/election?channelId=${channel.id}`);
    expect(text).not.toMatch(/Ama Serwaa|Kojo Mensah/);

    // The direct message arrived in the workspace of one who has not voted.
    const reminded = notYet[0];
    if (!reminded) throw new Error("no voter");
    const unread = await apiJson<{ total: number }>(reminded.ctx, "GET", "/api/chat/unread");
    expect(unread.total).toBe(1);
    // The reminder's link opens the election on its Cast Vote tab.
    const voteLink = text.match(/https?:\/\/\S+\/member\/election\?\S+/)?.[0] ?? "";
    expect(voteLink).toContain("tab=vote");
    const linked = await reminded.ctx.newPage();
    await linked.goto(voteLink);
    await linked.getByRole("tab", { name: "Cast Vote", selected: true }).waitFor();
    await linked.close();

    // The same screen on a phone's width.
    const narrow = await context(390);
    await signInAs(narrow, admin.input);
    const phone = await narrow.newPage();
    await phone.goto(`/organization/election?channelId=${channel.id}&channelName=${channel.name}`);
    await phone.getByRole("button", { name: "Channel Configuration" }).click();
    const narrowRemind = phone.getByRole("button", { name: "Remind those who have not voted" });
    await narrowRemind.scrollIntoViewIfNeeded();
    await shot(phone, "reminders-config-390");

    // The voter's own setting, on the settings page.
    const settings = await reminded.ctx.newPage();
    await settings.goto("/member/settings");
    await settings.getByRole("switch", { name: "Election Notices" }).waitFor();
    await shot(settings, "reminders-settings-1280");
    const narrowVoter = await context(390);
    await signInAs(narrowVoter, reminded.input);
    const narrowSettings = await narrowVoter.newPage();
    await narrowSettings.goto("/member/settings");
    const electionNotices = narrowSettings.getByRole("switch", { name: "Election Notices" });
    await electionNotices.scrollIntoViewIfNeeded();
    await shot(narrowSettings, "reminders-settings-390");

    // A password reset: asked for in the browser, the mail arrives, its link works.
    const forgot = await (await context()).newPage();
    await forgot.goto("/forgot-password");
    await forgot.getByLabel("Email").fill(reminded.input.email);
    await forgot.getByRole("button", { name: "Send Reset Link" }).click();
    const resets = () =>
      smtp.received.filter(
        (m) => m.to === reminded.input.email && subjectOf(m) === "Reset your Votespace password",
      );
    await smtp.waitFor(() => resets().length === 1);
    const link = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(decoded(resets()[0]?.raw ?? ""))?.[0];
    if (!link) throw new Error("no reset link in the mail");
    await forgot.goto(link);
    await forgot.getByLabel("New Password").fill("tide-anchor9");
    await forgot.getByRole("button", { name: "Set Password" }).click();
    await forgot.getByText(messages.resetDone).waitFor();
    await shot(forgot, "reminders-reset-done-1280");
    // The new password signs in; the old one no longer does.
    const signInWith = async (password: string) =>
      (
        await forgot.request.post("/api/session", { data: { email: reminded.input.email, password } })
      ).status();
    expect(await signInWith("tide-anchor9")).toBe(200);
    expect(await signInWith(PASSWORD)).toBe(401);
  });
});
