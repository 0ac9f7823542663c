/**
 * Issue 16's "Done when", walked as a new user would in Chromium: an administrator builds an election
 * in the Create Channel page's question builder (the spec's President by plurality, an STV board of
 * 3 seats and 6 candidates, a two-thirds referendum, an approval question); voting opens; three
 * voters verify and vote in the browser, one by keyboard alone (ranking with keys), each gets a
 * receipt; voting closes; the Results tab shows the STV stages and the referendum's outcome; the
 * bulletin board shows every ballot in full; `verify-election --board` agrees with the board as
 * published. Over 300 lines because it is one journey whose steps build on each other.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bulletin } from "../contract/bulletin";
import type { Channel } from "../contract/channels";
import type { Election } from "../contract/elections";
import { messages } from "../contract/messages";
import { axeViolations, settle } from "./browser";
import {
  apiJson,
  baseURL,
  day,
  keep,
  launchBrowser,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
  takingShots,
} from "./support";

const run = promisify(execFile);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const BOARD = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Edsger Dijkstra",
  "Barbara Liskov",
  "Donald Knuth",
];
const SOCIAL = ["Kwame Asante", "Akosua Boateng", "Yaa Asantewaa"];
const MOTION = "Motion 3: amend article 12";

/** Fills the candidates of the open question dialog, adding rows as needed. */
async function fillCandidates(dialog: Locator, names: string[]) {
  const rows = dialog.getByLabel("Name", { exact: true });
  for (const [index, name] of names.entries()) {
    if ((await rows.count()) <= index) await dialog.getByRole("button", { name: "+ Add candidate" }).click();
    await rows.nth(index).fill(name);
  }
}

/** The focused element's accessible name, roughly as a screen reader says it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "";
    const labelled = el.getAttribute("aria-labelledby");
    const named =
      el.getAttribute("aria-label") ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent;
    return `${el.getAttribute("role") ?? el.tagName.toLowerCase()}:${(named ?? "").replace(/\s+/g, " ").trim()}`;
  });

/** Presses Tab (or Shift+Tab) until the focused element's "role:name" matches, as a keyboard user does. */
async function tabTo(page: Page, wanted: RegExp, max = 120, key = "Tab"): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const name = await focusedName(page);
    if (wanted.test(name)) return;
    seen.push(name);
  }
  throw new Error(`Tab never reached ${wanted}; passed: ${seen.slice(-30).join(" | ")}`);
}

/** The whole screen in one picture: the app scrolls inside its shell, so the window is made tall. */
async function tall(page: Page, name: string) {
  if (!takingShots) return;
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.setViewportSize({ width: size.width, height: 3200 });
  await settle(page);
  await shot(page, name);
  await page.setViewportSize(size);
}

interface Vote {
  president: string;
  /** The ranking of the board, in order of preference. */
  board: string[];
  motion: "Yes" | "No" | "Abstain";
  social: string[];
}

/** Verifies in the Voter Verification dialog with the National ID, by pointer. */
async function verifyByPointer(page: Page, idNumber: string) {
  const dialog = page.getByRole("dialog", { name: "Voter Verification" });
  await dialog.getByRole("radio", { name: /National ID/ }).check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("National ID Number").fill(idNumber);
  await dialog.getByRole("button", { name: "Verify" }).click();
}

/** A voter using a pointer: choices clicked, the ranking built with the Add buttons. */
async function voteByPointer(page: Page, vote: Vote, idNumber: string, name: string): Promise<string> {
  await page.getByRole("tab", { name: "Cast Vote" }).click();
  await page.getByRole("radio", { name: new RegExp(vote.president) }).check();
  // Marked and not cast, the answers would go with a reload: the browser asks first, and staying
  // keeps them.
  const asked = page.waitForEvent("dialog");
  const reload = page.reload({ timeout: 5_000 }).catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await reload;
  expect(await page.getByRole("radio", { name: new RegExp(vote.president) }).isChecked()).toBe(true);
  const board = page.getByRole("group", { name: "Board of Directors", exact: true });
  for (const candidate of vote.board)
    await board.getByRole("button", { name: `Add ${candidate} to your ranking` }).click();
  await page.getByRole("group", { name: MOTION, exact: true }).getByLabel(vote.motion).check();
  const social = page.getByRole("group", { name: "Social committee", exact: true });
  for (const candidate of vote.social)
    await social.getByRole("checkbox", { name: new RegExp(candidate) }).check();
  await page.getByRole("button", { name: "Submit Vote" }).click();
  const review = page.getByRole("region", { name: "Review your ballot" });
  await review
    .getByText(`Board of Directors (rank): ${vote.board.map((c, i) => `${i + 1}. ${c}`).join(", ")}`)
    .waitFor();
  await shot(page, `walk-${name}-review`);
  await review.getByRole("button", { name: "Cast Vote" }).click();
  await verifyByPointer(page, idNumber);
  return receiptOf(page, name);
}

