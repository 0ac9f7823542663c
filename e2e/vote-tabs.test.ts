import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { electionMessages } from "../contract/elections";
import { pageText } from "../web/src/features/elections/pageText";
import { apiJson, day, launchBrowser, organizationWithVoter, shot, voteWithNationalId } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The browser tab hidden, or shown again, as switching tabs does it: the headless shell keeps every
 * page visible, so the page is told as a browser tells it (visibilityState, then the event).
 */
const setShown = (page: Page, shown: boolean) =>
  page.evaluate((visible) => {
    Object.defineProperty(document, "visibilityState", {
      value: visible ? "visible" : "hidden",
      configurable: true,
    });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, shown);

/** Chooses the candidates, submits and passes National ID verification; waits for the cast. */
async function vote(page: Page, idNumber: string, choices: string[]) {
  const dialog = await voteWithNationalId(page, idNumber, choices);
  await dialog.waitFor({ state: "detached" });
  await page.getByText(electionMessages.voteCast).first().waitFor();
}

describe("one voter, the Cast Vote tab open in two browser tabs", () => {
  it("a vote cast in one tab shows as voted in the other when the voter comes back to it, its other marks kept", async () => {
    const { owner, voter, voterAccount, organizationId } = await organizationWithVoter(browser);
    const { channel } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
      organization_id: organizationId,
      name: "two-tabs",
      type: "election",
      voting_settings: {
        startDate: day(1),
        endDate: day(3),
        candidates: [
          { name: "Ama Serwaa", party: "Progress Party", position: "president" },
          { name: "Kojo Mensah", party: "Unity Alliance", position: "president" },
          { name: "Efua Owusu", party: "Progress Party", position: "senator" },
          { name: "Yaw Darko", party: "Green Coalition", position: "senator" },
        ].map((candidate) => ({ ...candidate, image: "/favicon.svg" })),
      },
    });
    const election = await apiJson<{ id: string }>(
      owner.context,
      "GET",
      `/api/channels/${channel.id}/election`,
    );
    await apiJson(owner.context, "POST", `/api/elections/${election.id}/open`);
    const path = `/member/election?channelId=${channel.id}&channelName=${channel.name}`;

    // Tab B: the ballot open, an answer marked in each position, not cast.
    const tabA = voter.page;
    const tabB = await voter.context.newPage();
    for (const page of [tabA, tabB]) {
      await page.goto(path);
      await page.getByRole("tab", { name: "Cast Vote" }).click();
    }
    await tabB.getByRole("radio", { name: /Kojo Mensah/ }).check();
    await tabB.getByRole("radio", { name: /Yaw Darko/ }).check();

    // The voter goes to tab A and votes for president there.
    await setShown(tabB, false);
    await vote(tabA, voterAccount.id_number, ["Ama Serwaa"]);

    // Back in tab B, without a reload or a try to cast: president is voted, with tab A's choice
    // (this browser's receipt), and the senator's mark is still there.
    await setShown(tabB, true);
    const president = tabB.getByRole("region", { name: "President" });
    await president.getByText(pageText.youHaveVoted).waitFor();
    await president.getByText("Ama Serwaa").waitFor();
    expect(await tabB.getByRole("radio", { name: /Kojo Mensah/ }).count()).toBe(0);
    expect(await tabB.getByRole("radio", { name: /Yaw Darko/ }).isChecked()).toBe(true);
    expect(await tabB.getByText(electionMessages.alreadyVoted).count()).toBe(0);
    await shot(tabB, "vote-tabs-other-tab-voted");

    // Tab B casts the senator's mark only (its verification is its own).
    await setShown(tabA, false);
    await vote(tabB, voterAccount.id_number, []);
    await tabB.getByRole("region", { name: "Senator" }).getByText("Yaw Darko").waitFor();
    expect(await tabB.getByText(electionMessages.alreadyVoted).count()).toBe(0);

    // And tab A, shown again (its receipt still on screen), has the senator voted too: nothing left.
    await setShown(tabA, true);
    const senator = tabA.getByRole("region", { name: "Senator" });
    await senator.getByText(pageText.youHaveVoted).waitFor();
    await senator.getByText("Yaw Darko").waitFor();
    expect(await tabA.getByRole("button", { name: "Submit Vote" }).count()).toBe(0);
    await shot(tabA, "vote-tabs-first-tab-all-voted");
    await Promise.all([owner.context.close(), voter.context.close()]);
  });
});
