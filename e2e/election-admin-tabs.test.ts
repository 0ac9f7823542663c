import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Election, electionServerMessages } from "../contract/elections";
import { text } from "../web/src/features/elections/text";
import { apiJson } from "./browser";
import {
  baseURL,
  electionChannel,
  launchBrowser,
  newPage,
  PRESIDENTS,
  registerOrganization,
  shot,
  signInAs,
} from "./support";

/**
 * Two tabs of one administrator on one upcoming election's Channel Configuration. A tab with unsaved
 * candidates keeps them when the other saves (it says the election changed, with a way to reload);
 * a tab that has not seen the other's save cannot write it back with its old values (409, its edits
 * kept); a tab with nothing unsaved simply shows the new ballot.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const panelOf = (page: Page) => page.getByRole("complementary", { name: "Channel Configuration" });

/** Adds a candidate for president in the tab's editor, unsaved. */
async function addCandidate(page: Page, name: string) {
  const add = panelOf(page).getByRole("group", { name: "Add Candidate" });
  await add.getByLabel("Candidate Name").fill(name);
  await add.getByLabel("Political Party").fill("Independent Voices");
  await add.getByLabel("Position").selectOption({ label: "President" });
  await add.getByLabel("Candidate Image URL").fill("https://example.org/candidate.jpg");
  await add.getByRole("button", { name: "Add Candidate" }).click();
  await panelOf(page)
    .getByRole("button", { name: `Remove ${name}` })
    .waitFor();
}

const names = (election: Election) =>
  election.positions.flatMap((position) => position.candidates.map((candidate) => candidate.name));

/** An administrator's upcoming election (Ama Serwaa and Kojo Mensah for president) open in two tabs. */
async function twoTabs(name: string) {
  const account = await registerOrganization();
  const { context, page: tabA } = await newPage(browser, { viewport: { width: 1400, height: 1000 } });
  await signInAs(context, account);
  const { current_id: organizationId } = await apiJson<{ current_id: string }>(
    context,
    "GET",
    "/api/organizations/mine",
  );
  const { channel, election } = await electionChannel(context, organizationId, name, PRESIDENTS);
  const url = `${baseURL}/organization/election?channelId=${channel.id}&channelName=${channel.name}`;
  const read = () => apiJson<Election>(context, "GET", `/api/elections/${election.id}`);
  const tabB = await context.newPage();
  for (const tab of [tabA, tabB]) {
    await tab.goto(url);
    await panelOf(tab).getByRole("button", { name: "Remove Kojo Mensah" }).waitFor();
  }
  return { context, tabA, tabB, read };
}

const save = (page: Page) =>
  panelOf(page).getByRole("button", { name: "Save voting window and candidates" }).click();

