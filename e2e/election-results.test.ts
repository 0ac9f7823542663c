/**
 * Every method's result on every screen that shows results: an election with a plurality office and
 * eight questions (block, approval, referendum, instant runoff, STV, Schulze, majority judgment,
 * score), seven voters casting through the API, closed; then the Results tab, the results screen,
 * the organization overview and the printable report at 1280 and 390 px, checked by axe-core and
 * for sideways scroll.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ballot } from "../contract/ballots/ballot";
import type { QuestionInput } from "../contract/ballots/question";
import type { Channel } from "../contract/channels";
import type { Election } from "../contract/elections";
import { axeViolations, settle, sideways } from "./browser";
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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const people = (...names: string[]) => names.map((name) => ({ name, photo_url: "/favicon.svg" }));

const QUESTIONS: QuestionInput[] = [
  {
    title: "Executive committee",
    candidates: people("Abena", "Kwame", "Yaa", "Kofi"),
    method: { kind: "block", seats: 2 },
  },
  {
    title: "Annual retreat venue",
    candidates: people("Cape Coast", "Kumasi", "Ho", "Tamale"),
    method: { kind: "approval", min: 0, max: 4, seats: 1 },
  },
  {
    title: "Motion 3: amend article 12",
    candidates: [],
    method: { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true },
  },
  { title: "Treasurer", candidates: people("Ama", "Esi", "Kojo", "Akua"), method: { kind: "irv" } },
  {
    title: "Board of Directors",
    candidates: people("Adwoa", "Baaba", "Kobina", "Ekow", "Efua", "Yaw"),
    method: { kind: "stv", seats: 3 },
  },
  { title: "Secretary", candidates: people("Nana", "Afia", "Kwesi", "Adjoa"), method: { kind: "schulze" } },
  {
    title: "Logo design",
    candidates: people("Sun", "Drum", "Star"),
    method: { kind: "majority_judgment", grades: ["Excellent", "Very good", "Good", "Fair", "Reject"] },
  },
  {
    title: "Event rating",
    candidates: people("Gala", "Picnic", "Concert"),
    method: { kind: "score", max: 5 },
  },
];

const ranking = (...names: string[]): Ballot => ({ kind: "ranking", ranks: names.map((n) => [n]) });

/** Seven voters' answers by question title, names for ids (turned into ids once the election exists). */
const VOTES: Array<Record<string, Ballot | string>> = [
  [
    "Ama Serwaa",
    ["Abena", "Kwame"],
    ["Cape Coast", "Kumasi"],
    "yes",
    ["Ama", "Esi"],
    ["Adwoa", "Baaba", "Kobina"],
    ["Nana", "Afia", "Kwesi"],
    [0, 2, 3],
    [5, 2, 1],
  ],
  [
    "Ama Serwaa",
    ["Abena", "Yaa"],
    ["Kumasi"],
    "yes",
    ["Ama", "Kojo"],
    ["Adwoa", "Kobina"],
    ["Nana", "Kwesi", "Afia"],
    [1, 1, 4],
    [4, 3, 2],
  ],
  [
    "Ama Serwaa",
    ["Kwame", "Yaa"],
    ["Kumasi", "Ho"],
    "yes",
    ["Esi", "Ama"],
    ["Adwoa", "Efua", "Ekow"],
    ["Afia", "Nana"],
    [0, 3, 2],
    [5, 5, 0],
  ],
  [
    "Kojo Mensah",
    ["Abena", "Kwame"],
    ["Cape Coast"],
    "yes",
    ["Esi", "Kojo"],
    ["Baaba", "Adwoa"],
    ["Afia", "Kwesi", "Nana"],
    [2, 0, 3],
    [3, 4, 1],
  ],
  [
    "Kojo Mensah",
    ["Kofi", "Abena"],
    ["Tamale", "Kumasi"],
    "no",
    ["Kojo", "Esi"],
    ["Ekow", "Efua", "Yaw"],
    ["Kwesi", "Nana", "Afia"],
    [1, 1, 1],
    [2, 1, 5],
  ],
  [
    "Esi Badu",
    ["Kwame", "Abena"],
    ["Kumasi", "Cape Coast"],
    "no",
    ["Akua", "Kojo", "Esi"],
    ["Efua", "Ekow"],
    ["Nana", "Adjoa"],
    [0, 4, 4],
    [4, 2, 2],
  ],
  [
    "Kojo Mensah",
    ["Yaa", "Kofi"],
    ["Ho"],
    "abstain",
    ["Ama"],
    ["Yaw", "Efua", "Kobina"],
    ["Adjoa", "Afia"],
    [2, 1, 0],
    [1, 3, 4],
  ],
].map(([president, block, approval, answer, irv, stv, schulze, grades, scores]) => ({
  president: president as string,
  "Executive committee": { kind: "set", candidates: block as string[] },
  "Annual retreat venue": { kind: "set", candidates: approval as string[] },
  "Motion 3: amend article 12": { kind: "answer", answer: answer as "yes" | "no" | "abstain" },
  Treasurer: ranking(...(irv as string[])),
  "Board of Directors": ranking(...(stv as string[])),
  Secretary: ranking(...(schulze as string[])),
  "Logo design": {
    kind: "grades",
    grades: Object.fromEntries(["Sun", "Drum", "Star"].map((n, i) => [n, (grades as number[])[i] as number])),
  },
  "Event rating": {
    kind: "scores",
    scores: Object.fromEntries(
      ["Gala", "Picnic", "Concert"].map((n, i) => [n, (scores as number[])[i] as number]),
    ),
  },
}));

