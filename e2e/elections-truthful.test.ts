import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Channel, channelPath } from "../contract/channels";
import { type Election, electionMessages, electionServerMessages } from "../contract/elections";
import { messages } from "../contract/messages";
import { words as boardWords } from "../web/src/features/elections/bulletinText";
import {
  apiJson,
  day,
  launchBrowser,
  newPage,
  organizationWithVoter,
  registerVoter,
  shot,
  signInAs,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An upcoming election channel with one race for president. */
async function upcomingElection(owner: BrowserContext, organizationId: string, name: string) {
  const { channel } = await apiJson<{ channel: Channel }>(owner, "POST", "/api/channels", {
    organization_id: organizationId,
    name,
    type: "election",
    voting_settings: {
      startDate: day(1),
      endDate: day(3),
      candidates: [
        { name: "Ama Serwaa", party: "Progress Party", position: "president", image: "/favicon.svg" },
        { name: "Kojo Mensah", party: "Unity Alliance", position: "president", image: "/favicon.svg" },
        { name: "Esi Badu", party: "Green Coalition", position: "president", image: "/favicon.svg" },
      ],
    },
  });
  const election = await apiJson<Election>(owner, "GET", `/api/channels/${channel.id}/election`);
  return { channel, election, query: `?channelId=${channel.id}&channelName=${channel.name}` };
}

/** Verifies by National ID and casts a ballot through the API (this browser keeps no receipt). */
async function voteByApi(context: BrowserContext, election: Election, idNumber: string, candidate: string) {
  const grant = await apiJson<{ grant_id: string }>(
    context,
    "POST",
    `/api/elections/${election.id}/verification`,
    { method: "national_id", id_number: idNumber },
  );
  const position = election.positions[0];
  const chosen = position?.candidates.find((c) => c.name === candidate);
  if (!position || !chosen) throw new Error("no such candidate");
  await apiJson(context, "POST", `/api/elections/${election.id}/ballots`, {
    grant_id: grant.grant_id,
    selections: [{ position_id: position.id, candidate_id: chosen.id }],
  });
}

describe("election screens say what is true", () => {
  it("the real voting window, a recorded vote without a receipt, and a tie ranked and decided alike everywhere", async () => {
    const { owner, voter, voterAccount, organizationId } = await organizationWithVoter(browser);
    const second = await newPage(browser);
    const secondAccount = await registerVoter({ full_name: "Kofi Second" });
    await signInAs(second.context, secondAccount);
    await apiJson(second.context, "POST", `/api/organizations/${organizationId}/join`);
    const { election, query } = await upcomingElection(owner.context, organizationId, "tied-vote");

    // Upcoming: the window from opening to closing, in the organization's zone; no daily hours.
    await owner.page.goto(`/organization/election${query}`);
    const windowFact = owner.page.locator(".ElectionChannelPage_fact", { hasText: "Voting window" });
    await windowFact.getByText(/^Opens .* · Closes .*\(.+\)$/).waitFor();
    expect(await owner.page.getByText("Voting hours").count()).toBe(0);
    // The candidate image hint says what is accepted: https only.
    const panel = owner.page.getByRole("complementary", { name: "Channel Configuration" });
    await panel.getByText(messages.candidateImageHint).first().waitFor();
    expect(await owner.page.getByText(/http or https/).count()).toBe(0);
    await shot(owner.page, "truthful-window-upcoming");

    // Open now: the window says it opened today, not at the scheduled hour.
    await panel.getByRole("button", { name: "Open voting now" }).click();
    const openDialog = owner.page.getByRole("dialog", { name: "Open voting now?" });
    await openDialog.getByRole("button", { name: "Open voting now" }).click();
    await openDialog.waitFor({ state: "detached" });
    await windowFact.getByText(/^Opened .* · Closes /).waitFor();
    const opened = await apiJson<Election>(owner.context, "GET", `/api/elections/${election.id}`);
    expect(Date.parse(opened.starts_at)).toBeLessThanOrEqual(Date.now());
    await shot(owner.page, "truthful-window-opened");

    await voteByApi(voter.context, opened, voterAccount.id_number, "Ama Serwaa");
    await voteByApi(second.context, opened, secondAccount.id_number, "Kojo Mensah");

    // This browser did not keep the receipt: the vote is recorded (not yet said to be sealed).
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page
      .getByText(
        "Your vote was recorded; this browser did not keep your receipt, so it cannot show your choice.",
      )
      .waitFor();
    expect(await voter.page.getByText(/Your ballot is sealed/).count()).toBe(0);
    await voter.page.getByRole("tab", { name: "Results" }).click();
    await voter.page.getByText(electionMessages.resultsPending).waitFor();
    await shot(voter.page, "truthful-receipt-not-kept");

    // Close now: the window says it closed.
    await panel.getByRole("button", { name: "Close voting now" }).click();
    const closeDialog = owner.page.getByRole("dialog", { name: "Close voting now?" });
    await closeDialog.getByRole("button", { name: "Close voting now" }).click();
    await closeDialog.waitFor({ state: "detached" });
    await owner.page.getByRole("tab", { name: "Overview" }).click();
    await windowFact.getByText(/^Opened .* · Closed /).waitFor();
    await shot(owner.page, "truthful-window-closed");

    // The Results tab: the tied first share a rank; the trophy is the one the count elected by lot,
    // as the board and verify-election say, and the tie says how it was decided.
    await voter.page.getByRole("tab", { name: "Results" }).click();
    const president = voter.page.getByRole("region", { name: "President" });
    await president.getByText("50.0%").first().waitFor();
    expect(await president.locator(".elections_trophy").count()).toBe(1);
    await president.getByText(/tied with (Ama Serwaa|Kojo Mensah); decided by the public seed$/).waitFor();
    await shot(voter.page, "truthful-tie-results-tab");

    // The results screen's table: both rank 1, one trophy, the next is rank 3.
    await voter.page.goto("/member/election-results");
    await voter.page.getByRole("button", { name: /tied-vote/ }).waitFor();
    await voter.page.getByRole("tab", { name: "Detailed Charts" }).click();
    const table = voter.page.getByRole("table", { name: "President" });
    const rows = table.locator("tbody tr");
    await rows.first().waitFor();
    const ranks = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector("td")?.textContent?.match(/^\d+/)?.[0]),
    );
    expect(ranks).toEqual(["1", "1", "3"]);
    expect(await table.locator(".elections_trophy").count()).toBe(1);
    await table.scrollIntoViewIfNeeded();
    await shot(voter.page, "truthful-tie-results-table");
    // The CSV says the same.
    const csv = await (await voter.context.request.get(`/api/elections/${election.id}/results.csv`)).text();
    expect(csv).toContain("President,1,Ama Serwaa");
    expect(csv).toContain("President,1,Kojo Mensah");
    expect(csv).toContain("President,3,Esi Badu");
    expect(csv).toMatch(/President,Tie broken by lot,"(Ama Serwaa|Kojo Mensah), (Ama Serwaa|Kojo Mensah) → /);

    await owner.context.close();
    await voter.context.close();
    await second.context.close();
  });

  it("a cancelled election with hidden results says so; another organization's election shows no name of it", async () => {
    const { owner, voter, organizationId } = await organizationWithVoter(browser);
    const { election, query } = await upcomingElection(owner.context, organizationId, "called-off");
    await apiJson(owner.context, "POST", `/api/elections/${election.id}/open`);
    await owner.context.request.patch(`/api/elections/${election.id}/options`, {
      data: { results_hidden: true },
    });
    await apiJson(owner.context, "POST", `/api/elections/${election.id}/cancel`);
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Results" }).click();
    await voter.page.getByText(electionMessages.resultsHidden).waitFor();
    expect(electionMessages.resultsHidden).toMatch(/cancelled/);
    await shot(voter.page, "truthful-cancelled-hidden");
    // Its board says the answers are withheld, never that no ballot was sealed.
    await voter.page.goto(`/elections/${election.id}/bulletin`);
    await voter.page.getByText(boardWords.answersWithheld).first().waitFor();
    expect(await voter.page.getByText(boardWords.noBallots).count()).toBe(0);

    // Another organization's election channel opened by its address: not found, and neither its
    // name nor the address's text is shown under this organization's name.
    const other = await organizationWithVoter(browser);
    const foreign = await upcomingElection(other.owner.context, other.organizationId, "their-board");
    await voter.page.goto(`/member/election?channelId=${foreign.channel.id}&channelName=their-board`);
    await voter.page.getByText(electionServerMessages.electionNotFound).first().waitFor();
    expect(await voter.page.getByText("their-board").count()).toBe(0);
    await shot(voter.page, "truthful-other-organization");

    // A voter of both organizations, with the other one open: the election's own organization
    // is named, with a way to switch to it, never this organization's name over its channel.
    const third = await organizationWithVoter(browser);
    await apiJson(voter.context, "POST", `/api/organizations/${third.organizationId}/join`);
    await voter.context.request.put("/api/organizations/current", {
      data: { organization_id: third.organizationId },
    });
    const mine = await apiJson<{ current_id: string; organizations: { id: string; name: string }[] }>(
      voter.context,
      "GET",
      "/api/organizations/mine",
    );
    expect(mine.current_id).toBe(third.organizationId);
    const home = mine.organizations.find((o) => o.id === organizationId)?.name ?? "";
    // Its text channel as well: its organization named, never under this organization's header.
    const { channels } = await apiJson<{ channels: Channel[] }>(
      voter.context,
      "GET",
      `/api/organizations/${organizationId}/channels`,
    );
    const general = channels.find((channel) => channel.type === "text");
    if (!general) throw new Error("no text channel");
    await voter.page.goto(channelPath("member", general));
    await voter.page.getByRole("heading", { name: `This channel belongs to ${home}` }).waitFor();
    expect(await voter.page.locator(".ChannelFrame_channelHeader").count()).toBe(0);
    await voter.page.getByRole("button", { name: `Switch to ${home}` }).waitFor();
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("heading", { name: `This election belongs to ${home}` }).waitFor();
    expect(await voter.page.locator(".ChannelFrame_channelHeader").count()).toBe(0);
    await shot(voter.page, "truthful-other-organization-member");
    await voter.page.getByRole("button", { name: `Switch to ${home}` }).click();
    await voter.page
      .locator(".ChannelFrame_channelHeader")
      .getByRole("heading", { name: "called-off" })
      .waitFor();
    await shot(voter.page, "truthful-other-organization-switched");

    await owner.context.close();
    await voter.context.close();
    await other.owner.context.close();
    await other.voter.context.close();
    await third.owner.context.close();
    await third.voter.context.close();
  });

  it("deleting an election channel takes an upcoming election with it, and is refused once voting opened", async () => {
    const { owner, organizationId } = await organizationWithVoter(browser);
    const soon = await upcomingElection(owner.context, organizationId, "not-yet");
    const running = await upcomingElection(owner.context, organizationId, "running");
    await apiJson(owner.context, "POST", `/api/elections/${running.election.id}/open`);

    const remove = async (name: string) => {
      await owner.page.goto(
        `/organization/election?channelId=${name === "not-yet" ? soon.channel.id : running.channel.id}&channelName=${name}`,
      );
      const more = owner.page.getByRole("button", { name: `Options for ${name}`, exact: true });
      await more.click();
      await owner.page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = owner.page.getByRole("dialog", { name: "Delete Channel" });
      await confirm.getByRole("button", { name: "Delete" }).click();
    };

    await remove("running");
    await owner.page
      .getByText(electionServerMessages.channelKeepsElection, { exact: false })
      .first()
      .waitFor();
    await shot(owner.page, "truthful-delete-refused");

    await remove("not-yet");
    await owner.page.getByText(messages.channelDeleted("not-yet")).waitFor();
    await owner.page.goto("/organization/election-results");
    // The results card (the sidebar also has "Options for running").
    await owner.page.getByRole("button", { name: /^running/ }).waitFor();
    expect(await owner.page.getByRole("button", { name: /not-yet/ }).count()).toBe(0);
    await shot(owner.page, "truthful-delete-results-screen");
    const listed = await apiJson<{ elections: Election[] }>(
      owner.context,
      "GET",
      `/api/organizations/${organizationId}/elections`,
    );
    expect(listed.elections.map((e) => e.title)).not.toContain(soon.election.title);
    await owner.context.close();
  });
});