describe("two tabs editing one election", () => {
  it("unsaved candidates in one tab survive the other's save; the tab is told, and reloads when it chooses", async () => {
    const { context, tabA, tabB, read } = await twoTabs("board-vote");

    // Tab A adds a candidate, not saved yet; tab B removes another and saves.
    await addCandidate(tabA, "Esi Unsaved");
    await panelOf(tabB).getByRole("button", { name: "Remove Kojo Mensah" }).click();
    await save(tabB);
    await tabB.getByText(text.saved).waitFor();

    // Tab A hears of it: its candidate is still there, and it is told the election changed.
    await panelOf(tabA).getByRole("alert").filter({ hasText: text.changedElsewhere }).waitFor();
    await panelOf(tabA).getByRole("button", { name: "Remove Esi Unsaved" }).waitFor();
    await shot(tabA, "election-admin-tabs-changed-elsewhere");

    // Saving it anyway would write Kojo Mensah back: refused in words, the edits kept.
    await save(tabA);
    await panelOf(tabA).getByRole("alert").getByText(electionServerMessages.changedElsewhere).waitFor();
    expect(await panelOf(tabA).getByRole("button", { name: "Remove Esi Unsaved" }).count()).toBe(1);
    expect(names(await read())).toEqual(["Ama Serwaa"]);
    await shot(tabA, "election-admin-tabs-refused");

    // Reloaded, tab A shows tab B's ballot, adds its candidate again and saves.
    await panelOf(tabA).getByRole("button", { name: text.reloadElection }).click();
    await panelOf(tabA).getByRole("button", { name: "Remove Kojo Mensah" }).waitFor({ state: "detached" });
    expect(await panelOf(tabA).getByRole("alert").count()).toBe(0);
    await addCandidate(tabA, "Esi Unsaved");
    await save(tabA);
    await tabA.getByText(text.saved).waitFor();
    expect(names(await read())).toEqual(["Ama Serwaa", "Esi Unsaved"]);

    // Tab B had nothing unsaved: it shows the new ballot, without a notice.
    await panelOf(tabB).getByRole("button", { name: "Remove Esi Unsaved" }).waitFor();
    expect(await panelOf(tabB).getByRole("alert").count()).toBe(0);

    await context.close();
  });

  it("a tab that has not seen the other's save cannot write it back with its old values", async () => {
    const { context, tabA, tabB, read } = await twoTabs("board-vote-2");

    // Tab B's reads of the election held back (an event missed, a slow network): it keeps the ballot it opened.
    const opened = await read();
    await tabB.route(/\/api\/(channels\/[^/]+\/election|elections\/[^/?]+)$/, (route) =>
      route.request().method() === "GET" ? route.fulfill({ json: opened }) : route.fallback(),
    );
    // Tab A removes Kojo Mensah and saves.
    await panelOf(tabA).getByRole("button", { name: "Remove Kojo Mensah" }).click();
    await save(tabA);
    await tabA.getByText(text.saved).waitFor();
    expect(names(await read())).toEqual(["Ama Serwaa"]);

    // Tab B sets a quorum and saves: its whole ballot would put Kojo Mensah back. Refused, its edit kept.
    await panelOf(tabB).getByLabel("Minimum turnout (quorum)").fill("40");
    await save(tabB);
    await panelOf(tabB).getByRole("alert").getByText(electionServerMessages.changedElsewhere).waitFor();
    const kept = await read();
    expect(names(kept)).toEqual(["Ama Serwaa"]);
    expect(kept.quorum_percent).toBeNull();
    expect(await panelOf(tabB).getByLabel("Minimum turnout (quorum)").inputValue()).toBe("40");

    // Its reads back, reloading shows tab A's ballot; the quorum set again is saved with it.
    await tabB.unrouteAll();
    await panelOf(tabB).getByRole("button", { name: text.reloadElection }).click();
    await panelOf(tabB).getByRole("button", { name: "Remove Kojo Mensah" }).waitFor({ state: "detached" });
    await panelOf(tabB).getByLabel("Minimum turnout (quorum)").fill("40");
    await save(tabB);
    await tabB.getByText(text.saved).waitFor();
    const both = await read();
    expect(names(both)).toEqual(["Ama Serwaa"]);
    expect(both.quorum_percent).toBe(40);

    await context.close();
  });
});

describe("one tab changing the election while its ballot has unsaved edits", () => {
  it("extending it there keeps the edits and says the election changed here, not only elsewhere", async () => {
    const { context, tabA, tabB, read } = await twoTabs("board-vote-3");
    await tabB.close();
    await addCandidate(tabA, "Esi Unsaved");

    // The same tab extends the upcoming election by a day: its version moves on under the editor.
    const opened = await read();
    const later = new Date(`${opened.end_date}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 1);
    const extend = panelOf(tabA).getByRole("form", { name: text.extendTitle });
    await extend.getByLabel(text.newEndDate).fill(later.toISOString().slice(0, 10));
    await extend.getByRole("button", { name: text.extend }).click();
    await tabA.getByRole("dialog").getByRole("button", { name: text.extend }).click();
    await tabA.getByText(text.extended).waitFor();

    const told = panelOf(tabA).getByRole("alert").filter({ hasText: text.changedElsewhere });
    await told.waitFor();
    expect(text.changedElsewhere).toContain("here, in another tab or by another administrator");
    await panelOf(tabA).getByRole("button", { name: "Remove Esi Unsaved" }).waitFor();
    expect((await read()).end_date).toBe(later.toISOString().slice(0, 10));
    await told.scrollIntoViewIfNeeded();
    await shot(tabA, "election-admin-extend-same-tab");

    await context.close();
  });
});
