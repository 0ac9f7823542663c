// Over 300 lines: the board's two journeys (every kind of answer with the receipt lookup, 3,000 ballots in pages and a tampered ranking; the demo's board election) share their setup and helpers.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Ballot } from "../contract/ballots/ballot";
import type { QuestionInput } from "../contract/ballots/question";
import type { Bulletin } from "../contract/bulletin";
import type { CastVoteResult, Election } from "../contract/elections";
import { verifyBulletin } from "../server/features/elections/recount";
import { RECEIPTS_PREFIX } from "../web/src/features/accounts/keptOnDevice";
import { words } from "../web/src/features/elections/bulletinText";
import { type RunningE2eApp, startE2eApp } from "./app";
import { apiJson, settle, signInAs, takeOverDemoAccount } from "./browser";
import { axeFindings, launchBrowser, openElection, organizationWithVoter, PRESIDENTS, shot } from "./support";

/**
 * The public bulletin board with every kind of question: each sealed ballot in full (rankings with
 * their ranks, Schulze's shared ranks, sets, Yes/No/Abstain, grades by name, scores, blank), the
 * voter's receipt lookup showing the whole answer, the tie-break seed and each question's result,
 * and the browser's own seal check passing; then the demo's completed board election. Both widths,
 * axe-clean, no sideways scroll on a phone.
 */

const person = (name: string) => ({ name, party: "", statement: "", photo_url: "" });
const QUESTIONS: QuestionInput[] = [
  {
    title: "Board of Directors",
    candidates: ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra"].map(person),
    method: { kind: "stv", seats: 2 },
  },
  {
    title: "Venue",
    candidates: ["Great Hall", "Library", "Online"].map(person),
    method: { kind: "schulze" },
  },
  {
    title: "Social committee",
    candidates: ["Kwame Asante", "Akosua Boateng", "Yaa Asantewaa"].map(person),
    method: { kind: "approval", min: 1, max: 3, seats: 1 },
  },
  {
    title: "Motion 3: amend article 12",
    candidates: [],
    method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
  },
  {
    title: "Newsletter editor",
    candidates: ["Abena Ofori", "Kwesi Appiah"].map(person),
    method: { kind: "majority_judgment", grades: ["Excellent", "Good", "Fair", "Reject"] },
  },
  {
    title: "Catering",
    candidates: ["Jollof", "Waakye"].map(person),
    method: { kind: "score", max: 5 },
  },
  {
    title: "Chair",
    candidates: ["Nia Mensah", "Ekow Quaye"].map(person),
    method: { kind: "irv" },
    blank: true,
  },
];

let browser: Browser;
let demo: RunningE2eApp | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

/** The board at 1280 and 390 px (whole page), and whether the phone width scrolls sideways. */
async function shots(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) problems.push(`[${name}] ${wide}px wide at ${width}px`);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

