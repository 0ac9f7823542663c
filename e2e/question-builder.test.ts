import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import type { Election } from "../contract/elections";
import { messages } from "../contract/messages";
import { settle } from "./browser";
import { apiJson, baseURL, day, launchBrowser, pause, registerOrganization, shot, signInAs } from "./support";

/**
 * The question builder, as an administrator uses it: the spec's office with its candidate, then an
 * STV board (3 seats, 6 candidates, one with a statement and an uploaded photo), a two-thirds
 * referendum and an approval question, and a quorum; created, kept, edited in the Channel
 * Configuration, and kept again after a reload. axe-core on the dialog and the panel; 390 px wide.
 * Over 300 lines because it is one administrator's session from the first field to the reload: its
 * steps build on each other, and split into files they would each have to build the ballot again.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** axe-core's violations on the page as it stands that e2e/accessibility.test.ts fails on, in words. */
async function axe(page: Page): Promise<string[]> {
  await settle(page);
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return (
      (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
        // Serious and critical, and what e2e/accessibility.test.ts holds as well: content inside landmarks.
        .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "region")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
    );
  });
}

/** At a phone's width (the shell's drawer done moving), nothing wider than the screen. */
async function atPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await pause(600);
  await noSidewaysScroll(page);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

/** Fills the candidates of the open question dialog, adding rows as needed. */
async function fillCandidates(dialog: Locator, names: string[]) {
  const rows = dialog.getByLabel("Name", { exact: true });
  for (const [index, name] of names.entries()) {
    if ((await rows.count()) <= index) await dialog.getByRole("button", { name: "+ Add candidate" }).click();
    await rows.nth(index).fill(name);
  }
}