/** A ballot written with names, with the position's candidate ids instead. */
function withIds(ballot: Ballot, id: (name: string) => string): Ballot {
  switch (ballot.kind) {
    case "set":
      return { ...ballot, candidates: ballot.candidates.map(id) };
    case "ranking":
      return { ...ballot, ranks: ballot.ranks.map((rank) => rank.map(id)) };
    case "grades":
      return {
        ...ballot,
        grades: Object.fromEntries(Object.entries(ballot.grades).map(([n, g]) => [id(n), g])),
      };
    case "scores":
      return {
        ...ballot,
        scores: Object.fromEntries(Object.entries(ballot.scores).map(([n, s]) => [id(n), s])),
      };
    default:
      return ballot;
  }
}

async function vote(
  context: BrowserContext,
  election: Election,
  idNumber: string,
  votes: Record<string, Ballot | string>,
) {
  const grant = await apiJson<{ grant_id: string }>(
    context,
    "POST",
    `/api/elections/${election.id}/verification`,
    {
      method: "national_id",
      id_number: idNumber,
    },
  );
  const selections = election.positions.map((position) => {
    const id = (name: string) => {
      const found = position.candidates.find((c) => c.name === name);
      if (!found) throw new Error(`${name} is not a candidate of ${position.title}`);
      return found.id;
    };
    const answer = position.method.kind === "plurality" ? votes.president : votes[position.title];
    if (answer === undefined) throw new Error(`no answer for ${position.title}`);
    return typeof answer === "string"
      ? { position_id: position.id, candidate_id: id(answer) }
      : { position_id: position.id, ballot: withIds(answer, id) };
  });
  await apiJson(context, "POST", `/api/elections/${election.id}/ballots`, {
    grant_id: grant.grant_id,
    selections,
  });
}