describe("the bulletin board", () => {
  it("publishes every kind of answer in full; the voter finds theirs by receipt; the seals check out", async () => {
    const joined = await organizationWithVoter(
      browser,
      { voter: { full_name: "Abena Voter" } },
      { viewport: { width: 1280, height: 900 }, bypassCSP: true },
    );
    const [admin, voter] = [joined.owner.context, joined.voter.context];
    const { election: upcoming } = await openElection(
      admin,
      joined.organizationId,
      "agm-2026",
      PRESIDENTS,
      QUESTIONS,
    );
    const election = await apiJson<Election>(voter, "GET", `/api/elections/${upcoming.id}`);
    const position = (title: string) => {
      const found = election.positions.find((p) => p.title === title);
      if (!found) throw new Error(`no question ${title}`);
      return found;
    };
    const id = (title: string, name: string) =>
      position(title).candidates.find((c) => c.name === name)?.id ?? name;
    const answers: Array<[string, Ballot]> = [
      [
        "Board of Directors",
        {
          kind: "ranking",
          ranks: ["Alan Turing", "Ada Lovelace", "Edsger Dijkstra"].map((n) => [id("Board of Directors", n)]),
        },
      ],
      [
        "Venue",
        {
          kind: "ranking",
          ranks: [[id("Venue", "Great Hall"), id("Venue", "Online")], [id("Venue", "Library")]],
        },
      ],
      [
        "Social committee",
        {
          kind: "set",
          candidates: [id("Social committee", "Kwame Asante"), id("Social committee", "Yaa Asantewaa")],
        },
      ],
      ["Motion 3: amend article 12", { kind: "answer", answer: "yes" }],
      [
        "Newsletter editor",
        {
          kind: "grades",
          grades: {
            [id("Newsletter editor", "Abena Ofori")]: 1,
            [id("Newsletter editor", "Kwesi Appiah")]: 3,
          },
        },
      ],
      [
        "Catering",
        { kind: "scores", scores: { [id("Catering", "Jollof")]: 5, [id("Catering", "Waakye")]: 2 } },
      ],
      ["Chair", { kind: "blank" }],
    ];
    const grant = await apiJson<{ grant_id: string }>(
      voter,
      "POST",
      `/api/elections/${election.id}/verification`,
      {
        method: "national_id",
        id_number: joined.voterAccount.id_number,
      },
    );
    const cast = await apiJson<CastVoteResult>(voter, "POST", `/api/elections/${election.id}/ballots`, {
      grant_id: grant.grant_id,
      selections: [
        { position_id: position("President").id, candidate_id: id("President", "Kojo Mensah") },
        ...answers.map(([title, ballot]) => ({ position_id: position(title).id, ballot })),
      ],
    });
    await apiJson(admin, "POST", `/api/elections/${election.id}/close`);

    // The voter looks up the receipt (this browser did not keep it: typed in).
    const page = await voter.newPage();
    await page.goto(`/elections/${election.id}/bulletin`);
    await page.getByRole("heading", { name: "agm-2026" }).waitFor();
    // What is not a receipt is said so, not "not found yet".
    await page.getByLabel("Your receipt").fill("VS-0000-0000-0000");
    await page.getByRole("button", { name: "Find my ballot" }).click();
    await page.getByRole("alert").filter({ hasText: words.notAReceipt }).waitFor();
    expect(await page.getByText(words.notFound).count()).toBe(0);
    // As copied from a printed receipt: lower case, spaces between the groups.
    await page.getByLabel("Your receipt").fill(cast.receipt.toLowerCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "Find my ballot" }).click();
    const found = page.getByRole("status").filter({ hasText: "Found:" });
    // Each found by its tag in the one seal, its hash there checked to hold the published answer.
    for (const line of [
      "Found: your ballot for President is recorded for Kojo Mensah",
      "Found: your ballot for Board of Directors is recorded as: 1. Alan Turing, 2. Ada Lovelace, 3. Edsger Dijkstra",
      "Found: your ballot for Venue is recorded as: 1. Great Hall = Online (same rank), 2. Library",
      "Found: your ballot for Social committee is recorded as: Kwame Asante, Yaa Asantewaa",
      "Found: your ballot for Motion 3: amend article 12 is recorded as: Yes",
      "Found: your ballot for Newsletter editor is recorded as: Abena Ofori: Good, Kwesi Appiah: Reject",
      "Found: your ballot for Catering is recorded as: Jollof: 5, Waakye: 2",
      "Found: your ballot for Chair is recorded as: Blank vote",
    ])
      await found.getByText(`${line}, and seal 1 holds it`).waitFor();

    // Had this browser kept another choice for President with that receipt (a ballot changed after
    // it was cast), the record is not ticked: the voter is told what they chose and what to do.
    const me = await apiJson<{ profile: { id: string } }>(voter, "GET", "/api/session");
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [
        `${RECEIPTS_PREFIX}${me.profile.id}`,
        JSON.stringify({
          [election.id]: [
            {
              receipt: cast.receipt,
              choices: { [position("President").id]: id("President", "Ama Serwaa") },
              cast_at: new Date().toISOString(),
            },
          ],
        }),
      ],
    );
    await page.reload();
    await page.getByRole("button", { name: "Find my ballot" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "⚠ Found: your ballot for President is recorded for Kojo Mensah" })
      .getByText(words.notYourChoice("President", "Ama Serwaa"), { exact: false })
      .waitFor();
    await shot(page, "bulletin-not-your-choice");
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByLabel("Your receipt").fill(cast.receipt);
    await page.getByRole("button", { name: "Find my ballot" }).click();
    await found.getByText("Found: your ballot for President is recorded for Kojo Mensah").first().waitFor();

    // Each question's table: the whole answer, marked as the voter's; its result; the seed; the check.
    const board = page.getByRole("region", { name: "Board of Directors" });
    const row = board.getByRole("row").filter({ hasText: "Your ballot" });
    await row.getByText("1. Alan Turing, 2. Ada Lovelace, 3. Edsger Dijkstra").waitFor();
    await board.getByText("Method: Single transferable vote (Scottish STV), 2 seats").waitFor();
    await board.getByText(/^Result: Elected: /).waitFor();
    await page
      .getByRole("region", { name: "Motion 3: amend article 12" })
      .getByText(/^Result: Passed: 1 Yes, 0 No, 0 Abstain/)
      .waitFor();
    const bulletin = await apiJson<Bulletin>(voter, "GET", `/api/elections/${election.id}/bulletin`);
    expect(bulletin.tie_seed).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText(`${bulletin.tie_seed}`).waitFor();
    await page.getByText(/^Drawn at random when voting closed/).waitFor();
    await page.getByText(/^✓ Checked in this browser: 1 seal covering 8 ballots/).waitFor();

    const findings = await axeFindings(page, "bulletin-full");
    findings.push(...(await shots(page, "bulletin-full")));

    // Thousands of ballots: 50 to a page, the voter's own first, paged by keyboard.
    const mine = bulletin.ballots.find((b) => b.position_id === position("Board of Directors").id);
    if (!mine) throw new Error("no board ballot");
    const many = Array.from({ length: 3000 }, (_, i) => ({
      ...mine,
      receipt_hash: i.toString(16).padStart(64, "0"),
    }));
    await page.route("**/api/elections/*/bulletin", (route) =>
      route.fulfill({ json: { ...bulletin, ballots: [...bulletin.ballots, ...many] } }),
    );
    await page.reload();
    await page.getByLabel("Your receipt").fill(cast.receipt);
    await page.getByRole("button", { name: "Find my ballot" }).click();
    await board.getByText("Ballots 1–50 of 3,001").waitFor();
    // Its seal check fails (3,001 answers, 8 sealed): the voter's own record is not ticked either.
    await page.getByRole("status").getByText(words.boardBroken, { exact: false }).first().waitFor();
    expect(await board.getByRole("row").count()).toBe(51);
    await board.getByRole("row").nth(1).getByText("Your ballot").waitFor();
    const pages = board.getByRole("navigation", { name: "Board of Directors: pages of ballots" });
    await pages.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await board.getByText("Ballots 51–100 of 3,001").waitFor();
    expect(await board.getByText("Your ballot").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Next");
    await pages.getByRole("button", { name: "Previous" }).click();
    await board.getByText("Ballots 1–50 of 3,001").waitFor();
    // On the first page Previous stays focusable and says it is off.
    expect(await pages.getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");
    await pages.getByRole("button", { name: "Next" }).click();
    await shot(page, "bulletin-pages-1280");
    await page.unroute("**/api/elections/*/bulletin");

    // Hundreds of seals (one per ten voters or so): 50 to a page as well.
    const seals = Array.from({ length: 120 }, (_, i) => ({ ...bulletin.seals[0], sequence: i + 1 }));
    // The voter's ballots in seal 87: a lookup opens the page holding it, and marks it.
    const sealed = bulletin.sealed.map((s) => ({ ...s, seal: 87 }));
    await page.route("**/api/elections/*/bulletin", (route) =>
      route.fulfill({ json: { ...bulletin, seals, sealed } }),
    );
    await page.reload();
    const sealTable = page.getByRole("table", { name: "Seals" });
    await page.getByText("Seals 1–50 of 120").waitFor();
    expect(await sealTable.getByRole("row").count()).toBe(51);
    const sealPages = page.getByRole("navigation", { name: "Pages of seals" });
    await sealPages.getByRole("button", { name: "Next" }).click();
    await page.getByText("Seals 51–100 of 120").waitFor();
    await sealTable.getByRole("cell", { name: "#51", exact: true }).waitFor();
    await sealPages.getByRole("button", { name: "Next" }).click();
    await page.getByText("Seals 101–120 of 120").waitFor();
    await page.getByLabel("Your receipt").fill(cast.receipt);
    await page.getByRole("button", { name: "Find my ballot" }).click();
    await found
      .getByText("Found: your ballot for President is recorded for Kojo Mensah, and seal 87 holds it")
      .waitFor();
    await page.getByText("Seals 51–100 of 120").waitFor();
    const holding = sealTable.getByRole("row").filter({ hasText: "Holds your ballot" });
    expect(await holding.count()).toBe(1);
    await holding.getByRole("cell", { name: "#87 Holds your ballot" }).waitFor();
    // 120 copies of one seal break the chain at each: the check says the first few and how many more.
    const problems = page.getByRole("status").filter({ hasText: words.checkFailed });
    await problems.getByText(/ And [\d,]+ more problems\.$/).waitFor();
    expect((await problems.textContent())?.match(/Seal \d+/g)?.length).toBeLessThanOrEqual(5);
    await shot(page, "bulletin-seal-found");
    await page.unroute("**/api/elections/*/bulletin");

    // A ranking published other than it was sealed: the voter's own lookup says its seal holds
    // another answer (no one else can tell which hash is whose)...
    const tampered = bulletin.ballots.map((b) =>
      b.ballot?.kind === "ranking" && b.ballot.ranks.length === 3
        ? { ...b, ballot: { ...b.ballot, ranks: [...b.ballot.ranks].reverse() } }
        : b,
    );
    await page.route("**/api/elections/*/bulletin", (route) =>
      route.fulfill({ json: { ...bulletin, ballots: tampered } }),
    );
    await page.reload();
    await page.getByLabel("Your receipt").fill(cast.receipt);
    await page.getByRole("button", { name: "Find my ballot" }).click();
    await page.getByRole("status").getByText(words.hashDiffers("Board of Directors", 1)).waitFor();
    await page.unroute("**/api/elections/*/bulletin");
    // ...and a seal's hash changed: the browser's check says which seal no longer matches.
    const rehashed = bulletin.sealed.map((s) => ({ ...s, hashes: [...s.hashes].reverse() }));
    await page.route("**/api/elections/*/bulletin", (route) =>
      route.fulfill({ json: { ...bulletin, sealed: rehashed } }),
    );
    await page.reload();
    await page.getByText(/Seal 1: its root does not match its ballots/).waitFor();
    await page.unroute("**/api/elections/*/bulletin");
    expect(findings).toEqual([]);
    await admin.close();
    await voter.close();
  });

  it("shows the demo's board election: STV rankings, the motion's result, the seed, the seal check", async () => {
    demo = await startE2eApp({ demoData: true, webDist: inject("webDist") });
    const context = await browser.newContext({
      baseURL: demo.baseURL,
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const account = { email: "admin@demo.votespace.local", password: "Board2025!x" };
    await takeOverDemoAccount(context, account.email, account.password);
    await signInAs(context, account);
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      context,
      "GET",
      "/api/organizations/mine",
    );
    const { elections } = await apiJson<{ elections: Election[] }>(
      context,
      "GET",
      `/api/organizations/${organizationId}/elections`,
    );
    const election = elections.find((e) => e.title === "board-election");
    if (!election) throw new Error("no demo board election");
    await context.clearCookies();

    // Anyone, signed in or not, opens the board.
    const page = await context.newPage();
    const boardRead = () =>
      page.waitForResponse((r) => r.url().endsWith(`/api/elections/${election.id}/bulletin`));
    let read = boardRead();
    await page.goto(`/elections/${election.id}/bulletin`);
    await page.getByRole("heading", { name: "board-election" }).waitFor();
    // Sent compressed; a second visit revalidates it with its ETag (the server answers 304, which
    // Chromium reports as the 200 it kept) and shows it.
    const first = await read;
    expect(await first.headerValue("content-encoding")).toBe("br");
    read = boardRead();
    await page.reload();
    expect(await (await read).request().headerValue("if-none-match")).toBe(await first.headerValue("etag"));
    await page.getByRole("heading", { name: "board-election" }).waitFor();
    const board = page.getByRole("region", { name: "Board of Directors" });
    await board.getByText("Method: Single transferable vote (Scottish STV), 3 seats").waitFor();
    await board.getByText(/^Result: Elected: /).waitFor();
    await board.getByRole("cell", { name: "1. Ngozi Obi, 2. Samuel Ofori, 3. Priya Nair" }).first().waitFor();
    await board
      .getByRole("cell", { name: /^1\. Samuel Ofori, 2\. Ngozi Obi$/ })
      .first()
      .waitFor();
    await page
      .getByRole("region", { name: "Motion 1: adopt the revised constitution" })
      .getByText(/^Result: Passed: 27 Yes, 12 No, 3 Abstain/)
      .waitFor();
    await page.getByText("Tie-break seed:", { exact: true }).waitFor();
    await page.getByText(/^✓ Checked in this browser: \d+ seals? covering \d+ ballots/).waitFor();
    // Saved, the board is the file verify-election --board checks away from this site.
    const saving = page.waitForEvent("download");
    await page.getByRole("link", { name: words.saveBoard }).click();
    const saved = JSON.parse(await readFile((await (await saving).path()) as string, "utf8")) as Bulletin;
    expect(verifyBulletin(saved)).toMatchObject({ recounted: 3, choicesPublished: true, problems: [] });
    // The verifier the page offers is one file that checks the saved board with Node alone.
    const fetching = page.waitForEvent("download");
    await page.getByRole("link", { name: words.getVerifier }).click();
    const verifier = await fetching;
    expect(verifier.suggestedFilename()).toBe("verify-election.mjs");
    const folder = await mkdtemp(join(tmpdir(), "auditor-"));
    await verifier.saveAs(join(folder, "verify-election.mjs"));
    await writeFile(join(folder, "board.json"), JSON.stringify(saved));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["verify-election.mjs", "--board", "board.json"],
      {
        cwd: folder,
      },
    );
    expect(stdout).toContain("3 questions recounted");
    expect(stdout).toContain("  OK: ");
    await page.getByText(`node verify-election.mjs --board bulletin-${election.id}.json`).waitFor();
    const findings = await axeFindings(page, "bulletin-demo");
    findings.push(...(await shots(page, "bulletin-demo")));
    expect(findings).toEqual([]);
    await context.close();
  }, 240_000);
});