/** axe-core's serious and critical findings on the page as it stands (what e2e/accessibility.test.ts fails on). */
async function serious(page: Page): Promise<string[]> {
  await settle(page);
  return (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.rule}: ${v.nodes.join("; ")}`);
}

async function receiptOf(page: Page, name: string): Promise<string> {
  await page.getByRole("heading", { name: "Your receipt" }).waitFor();
  await settle(page);
  await shot(page, `walk-${name}-receipt`);
  const receipt = (await page.locator("code").first().textContent())?.trim() ?? "";
  expect(receipt).not.toBe("");
  return receipt;
}

describe("ballots walk (issue 16's Done when)", () => {
  it("an admin builds four kinds of question, three voters vote (one by keyboard), results, board and verifier agree", async () => {
    const adminAccount = await registerOrganization({ full_name: "Kofi Admin" });
    const contextOptions = { baseURL, viewport: { width: 1280, height: 900 }, bypassCSP: true };
    const admin = await browser.newContext(contextOptions);
    await signInAs(admin, adminAccount);
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      admin,
      "GET",
      "/api/organizations/mine",
    );
    const voterAccounts = await Promise.all(
      ["Abena Voter", "Kwesi Keys", "Efua Voter"].map((full_name) => registerVoter({ full_name })),
    );
    const voters: BrowserContext[] = [];
    for (const account of voterAccounts) {
      const context = await browser.newContext(contextOptions);
      await signInAs(context, account);
      await apiJson(context, "POST", `/api/organizations/${organizationId}/join`);
      voters.push(context);
    }

    // 1. The admin builds the election in the question builder of the Create Channel page.
    const page = await admin.newPage();
    await page.goto("/organization/create-channel?type=election");
    await page.getByRole("heading", { name: "Voting Settings" }).waitFor();
    await page.getByLabel("Channel Name").fill("board-2027");
    await page.getByLabel("Start Date").fill(day(1));
    await page.getByLabel("End Date").fill(day(3));
    for (const [name, party] of [
      ["Ama Serwaa", "Progress Party"],
      ["Kojo Mensah", "Unity Alliance"],
    ]) {
      await page.getByRole("button", { name: "+ Add Candidate" }).click();
      const candidate = page.getByRole("dialog", { name: "Add Candidate" });
      await candidate.getByLabel("Candidate Name").fill(name as string);
      await candidate.getByLabel("Political Party").fill(party as string);
      await candidate.getByLabel("Position").selectOption({ label: "President" });
      await candidate.getByLabel("Candidate Image URL").fill("/favicon.svg");
      await candidate.getByRole("button", { name: "Add", exact: true }).click();
      await candidate.waitFor({ state: "detached" });
    }

    await page.getByRole("button", { name: "+ Add Question" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Question title").fill("Board of Directors");
    await dialog.getByLabel("Voting method").selectOption("stv");
    await dialog.getByLabel("Seats to fill").fill("3");
    await fillCandidates(dialog, BOARD);
    await dialog.getByLabel("Statement (optional)").first().fill("I will publish every board decision.");
    await shot(page, "walk-01-admin-stv-question");
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "+ Add Question" }).click();
    dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Question title").fill(MOTION);
    await dialog.getByLabel("Description (optional)").fill("Article 12 would allow meetings online.");
    await dialog.getByLabel("Voting method").selectOption("referendum");
    await dialog.getByLabel("Passes with").selectOption("two_thirds");
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "+ Add Question" }).click();
    dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Question title").fill("Social committee");
    // The method first, then a third candidate: "Most choices" follows them (it stayed at 2).
    await dialog.getByLabel("Voting method").selectOption("approval");
    await fillCandidates(dialog, SOCIAL);
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByText("Other questions (3)").scrollIntoViewIfNeeded();
    await tall(page, "walk-02-admin-built");
    await page.getByRole("button", { name: "Create Channel" }).click();
    await page.getByText(messages.channelCreated("board-2027")).waitFor();

    const { channels } = await apiJson<{ channels: Channel[] }>(
      admin,
      "GET",
      `/api/organizations/${organizationId}/channels`,
    );
    const channel = channels.find((c) => c.name === "board-2027");
    if (!channel) throw new Error("the channel was not created");
    const upcoming = await apiJson<Election>(admin, "GET", `/api/channels/${channel.id}/election`);
    expect(upcoming.positions.map((p) => [p.title, p.method])).toEqual([
      ["President", { kind: "plurality" }],
      ["Board of Directors", { kind: "stv", seats: 3 }],
      [MOTION, { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true }],
      ["Social committee", { kind: "approval", min: 0, max: 3, seats: 1 }],
    ]);
    expect(upcoming.positions[1]?.candidates.map((c) => c.name)).toEqual(BOARD);

    // 2. Voting opens (as openElection in e2e/support.ts does: the admin's Open, not the calendar).
    await apiJson(admin, "POST", `/api/elections/${upcoming.id}/open`);
    const url = `/member/election?channelId=${channel.id}&channelName=${channel.name}`;

    // 3. Three voters. Stage by stage the STV count is then: quota 1 (Droop, 3 ballots, 3 seats);
    // Ada Lovelace 2 and Barbara Liskov 1 elected at once; Ada's surplus of 1 goes to Grace Hopper,
    // who is elected next. The motion: 2 Yes of 3 Yes and No, two thirds: passed.
    const votes: Vote[] = [
      {
        president: "Ama Serwaa",
        board: ["Ada Lovelace", "Grace Hopper", "Alan Turing"],
        motion: "Yes",
        social: ["Kwame Asante"],
      },
      {
        president: "Ama Serwaa",
        board: ["Ada Lovelace", "Grace Hopper", "Edsger Dijkstra"],
        motion: "Yes",
        social: ["Kwame Asante", "Yaa Asantewaa"],
      },
      {
        president: "Kojo Mensah",
        board: ["Barbara Liskov", "Donald Knuth"],
        motion: "No",
        social: ["Akosua Boateng"],
      },
    ];
    const receipts: string[] = [];

    // The first voter, by pointer.
    const first = await voters[0]?.newPage();
    if (!first) throw new Error("no voter");
    await first.goto(url);
    receipts.push(
      await voteByPointer(first, votes[0] as Vote, voterAccounts[0]?.id_number ?? "", "03-voter1"),
    );

    // The second voter by keyboard alone: Tab, arrows, Space and Enter; no pointer at all.
    const keys = await voters[1]?.newPage();
    if (!keys) throw new Error("no voter");
    await keys.goto(url);
    await keys.getByRole("tab", { name: "Overview" }).waitFor();
    await tabTo(keys, /^tab:Overview/);
    await keys.keyboard.press("ArrowRight");
    expect(await focusedName(keys)).toMatch(/^tab:Cast Vote/);
    await keys.keyboard.press("Enter");
    await keys.getByRole("button", { name: "Submit Vote" }).waitFor();
    // President: Tab into the radio group, arrows move among the candidates.
    await tabTo(keys, /^input:.*Ama Serwaa/);
    await keys.keyboard.press("Space");
    expect(await keys.getByRole("radio", { name: /Ama Serwaa/ }).isChecked()).toBe(true);
    // The board: Enter on "Add Ada Lovelace" adds her and moves focus to the next candidate's Add.
    const board = keys.getByRole("group", { name: "Board of Directors", exact: true });
    await tabTo(keys, /^button:Add Ada Lovelace to your ranking$/);
    await keys.keyboard.press("Enter");
    expect(await focusedName(keys)).toBe("button:Add Grace Hopper to your ranking");
    // Rank Edsger Dijkstra second by keys: Tab past Alan Turing to Edsger, Enter; then Grace Hopper
    // (Shift+Tab back to her Add), then move Grace up above Edsger with her Up button.
    await tabTo(keys, /^button:Add Edsger Dijkstra to your ranking$/);
    await keys.keyboard.press("Enter");
    const said = board.locator("[aria-live]");
    await expect.poll(() => said.textContent()).toBe("Edsger Dijkstra, rank 2 of 2");
    await keys.keyboard.press("Shift+Tab");
    await keys.keyboard.press("Shift+Tab");
    expect(await focusedName(keys)).toBe("button:Add Grace Hopper to your ranking");
    await keys.keyboard.press("Space");
    await expect.poll(() => said.textContent()).toBe("Grace Hopper, rank 3 of 3");
    // Focus is on the next candidate still to rank (Alan Turing): back up to Grace's Up button.
    expect(await focusedName(keys)).toBe("button:Add Alan Turing to your ranking");
    await tabTo(keys, /^button:Move Grace Hopper up$/, 5, "Shift+Tab");
    await keys.keyboard.press("Enter");
    await expect.poll(() => said.textContent()).toBe("Grace Hopper, rank 2 of 3");
    // The focus stays on the button pressed, where the keyboard user left it.
    expect(await focusedName(keys)).toBe("button:Move Grace Hopper up");
    await shot(board, "walk-04-voter2-keyboard-ranking");
    // The motion: Tab to Yes, Space.
    await tabTo(keys, /^input:Yes$/);
    await keys.keyboard.press("Space");
    // The social committee: Tab to each box, Space.
    await tabTo(keys, /^input:.*Kwame Asante/);
    await keys.keyboard.press("Space");
    await tabTo(keys, /^input:.*Yaa Asantewaa/);
    await keys.keyboard.press("Space");
    await tall(keys, "walk-04-voter2-keyboard-ballot");
    await tabTo(keys, /^button:Submit Vote$/);
    await keys.keyboard.press("Enter");
    const review = keys.getByRole("region", { name: "Review your ballot" });
    await review
      .getByText("Board of Directors (rank): 1. Ada Lovelace, 2. Grace Hopper, 3. Edsger Dijkstra")
      .waitFor();
    await review.getByText(`${MOTION}: Yes`).waitFor();
    await shot(keys, "walk-04-voter2-review");
    await tabTo(keys, /^button:Cast Vote$/);
    await keys.keyboard.press("Enter");
    const verification = keys.getByRole("dialog", { name: "Voter Verification" });
    await verification.waitFor();
    await tabTo(keys, /^input:.*National ID/, 20);
    await keys.keyboard.press("Space");
    await tabTo(keys, /^button:Continue$/, 20);
    await keys.keyboard.press("Enter");
    await verification.getByLabel("National ID Number").waitFor();
    // The step that replaced Continue gives its field the focus.
    await expect.poll(() => focusedName(keys)).toMatch(/National ID Number/);
    await keys.keyboard.type(voterAccounts[1]?.id_number ?? "");
    await keys.keyboard.press("Enter");
    receipts.push(await receiptOf(keys, "04-voter2"));
    // The ballot that had the focus is gone: the receipt has it.
    await expect
      .poll(() => keys.evaluate(() => document.activeElement?.textContent?.includes("Your receipt") ?? false))
      .toBe(true);

    // The third voter, by pointer.
    const third = await voters[2]?.newPage();
    if (!third) throw new Error("no voter");
    await third.goto(url);
    receipts.push(
      await voteByPointer(third, votes[2] as Vote, voterAccounts[2]?.id_number ?? "", "05-voter3"),
    );
    expect(new Set(receipts).size).toBe(3);

    // 4. Voting closes; the Results tab shows the STV stages and the motion's outcome.
    await apiJson(admin, "POST", `/api/elections/${upcoming.id}/close`);
    const closed = await apiJson<Election>(admin, "GET", `/api/elections/${upcoming.id}`);
    expect(closed.status).toBe("completed");
    await page.goto(url.replace("/member/", "/organization/"));
    await page.getByRole("tab", { name: "Results" }).click();
    // The tab open is in the address: a reload opens it again.
    await page.waitForURL(/[?&]tab=results/);
    await page.reload();
    await page.getByRole("tab", { name: "Results", selected: true }).waitFor();
    const tab = page.getByRole("tabpanel");
    const boardResult = tab.getByRole("region", { name: "Board of Directors", exact: true });
    await boardResult.getByText("Stage 1", { exact: true }).waitFor();
    await boardResult.getByText("Stage 2", { exact: true }).waitFor();
    await boardResult.getByText(/^Quota 1 \(Droop: 3 valid ballots/).waitFor();
    await boardResult.getByText(/^Elected: /).waitFor();
    const elected =
      (await boardResult
        .getByText(/^Elected: /)
        .first()
        .textContent()) ?? "";
    for (const name of ["Ada Lovelace", "Barbara Liskov", "Grace Hopper"]) expect(elected).toContain(name);
    const motion = tab.getByRole("region", { name: MOTION, exact: true });
    await motion.getByText("Passed", { exact: true }).waitFor();
    await motion.getByText(/^Yes 2 of 3 Yes and No votes/).waitFor();
    await tab.getByRole("region", { name: "President" }).getByText("2 votes", { exact: true }).waitFor();
    await tall(page, "walk-06-results-tab");
    expect(await serious(page)).toEqual([]);
    await boardResult.scrollIntoViewIfNeeded();
    await shot(boardResult, "walk-06-results-stv");
    await motion.scrollIntoViewIfNeeded();
    await shot(motion, "walk-06-results-referendum");

    // 5. The bulletin board (public, no sign-in): every ballot in full, rankings included.
    const publicContext = await browser.newContext(contextOptions);
    const boardPage = await publicContext.newPage();
    await boardPage.goto(`/elections/${upcoming.id}/bulletin`);
    await boardPage.getByRole("heading", { level: 1, name: "board-2027" }).waitFor();
    const boardBallots = boardPage.getByRole("region", { name: "Board of Directors", exact: true });
    await boardBallots.getByText("1. Ada Lovelace, 2. Grace Hopper, 3. Alan Turing").waitFor();
    await boardBallots.getByText("1. Ada Lovelace, 2. Grace Hopper, 3. Edsger Dijkstra").waitFor();
    await boardBallots.getByText("1. Barbara Liskov, 2. Donald Knuth").waitFor();
    await boardPage
      .getByRole("region", { name: MOTION, exact: true })
      .getByText("Yes", { exact: true })
      .first()
      .waitFor();
    await boardPage.getByText(/^✓ /).waitFor();
    await settle(boardPage);
    await shot(boardPage, "walk-07-bulletin-board");
    expect(await serious(boardPage)).toEqual([]);
    // A voter finds their own ballots with their receipt.
    await boardPage
      .getByLabel(/receipt/i)
      .first()
      .fill(receipts[1] ?? "");
    await boardPage
      .getByRole("button", { name: /Find|Look up|Check/ })
      .first()
      .click();
    await settle(boardPage);
    await shot(boardPage, "walk-07-bulletin-receipt");

    // 6. verify-election, as anyone outside can run it: on the board saved from the API.
    const bulletin = await apiJson<Bulletin>(publicContext, "GET", `/api/elections/${upcoming.id}/bulletin`);
    expect(bulletin.ballots).toHaveLength(12);
    const ranked = bulletin.ballots.filter((b) => b.ballot?.kind === "ranking");
    expect(ranked).toHaveLength(3);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "votespace-board-")), "bulletin.json");
    writeFileSync(file, JSON.stringify(bulletin));
    const verified = await run("npx", ["tsx", "scripts/verify-election.ts", "--board", file], {
      cwd: path.resolve(import.meta.dirname, ".."),
    });
    expect(verified.stdout).toContain("4 questions recounted");
    expect(verified.stdout).toContain(
      "OK: the questions hash to the published definition the chain starts from, every seal rebuilds from its published ballot hashes",
    );
    await keep("walk-08-verify-election.txt", verified.stdout);

    await publicContext.close();
    for (const voter of voters) await voter.close();
    await admin.close();
  }, 300_000);
});
