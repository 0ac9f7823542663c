import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../contract/messages";
import { text } from "../web/src/features/workspace/text";
import { accountOn, type RunningE2eApp, startE2eApp } from "./app";
import { apiJson } from "./browser";
import { electionChannel, launchBrowser, PRESIDENTS, shot } from "./support";

/**
 * A server with no SMS provider (SMS_PROVIDER unset outside a demo server) sends no text message:
 * voters are not offered Phone, so none waits for a code that never comes, and an administrator is
 * not offered phone verification, told why (the server refuses it too: verification.test.ts).
 */
let browser: Browser;
let app: RunningE2eApp;
beforeAll(async () => {
  app = await startE2eApp({ noTextMessages: true, webDist: inject("webDist") });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("a server that sends no text messages", () => {
  it("offers voters no Phone code, and tells an administrator why phone verification cannot be switched on", async () => {
    const admin = await accountOn(app, browser, "organizations", "Efua Admin", "vs-secret12");
    const voter = await accountOn(app, browser, "voters", "Yaw Voter", "vs-secret12");
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      admin.ctx,
      "GET",
      "/api/organizations/mine",
    );
    await apiJson(voter.ctx, "POST", `/api/organizations/${organizationId}/join`);
    const { channel, election } = await electionChannel(
      admin.ctx,
      organizationId,
      "no-texts-vote",
      PRESIDENTS,
    );
    const query = `?channelId=${channel.id}&channelName=${channel.name}`;

    // Phone verification is not offered, and says why: in the channel's settings and on a new channel.
    const page = await admin.ctx.newPage();
    await page.goto(`/organization/election${query}`);
    await page
      .getByRole("complementary", { name: "Channels" })
      .getByRole("button", { name: `Options for ${channel.name}`, exact: true })
      .click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: `Settings: ${channel.name}` });
    await dialog.getByRole("tab", { name: text.securitySettings }).click();
    await dialog.getByText(messages.phoneCodesUnavailable).waitFor();
    expect(await dialog.getByRole("switch", { name: /Phone verification/ }).count()).toBe(0);
    expect(await dialog.getByRole("switch", { name: /Email verification/ }).count()).toBe(1);
    await shot(page, "no-text-messages-settings");
    await page.goto("/organization/create-channel?type=election");
    await page.getByText(messages.phoneCodesUnavailable).waitFor();
    expect(await page.getByRole("switch", { name: /Phone Verification/ }).count()).toBe(0);
    expect(await page.getByRole("switch", { name: /Email Verification/ }).count()).toBe(1);

    // Voting opens; the voter is offered National ID and Voter's Card, not Phone.
    await apiJson(admin.ctx, "POST", `/api/elections/${election.id}/open`);
    const ballot = await voter.ctx.newPage();
    await ballot.goto(`/member/election${query}`);
    await ballot.getByRole("tab", { name: "Cast Vote" }).click();
    await ballot.getByRole("radio", { name: /Ama Serwaa/ }).check();
    await ballot.getByRole("button", { name: "Submit Vote" }).click();
    const verification = ballot.getByRole("dialog", { name: "Voter Verification" });
    await verification.getByRole("radio", { name: /National ID/ }).waitFor();
    expect(await verification.getByRole("radio").count()).toBe(2);
    expect(await verification.getByRole("radio", { name: /Voter's Card/ }).count()).toBe(1);
    expect(await verification.getByRole("radio", { name: /Phone/ }).count()).toBe(0);
    await shot(ballot, "no-text-messages-methods");
  });
});