describe("question builder", () => {
  it("an admin builds an election with an office, an STV board, a referendum and an approval question, and a quorum; all kept", async () => {
    const admin = await registerOrganization();
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signInAs(context, admin);
    await page.goto("/organization/create-channel?type=election");
    await page.getByRole("heading", { name: "Voting Settings" }).waitFor();
    await page.getByLabel("Channel Name").fill("board-2027");
    await page.getByLabel("Start Date").fill(day(1));
    await page.getByLabel("End Date").fill(day(3));

    // The spec's flow, as it was: a candidate for President.
    await page.getByRole("button", { name: "+ Add Candidate" }).click();
    const candidate = page.getByRole("dialog", { name: "Add Candidate" });
    await candidate.getByLabel("Candidate Name").fill("Ama Serwaa");
    await candidate.getByLabel("Political Party").fill("Progress Party");
    await candidate.getByLabel("Position").selectOption({ label: "President" });
    await candidate.getByLabel("Candidate Image URL").fill("https://example.org/ama.jpg");
    await candidate.getByRole("button", { name: "Add", exact: true }).click();
    await candidate.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "President" }).waitFor();

    // An STV board: 3 seats, 6 candidates, the first with a statement and an uploaded photo.
    await page.getByRole("button", { name: "+ Add Question" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Question title").fill("Board of Directors");
    await dialog.getByLabel("Voting method").selectOption("stv");
    await dialog.getByText(/candidates reaching the quota are elected/).waitFor();
    await dialog.getByLabel("Seats to fill").fill("3");
    await shot(page, "questions-stv-dialog-top-1280");
    // Two candidates for three seats: refused in words, nothing added.
    await fillCandidates(dialog, ["Ada Lovelace", "Bo Diddley"]);
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.getByRole("alert").getByText("There are fewer candidates than seats.").waitFor();
    await fillCandidates(dialog, [
      "Ada Lovelace",
      "Bo Diddley",
      "Cy Twombly",
      "Di Fong",
      "Ed Asner",
      "Flo Jo",
    ]);
    await dialog.getByLabel("Statement (optional)").first().fill("I will publish every board decision.");
    await dialog.getByLabel("Upload a photo of Ada Lovelace").setInputFiles({
      name: "ada.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    const photo = dialog.getByLabel("Photo", { exact: true }).first();
    await expect.poll(() => photo.inputValue()).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    // A file that is not a picture is refused under the field, and the photo stays.
    await dialog.getByLabel("Upload a photo of Bo Diddley").setInputFiles({
      name: "bo.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture"),
    });
    await dialog.getByText(messages.candidatePhotoInvalid).waitFor();
    expect(await dialog.getByLabel("Photo", { exact: true }).nth(1).inputValue()).toBe("");
    await dialog.getByLabel("Shuffled for each voter").check();
    await shot(page, "questions-stv-dialog-1280");
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.waitFor({ state: "detached" });

    // A referendum passing with two thirds of the votes cast, Abstain allowed.
    await page.getByRole("button", { name: "+ Add Question" }).click();
    dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Question title").fill("Motion 3: amend article 12");
    await dialog.getByLabel("Description (optional)").fill("Article 12 would allow remote meetings.");
    await dialog.getByLabel("Voting method").selectOption("referendum");
    await dialog.getByLabel("Passes with").selectOption("two_thirds");
    await dialog.getByText("a referendum has no candidates").waitFor();
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.waitFor({ state: "detached" });

    // An approval question: choose one or two of three.
    await page.getByRole("button", { name: "+ Add Question" }).click();
    dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Question title").fill("Treasurer");
    await fillCandidates(dialog, ["Gil Scott", "Hana Ito", "Ivo Pogo"]);
    await dialog.getByLabel("Voting method").selectOption("approval");
    await dialog.getByLabel("Fewest choices").fill("1");
    await dialog.getByLabel("Most choices").fill("2");
    await dialog.getByRole("button", { name: "Add Question" }).click();
    await dialog.waitFor({ state: "detached" });

    // Majority judgment starts with six grades, best first, each renamed or removed (four at the
    // least); scores start at 0 to 10. Cancel adds nothing.
    await page.getByRole("button", { name: "+ Add Question" }).click();
    dialog = page.getByRole("dialog", { name: "Add Question" });
    await dialog.getByLabel("Voting method").selectOption("majority_judgment");
    const grades = dialog.getByLabel(/^Grade \d$/);
    expect(
      await grades.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(["Excellent", "Very good", "Good", "Fair", "Poor", "Reject"]);
    await dialog.getByLabel("Grade 6", { exact: true }).fill("To reject");
    await dialog.getByRole("button", { name: "Remove grade 5" }).click();
    await dialog.getByRole("button", { name: "Remove grade 4" }).click();
    expect(await grades.count()).toBe(4);
    expect(await dialog.getByRole("button", { name: "Remove grade 1" }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel("Grade 4", { exact: true }).inputValue()).toBe("To reject");
    await shot(page, "questions-grades-dialog-1280");
    await dialog.getByLabel("Voting method").selectOption("score");
    expect(await dialog.getByLabel("Highest score").inputValue()).toBe("10");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByText("Other questions (3)").waitFor();
    const quorum = page.getByLabel("Minimum turnout (quorum)");
    await quorum.fill("50");
    await shot(page, "questions-create-1280");
    expect(await axe(page)).toEqual([]);
    await atPhoneWidth(page);
    await page.getByText("Other questions (3)").scrollIntoViewIfNeeded();
    await shot(page, "questions-create-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Create Channel" }).click();
    await page.getByText(messages.channelCreated("board-2027")).waitFor();

    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      context,
      "GET",
      "/api/organizations/mine",
    );
    const { channels } = await apiJson<{ channels: Channel[] }>(
      context,
      "GET",
      `/api/organizations/${organizationId}/channels`,
    );
    const channel = channels.find((c) => c.name === "board-2027");
    if (!channel) throw new Error("the channel was not created");
    const stored = async () => apiJson<Election>(context, "GET", `/api/channels/${channel.id}/election`);
    let election = await stored();
    expect(election.quorum_percent).toBe(50);
    expect(election.positions.map((p) => [p.title, p.method.kind])).toEqual([
      ["President", "plurality"],
      ["Board of Directors", "stv"],
      ["Motion 3: amend article 12", "referendum"],
      ["Treasurer", "approval"],
    ]);
    const board = election.positions[1];
    expect(board?.method).toEqual({ kind: "stv", seats: 3 });
    expect(board?.order).toBe("shuffled");
    expect(board?.candidates).toHaveLength(6);
    expect(board?.candidates[0]?.statement).toBe("I will publish every board decision.");
    const photoUrl = board?.candidates[0]?.image_url ?? "";
    expect(photoUrl).toMatch(/^\/api\/uploads\//);
    const served = await context.request.get(photoUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(election.positions[2]?.method).toEqual({
      kind: "referendum",
      threshold: "two_thirds",
      base: "cast",
      abstain: true,
    });
    expect(election.positions[3]?.method).toMatchObject({ kind: "approval", min: 1, max: 2 });

    // The Channel Configuration shows them all; a move and a new quorum are saved and kept.
    const query = `?channelId=${channel.id}&channelName=${channel.name}`;
    await page.goto(`/organization/election${query}`);
    const panel = page.getByRole("complementary", { name: "Channel Configuration" });
    await panel.getByText("Other questions (3)").waitFor();
    await panel.getByText("Ama Serwaa").waitFor();
    expect(await panel.getByLabel("Minimum turnout (quorum)").inputValue()).toBe("50");
    await panel
      .getByText("Ranked, several seats (single transferable vote) · 3 seats · 6 candidates · shuffled")
      .waitFor();
    // By keyboard: the move keeps the focus on the question moved, and says where it went.
    await panel.getByRole("button", { name: "Move Treasurer up" }).focus();
    await page.keyboard.press("Enter");
    await panel.getByText("Treasurer moved to place 2 of 3.").waitFor();
    // The focus follows at the next frame, after the words are on screen.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move Treasurer up");
    // A new question by keyboard alone: Enter opens it, the title has the focus, Enter tries to add
    // it, the empty candidates are refused in words, Escape closes it and nothing was added.
    await panel.getByRole("button", { name: "+ Add Question" }).focus();
    await page.keyboard.press("Enter");
    dialog = page.getByRole("dialog", { name: "Add Question" });
    await page.keyboard.type("Secretary");
    expect(await dialog.getByLabel("Question title").inputValue()).toBe("Secretary");
    await page.keyboard.press("Enter");
    await dialog.getByText("Every candidate needs a name.").first().waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await panel.getByText("Other questions (3)").waitFor();
    await panel.getByLabel("Minimum turnout (quorum)").fill("150");
    expect(await panel.getByRole("button", { name: "Save voting window and candidates" }).isDisabled()).toBe(
      true,
    );
    await panel.getByText(messages.quorumInvalid).first().waitFor();
    await panel.getByLabel("Minimum turnout (quorum)").fill("40");
    await shot(page, "questions-configuration-1280");
    expect(await axe(page)).toEqual([]);
    await panel.getByRole("button", { name: "Save voting window and candidates" }).click();
    await page.getByText("Voting window and candidates saved").first().waitFor();

    await page.reload();
    await panel.getByText("Other questions (3)").waitFor();
    expect(await panel.getByLabel("Minimum turnout (quorum)").inputValue()).toBe("40");
    election = await stored();
    expect(election.quorum_percent).toBe(40);
    expect(election.positions.map((p) => p.title)).toEqual([
      "President",
      "Board of Directors",
      "Treasurer",
      "Motion 3: amend article 12",
    ]);
    expect(election.positions[1]?.candidates[0]?.image_url).toBe(photoUrl);

    // The board's statement and photo are there to edit; at 390 px the dialog fits the screen.
    await panel.getByRole("button", { name: "Edit Board of Directors" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Question" });
    expect(await dialog.getByLabel("Statement (optional)").first().inputValue()).toBe(
      "I will publish every board decision.",
    );
    expect(await dialog.getByLabel("Photo", { exact: true }).first().inputValue()).toBe(photoUrl);
    await atPhoneWidth(page);
    await shot(page, "questions-stv-dialog-390");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await noSidewaysScroll(page);
    await shot(page, "questions-configuration-390");

    // A refusal from the server about one question shows under that question. (The browser checks
    // every rule the contract has, so the answer is given here as the server gives one.)
    await page.route("**/api/elections/*/definition", (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: {
            code: "bad_request",
            message: "This title is refused.",
            field: "voting_settings.questions.2.title",
          },
        },
      }),
    );
    await panel.getByLabel("Minimum turnout (quorum)").fill("30");
    await panel.getByRole("button", { name: "Save voting window and candidates" }).click();
    await panel
      .getByRole("listitem")
      .filter({ hasText: "Motion 3" })
      .getByText("This title is refused.")
      .waitFor();
    await page.unroute("**/api/elections/*/definition");
    await context.close();
  });
});