async function audit(page: Page, screen: string) {
  await settle(page);
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious, `${screen}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/** The page at 1280 px then 390 px: a screenshot of each, axe at both, no sideways scroll on the phone. */
async function bothWidths(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 1280, height: 860 });
  await ready();
  await audit(page, name);
  await shot(page, `results-${name}-1280`);
  if (takingShots) {
    // The app scrolls inside its own box: a tall window shows the whole screen in one picture.
    await page.setViewportSize({ width: 1280, height: 4200 });
    await page.waitForTimeout(300);
    await shot(page, `results-${name}-1280-whole`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  // Polled, not after a fixed pause: the charts' canvases follow a new width on the next resize
  // observation, later than 300 ms when the machine is busy (a run saw them still 554 px wide).
  await expect.poll(() => sideways(page), { message: `${name} at 390 px` }).toBe("");
  await audit(page, `${name}-390`);
  await shot(page, `results-${name}-390`);
}

/** Each question's result on its own, at 1280 and 390 px (from the report, which the document scrolls). */
async function eachQuestion(page: Page, scope: Locator, titles: string[]) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    for (const title of titles) {
      const region = scope.getByRole("region", { name: title, exact: true });
      await region.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      const file = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      await shot(region, `results-question-${file}-${width}`);
    }
  }
}

describe("results of every method", () => {
  it("shows each question's winners and how they won, the quorum and a printable report", async () => {
    const ownerAccount = await registerOrganization({ full_name: "Kofi Admin" });
    const owner = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 860 },
      bypassCSP: true,
    });
    await signInAs(owner, ownerAccount);
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      owner,
      "GET",
      "/api/organizations/mine",
    );
    const voters: Array<{ context: BrowserContext; idNumber: string }> = [];
    // Eight on the roll, seven vote: turnout 87.5% against a 60% quorum.
    for (let i = 0; i < 8; i++) {
      const account = await registerVoter({ full_name: `Voter ${i + 1}` });
      const context = await browser.newContext({ baseURL });
      await signInAs(context, account);
      await apiJson(context, "POST", `/api/organizations/${organizationId}/join`);
      voters.push({ context, idNumber: account.id_number });
    }
    const { channel } = await apiJson<{ channel: Channel }>(owner, "POST", "/api/channels", {
      organization_id: organizationId,
      name: "agm-2026",
      type: "election",
      description: "Annual general meeting",
      voting_settings: {
        startDate: day(1),
        endDate: day(3),
        quorumPercent: 60,
        candidates: ["Ama Serwaa", "Kojo Mensah", "Esi Badu"].map((name, index) => ({
          name,
          party: ["Progress Party", "Unity Alliance", "Green Coalition"][index],
          position: "president",
          image: "/favicon.svg",
        })),
        questions: QUESTIONS,
      },
    });
    const upcoming = await apiJson<Election>(owner, "GET", `/api/channels/${channel.id}/election`);
    await apiJson(owner, "POST", `/api/elections/${upcoming.id}/open`);
    const election = await apiJson<Election>(owner, "GET", `/api/elections/${upcoming.id}`);
    expect(election.positions).toHaveLength(9);
    for (const [index, votes] of VOTES.entries()) {
      const voter = voters[index];
      if (voter) await vote(voter.context, election, voter.idNumber, votes);
    }
    await apiJson(owner, "POST", `/api/elections/${election.id}/close`);
    const closed = await apiJson<Election>(owner, "GET", `/api/elections/${election.id}`);
    expect(closed.positions.every((p) => p.result !== null)).toBe(true);
    expect(closed.quorum).toMatchObject({ percent: 60, met: true });

    const page = await owner.newPage();
    // The channel's Results tab: the quorum, then every question.
    await page.goto(`/organization/election?channelId=${channel.id}&channelName=${channel.name}`);
    await page.getByRole("tab", { name: "Results" }).click();
    const tab = page.getByRole("tabpanel");
    await tab.getByText("Valid: turnout 87.5%, quorum 60%").waitFor();
    await tab.getByText("Stage 1", { exact: true }).waitFor();
    const board = tab.getByRole("region", { name: "Board of Directors" });
    await board.getByText(/^Quota 2 \(Droop: 7 valid ballots/).waitFor();
    await board.getByText(/^Elected: /).waitFor();
    // Its six candidates' stages fit beside the configuration panel at 1280 px: no sideways scroll.
    const stages = board.getByRole("table", { name: "Stages, Board of Directors" });
    await page.getByRole("complementary", { name: "Channel Configuration" }).waitFor();
    const overflow = await stages.evaluate(
      (table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0),
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const motion = tab.getByRole("region", { name: "Motion 3: amend article 12" });
    // 4 Yes of 6 Yes and No: two thirds needs 4.
    await motion.getByText("Passed", { exact: true }).waitFor();
    await motion.getByText("Yes 4 of 6 Yes and No votes (66.6%); two thirds needed 4 Yes.").waitFor();
    await tab.getByRole("region", { name: "Treasurer" }).getByText("Round 1", { exact: true }).waitFor();
    const secretary = tab.getByRole("region", { name: "Secretary" });
    await secretary.getByRole("columnheader", { name: "Nana" }).waitFor();
    await secretary.getByRole("rowheader", { name: "Afia" }).first().waitFor();
    await tab
      .getByRole("region", { name: "Logo design" })
      .getByText(/Majority grade:/)
      .first()
      .waitFor();
    await tab
      .getByRole("region", { name: "Annual retreat venue" })
      .getByText("Elected", { exact: true })
      .waitFor();
    // Plurality keeps the spec's list. Ama and Kojo tie with 3 votes each: the count's lot elected
    // one (as on the board), who alone has the trophy, and the tie says how it was decided.
    const president = tab.getByRole("region", { name: "President" });
    expect(await president.getByText("3 votes", { exact: true }).count()).toBe(2);
    await president
      .getByText(/^(Ama Serwaa|Kojo Mensah) tied with (Ama Serwaa|Kojo Mensah); decided by the public seed$/)
      .waitFor();
    expect(await president.locator('[title="Winner"]').count()).toBe(1);
    await bothWidths(page, "channel-tab", () => tab.getByText("Stage 1", { exact: true }).waitFor());

    // The results screen: overview, then the detailed view with charts and tables.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/organization/election-results");
    await page.getByText("Valid: turnout 87.5%, quorum 60%").waitFor();
    // Seven ballots in each of nine questions, by seven voters (the Votes Cast tile's).
    await page.getByText("63 votes in total across 9 positions, cast by 7 voters").waitFor();
    await page
      .getByText(/tied with (Ama Serwaa|Kojo Mensah); decided by the public seed$/)
      .first()
      .waitFor();
    await bothWidths(page, "screen-overview", () =>
      page
        .getByText(/^Elected: /)
        .first()
        .waitFor(),
    );
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole("tab", { name: "Detailed Charts" }).click();
    await page.getByText("Stage 1", { exact: true }).waitFor();
    await bothWidths(page, "screen-detailed", () => page.locator("canvas").first().waitFor());

    // The public board says it too, with the results.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`/elections/${closed.id}/bulletin`);
    await page.getByText("Valid: turnout 87.5%, quorum 60%").waitFor();
    await shot(page, "board-quorum");

    // The organization overview.
    await page.goto("/organization");
    await page.getByText("Valid: turnout 87.5%, quorum 60%").waitFor();
    await bothWidths(page, "organization-overview", () =>
      page
        .getByText(/^Elected: /)
        .first()
        .waitFor(),
    );

    // The printable report: opened from the results screen.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/organization/election-results");
    await page.getByRole("link", { name: "Print report" }).click();
    await page.getByRole("heading", { level: 1, name: "Results report: agm-2026" }).waitFor();
    // Read or printed away from the workspace, it names its organization.
    await page.getByText(ownerAccount.organization, { exact: true }).waitFor();
    const head = closed.counting?.head;
    if (head) await page.getByText(`${head.sequence}:${head.root}`).waitFor();
    await page.getByText("Counted", { exact: true }).waitFor();
    // A plurality question's votes in total (and its blank ballots), as the Results tab says them.
    await page
      .getByRole("region", { name: "President" })
      .getByText(/^\d+ votes? in total/)
      .waitFor();
    await page.getByRole("button", { name: "Print report" }).waitFor();
    await bothWidths(page, "report", () => page.getByText("Stage 1", { exact: true }).waitFor());
    await eachQuestion(page, page.getByRole("main"), ["President", ...QUESTIONS.map((q) => q.title)]);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print report" }).isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 860 });
    await shot(page, "results-report-print");
    await keep("results-report.pdf", () => page.pdf()).catch(() => undefined);

    for (const voter of voters) await voter.context.close();
    await owner.close();
  }, 300_000);
});
