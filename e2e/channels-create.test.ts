import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Channel, channelMessages } from "../contract/channels";
import { messages } from "../contract/messages";
import { launchBrowser, newPage, registerOrganization, registerVoter, shot, signInAs } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A date n days from today as YYYY-MM-DD. */
function day(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toISOString().slice(0, 10);
}

describe("create channel", () => {
  it("an admin creates a text channel: success message, back to /organization after 2 s, channel listed", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    await page.goto("/organization/create-channel");
    await page.getByRole("heading", { name: "Channel Details" }).waitFor();
    await page.getByLabel("Channel Name").fill("town-hall");
    await page.getByLabel("Description").fill("Questions for the committee");
    await page.getByRole("radio", { name: /^Text/ }).check();
    await shot(page, "create-channel-text-filled");
    await page.getByRole("button", { name: "Create Channel" }).click();
    await page.getByText(messages.channelCreated("town-hall")).waitFor();
    expect(await page.getByLabel("Channel Name").inputValue()).toBe("");
    await shot(page, "create-channel-text-success");
    await page.waitForURL((url) => url.pathname === "/organization", { timeout: 5000 });
    await page
      .getByRole("link", { name: /town-hall/ })
      .first()
      .waitFor();
    await context.close();
  });

  it("an admin creates an election channel with two candidates for two positions", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    await page.goto("/organization/create-channel?type=election");
    await page.getByRole("heading", { name: "Voting Settings" }).waitFor();
    const create = page.getByRole("button", { name: "Create Channel" });
    await page.getByLabel("Channel Name").fill("student-council-2026");
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByText(messages.votingPeriodRequired).isVisible()).toBe(true);
    expect(await page.getByText(messages.candidateRequired).isVisible()).toBe(true);
    expect(await page.getByLabel("Start Time").inputValue()).toBe("08:00");
    expect(await page.getByLabel("End Time").inputValue()).toBe("18:00");
    await page.getByLabel("Start Date").fill(day(1));
    await page.getByLabel("End Date").fill(day(3));

    const candidates = [
      { name: "Ama Serwaa", party: "Progress Party", position: "President" },
      { name: "Kwame Asante", party: "Unity Alliance", position: "Senator" },
    ];
    for (const [index, candidate] of candidates.entries()) {
      await page.getByRole("button", { name: "Add Candidate" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Candidate" });
      const add = dialog.getByRole("button", { name: "Add", exact: true });
      await dialog.getByLabel("Candidate Name").fill(candidate.name);
      await dialog.getByLabel("Political Party").fill(candidate.party);
      await dialog.getByLabel("Position").selectOption({ label: candidate.position });
      expect(await add.isDisabled()).toBe(true);
      await dialog.getByLabel("Candidate Image URL").fill(`https://example.org/candidate-${index}.jpg`);
      if (index === 0) await shot(page, "create-channel-candidate-modal");
      await add.click();
      await dialog.waitFor({ state: "detached" });
    }
    await page.getByRole("heading", { name: "President" }).waitFor();
    await page.getByRole("heading", { name: "Senator" }).waitFor();
    expect(await page.getByText("Candidates (2)").isVisible()).toBe(true);
    await shot(page, "create-channel-election-filled");
    expect(await create.isDisabled()).toBe(false);

    // A start already past: said as soon as it is chosen, in the organization's time zone, beside the
    // dates, and Create stays off until it is changed (said once; the server refuses such a start too).
    await page.getByLabel("Start Date").fill(day(-1));
    await page.getByRole("status").filter({ hasText: messages.votingStartPast }).waitFor();
    await expect.poll(() => create.isDisabled()).toBe(true);
    expect(await page.getByText(messages.votingStartPast).count()).toBe(1);
    await shot(page, "create-channel-start-past");
    await page.getByLabel("Start Date").fill(day(1));
    await expect.poll(() => create.isDisabled()).toBe(false);

    await create.click();
    await page.getByText(messages.channelCreated("student-council-2026")).waitFor();
    // The blank form left behind asks for nothing beside the success.
    expect(await page.getByText(messages.votingPeriodRequired).count()).toBe(0);
    expect(await page.getByText(messages.candidateRequired).count()).toBe(0);
    // The organization's first election turned Require Admin Approval on: said beside the message,
    // and again on the workspace home it leads to.
    const approvalOn = channelMessages.approvalTurnedOn(admin.organization);
    expect(await page.getByRole("status").filter({ hasText: approvalOn }).isVisible()).toBe(true);
    await shot(page, "create-channel-election-approval-on");
    await page.waitForURL((url) => url.pathname === "/organization", { timeout: 5000 });
    await page.getByRole("status").filter({ hasText: approvalOn }).waitFor();
    await page
      .getByRole("link", { name: /student-council-2026/ })
      .first()
      .waitFor();

    const mine = await (await context.request.get("/api/organizations/mine")).json();
    const { channels } = (await (
      await context.request.get(`/api/organizations/${mine.current_id}/channels`)
    ).json()) as { channels: Channel[] };
    const election = channels.find((c) => c.name === "student-council-2026");
    expect(election?.type).toBe("election");
    expect(election?.voting_settings?.candidates.map((c) => c.position).sort()).toEqual([
      "president",
      "senator",
    ]);
    await context.close();
  });

  it("caps the name at 50 characters and requires it; a taken name shows the server's message", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    await page.goto("/organization/create-channel");
    const name = page.getByLabel("Channel Name");
    const create = page.getByRole("button", { name: "Create Channel" });
    expect(await create.isDisabled()).toBe(true);
    await name.fill("x".repeat(60));
    expect(await name.inputValue()).toHaveLength(50);
    expect(await page.getByText("50/50").isVisible()).toBe(true);
    await name.fill("   ");
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByText(messages.channelNameRequired).isVisible()).toBe(true);
    await shot(page, "create-channel-name-required");

    await name.fill("general-chat");
    await create.click();
    await page.getByText(messages.channelCreated("general-chat")).waitFor();
    await name.fill("general-chat");
    await create.click();
    await page.getByText(messages.createChannelFailed + messages.channelNameTaken("general-chat")).waitFor();
    await context.close();
  });

  it("a voter may create public text channels only: election and private are locked", async () => {
    const admin = await registerOrganization();
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    const mine = await (await context.request.get("/api/organizations/mine")).json();
    const profile = await (await context.request.get(`/api/organizations/${mine.current_id}`)).json();
    await context.clearCookies();
    await signInAs(context, voter);
    await context.request.post(`/api/invites/${profile.invite_code}/accept`);

    await page.goto("/member/create-channel?type=election");
    await page.getByRole("heading", { name: "Channel Details" }).waitFor();
    expect(await page.getByRole("radio", { name: /Election/ }).isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: /Text/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Private Channel/ }).isDisabled()).toBe(true);
    await shot(page, "create-channel-voter");
    await page.getByLabel("Channel Name").fill("study-group");
    await page.getByRole("button", { name: "Create Channel" }).click();
    await page.getByText(messages.channelCreated("study-group")).waitFor();
    await page.waitForURL((url) => url.pathname === "/member", { timeout: 5000 });
    await context.close();
  });
});
