import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionInput } from "../contract/ballots/question";
import type { Election } from "../contract/elections";
import { apiJson, settle } from "./browser";
import {
  axeFindings,
  electionChannel,
  launchBrowser,
  organizationWithVoter,
  PRESIDENTS,
  shot,
  takingShots,
} from "./support";

/**
 * The ballot for every kind of question: an administrator previews it as a voter before voting opens
 * (every kind, at 1280 and 390 px, axe-clean); then a voter ranks an STV question by keyboard only,
 * approves, answers a referendum, sees the review, casts and gets the receipt.
 */

const person = (name: string, statement = "") => ({ name, party: "", statement, photo_url: "" });
const BOARD = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Edsger Dijkstra",
  "Barbara Liskov",
  "Donald Knuth",
];
const QUESTIONS: QuestionInput[] = [
  {
    title: "Board of Directors",
    description: "Three seats for two years.",
    candidates: BOARD.map((name, i) =>
      person(name, i === 5 ? "I will publish every board decision within a week." : ""),
    ),
    method: { kind: "stv", seats: 3 },
  },
  {
    title: "Social committee",
    candidates: ["Kwame Asante", "Akosua Boateng", "Yaa Asantewaa", "Kofi Annan"].map((n) => person(n)),
    method: { kind: "approval", min: 1, max: 2, seats: 2 },
    order: "shuffled",
  },
  {
    title: "Motion 3: amend article 12",
    description: "Meetings may be held online.",
    candidates: [],
    method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
  },
  {
    title: "Chair",
    candidates: ["Nia Mensah", "Ekow Quaye", "Adwoa Sarpong"].map((n) => person(n)),
    method: { kind: "irv" },
    blank: true,
  },
  {
    title: "Auditors",
    candidates: ["Mansa Musa", "Sundiata Keita", "Amina Sukhera", "Idris Alooma"].map((n) => person(n)),
    method: { kind: "block", seats: 2 },
  },
  {
    title: "Venue",
    candidates: ["Great Hall", "Library", "Online"].map((n) => person(n)),
    method: { kind: "schulze" },
  },
  {
    title: "Newsletter editor",
    candidates: ["Abena Ofori", "Kwesi Appiah", "Efe Oghene"].map((n) => person(n)),
    method: { kind: "majority_judgment", grades: ["Excellent", "Very good", "Good", "Fair", "Reject"] },
  },
  {
    title: "Catering",
    candidates: ["Jollof", "Waakye", "Banku"].map((n) => person(n)),
    method: { kind: "score", max: 5 },
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Both widths of one screen, tall enough that the channel's own scrolling shows the whole ballot. */
async function shots(page: Page, name: string) {
  if (!takingShots) return;
  for (const [width, height] of [
    [1280, 3600],
    [390, 7200],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settle(page);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** Each question of the preview on its own, at both widths: one picture per kind of ballot. */
async function kindShots(page: Page, titles: string[], prefix = "ballot-kind") {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 1400 });
    for (const title of titles) {
      const question = page.getByRole("group", { name: title, exact: true });
      await question.scrollIntoViewIfNeeded();
      await shot(question, `${prefix}-${title.split(/\W/)[0]?.toLowerCase()}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe("ballots", () => {
  it("an admin previews every kind of ballot; a voter ranks by keyboard, approves, answers a referendum, reviews and casts", async () => {
    const joined = await organizationWithVoter(
      browser,
      { voter: { full_name: "Abena Voter" } },
      { viewport: { width: 1280, height: 860 }, bypassCSP: true },
    );
    const [admin, voter] = [joined.owner.context, joined.voter.context];
    const { channel, election } = await electionChannel(
      admin,
      joined.organizationId,
      "annual-meeting",
      PRESIDENTS,
      QUESTIONS,
    );
    expect(election.positions.map((p) => p.method.kind)).toEqual([
      "plurality",
      ...QUESTIONS.map((q) => q.method.kind),
    ]);
    const url = `/member/election?channelId=${channel.id}&channelName=${channel.name}`;
    const findings: string[] = [];

    // The admin previews the whole ballot before voting opens: every kind works, casting does not.
    const adminPage = await admin.newPage();
    await adminPage.goto(url.replace("/member/", "/organization/"));
    // The Overview says how each question beyond the offices is answered: a motion has no candidates to list.
    const positions = adminPage.getByRole("region", { name: "Positions" });
    await positions.getByText("Meetings may be held online.").waitFor();
    await positions.getByText("Answer Yes, No or Abstain.", { exact: false }).waitFor();
    await positions
      .getByText("Choose between 1 and 2 of the candidates you approve of.", { exact: false })
      .waitFor();
    await shots(adminPage, "ballot-overview");
    await adminPage.getByRole("tab", { name: "Cast Vote" }).click();
    await adminPage.getByRole("button", { name: "Preview as a voter" }).click();
    const preview = adminPage.getByRole("region", { name: "Preview as a voter" });
    await preview.getByText(/Preview: this is the ballot as voters will see it/).waitFor();
    for (const question of QUESTIONS) await preview.getByRole("heading", { name: question.title }).waitFor();
    await preview.getByText("Choose between 1 and 2 of the candidates you approve of.").waitFor();
    await preview.getByText("Passes with two thirds of the Yes and No votes.", { exact: false }).waitFor();
    await preview
      .getByText("Rank as many as you like; your vote moves to your next choice if your first is eliminated.")
      .waitFor();
    await shots(adminPage, "ballot-preview");
    findings.push(...(await axeFindings(adminPage, "ballot-preview")));
    await kindShots(adminPage, ["President", ...QUESTIONS.map((q) => q.title)]);
    // Ranking by drag: into the ranking, then before the first.
    const chair = preview.getByRole("group", { name: "Chair", exact: true });
    const chairRanking = chair.getByRole("list", { name: "Your ranking" });
    await chair.getByRole("listitem").filter({ hasText: "Nia Mensah" }).dragTo(chairRanking);
    await chairRanking.getByText("Nia Mensah").waitFor();
    await chair
      .getByRole("listitem")
      .filter({ hasText: "Adwoa Sarpong" })
      .dragTo(chairRanking.getByRole("listitem").filter({ hasText: "Nia Mensah" }));
    await expect.poll(() => chair.locator("[aria-live]").textContent()).toBe("Adwoa Sarpong, rank 1 of 2");
    // Schulze ties, grades and scores, then the review; Cast stays off.
    await preview.getByLabel("Rank for Great Hall").selectOption("1");
    await preview.getByLabel("Rank for Online").selectOption("1");
    await preview.getByRole("group", { name: "Grade for Abena Ofori" }).getByLabel("Very good").check();
    await preview.getByLabel("Score for Jollof (0 to 5)").fill("9");
    await preview.getByRole("button", { name: "Submit Vote" }).click();
    await preview.getByText("A score is above the maximum of 5.").waitFor();
    await preview.getByText("Every candidate needs a grade.").waitFor();
    await shots(adminPage, "ballot-preview-errors");
    await preview.getByLabel("Score for Jollof (0 to 5)").fill("4");
    await preview.getByLabel("Score for Waakye (0 to 5)").fill("2");
    await preview.getByLabel("Score for Banku (0 to 5)").fill("0");
    for (const name of ["Kwesi Appiah", "Efe Oghene"])
      await preview
        .getByRole("group", { name: `Grade for ${name}` })
        .getByLabel("Fair")
        .check();
    await preview.getByRole("button", { name: "Submit Vote" }).click();
    const previewReview = preview.getByRole("region", { name: "Review your ballot" });
    await previewReview.getByText("Venue (rank): 1. Great Hall = Online (same rank)").waitFor();
    await previewReview.getByText("Chair (rank): 1. Adwoa Sarpong, 2. Nia Mensah").waitFor();
    await previewReview.getByText("Catering (scores): Jollof: 4, Waakye: 2, Banku: 0").waitFor();
    expect(await previewReview.getByRole("button", { name: "Cast Vote" }).isDisabled()).toBe(true);
    await shots(adminPage, "ballot-preview-review");
    findings.push(...(await axeFindings(adminPage, "ballot-preview-review")));

    await apiJson(admin, "POST", `/api/elections/${election.id}/open`);

    // The voter: STV by keyboard only, from the first "Add" button on.
    const page = await voter.newPage();
    await page.goto(url);
    await page.getByRole("tab", { name: "Cast Vote" }).click();
    const board = page.getByRole("group", { name: "Board of Directors", exact: true });
    await board.getByRole("button", { name: "Add Ada Lovelace to your ranking" }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
    const said = board.locator("[aria-live]");
    await expect.poll(() => said.textContent()).toBe("Alan Turing, rank 3 of 3");
    // Focus is on the next candidate's Add; back to Alan Turing's "Move up" and press it.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Move Alan Turing up",
    );
    await page.keyboard.press("Enter");
    await expect.poll(() => said.textContent()).toBe("Alan Turing, rank 2 of 3");
    // The focus follows the moved candidate (at the next frame, after the words).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move Alan Turing up");
    await board.getByText("I will publish every board decision").waitFor({ state: "hidden" });

    // Approval: too few chosen is refused in the contract's words before the server is asked.
    const social = page.getByRole("group", { name: "Social committee", exact: true });
    await social.getByText("0 of 2 chosen").waitFor();
    await social.getByRole("checkbox", { name: /Kofi Annan/ }).check();
    await social.getByRole("checkbox", { name: /Yaa Asantewaa/ }).check();
    await social.getByText("2 of 2 chosen").waitFor();
    // The third is unavailable, yet still in the tab order, with the count as why; checking it changes nothing.
    const third = social.getByRole("checkbox", { name: /Kwame Asante/ });
    expect(await third.getAttribute("aria-disabled")).toBe("true");
    expect(await third.evaluate((input) => input.tabIndex)).toBe(0);
    await third.click({ force: true });
    expect(await third.isChecked()).toBe(false);
    await social.getByText("2 of 2 chosen").waitFor();
    await page
      .getByRole("group", { name: "Motion 3: amend article 12", exact: true })
      .getByLabel("Yes")
      .check();
    await shots(page, "ballot-voter");
    await kindShots(
      page,
      ["Board of Directors", "Social committee", "Motion 3: amend article 12"],
      "ballot-voted",
    );
    findings.push(...(await axeFindings(page, "ballot-voter")));

    // Another tab of the election and back: the answers are as the voter left them.
    await page.getByRole("tab", { name: "Overview" }).click();
    await board.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Cast Vote" }).click();
    await social.getByText("2 of 2 chosen").waitFor();

    await page.getByRole("button", { name: "Submit Vote" }).click();
    const review = page.getByRole("region", { name: "Review your ballot" });
    await review
      .getByText("Board of Directors (rank): 1. Ada Lovelace, 2. Alan Turing, 3. Grace Hopper")
      .waitFor();
    await review
      .getByText(/^Social committee \(choices\): (Kofi Annan, Yaa Asantewaa|Yaa Asantewaa, Kofi Annan)$/)
      .waitFor();
    await review.getByText("Motion 3: amend article 12: Yes").waitFor();
    expect(await review.getByRole("listitem").count()).toBe(3);
    // Back keeps every answer.
    await review.getByRole("button", { name: "Back" }).click();
    await social.getByText("2 of 2 chosen").waitFor();
    await page.getByRole("button", { name: "Submit Vote" }).click();
    await shots(page, "ballot-review");
    await review.getByRole("button", { name: "Cast Vote" }).click();

    const dialog = page.getByRole("dialog", { name: "Voter Verification" });
    await dialog.getByRole("radio", { name: /National ID/ }).check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByLabel("National ID Number").fill(joined.voterAccount.id_number);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Your receipt" }).waitFor();
    await page.getByText("1. Ada Lovelace, 2. Alan Turing, 3. Grace Hopper").waitFor();
    await shots(page, "ballot-receipt");

    const after = await apiJson<Election>(voter, "GET", `/api/elections/${election.id}`);
    expect(after.viewer.voted_position_ids.length).toBe(3);
    expect(findings).toEqual([]);
    await admin.close();
    await voter.close();
  });
});
