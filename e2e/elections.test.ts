// Over 300 lines: the elections journeys (voting with receipt, bulletin board and results; editing and hiding results; phone codes; empty states) on one shared organization and browser.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bulletin } from "../contract/bulletin";
import { type Channel, DEFAULT_SECURITY_SETTINGS } from "../contract/channels";
import { type Election, electionMessages, electionServerMessages } from "../contract/elections";
import { verificationMessages } from "../contract/verification-messages";
import { apiJson } from "./browser";
import {
  launchBrowser,
  newPage,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
  voteWithNationalId,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A date n days from today as YYYY-MM-DD. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

const CANDIDATES = [
  { name: "Ama Serwaa", party: "Progress Party", position: "president" },
  { name: "Kojo Mensah", party: "Unity Alliance", position: "president" },
  { name: "Efua Owusu", party: "Progress Party", position: "senator" },
  { name: "Yaw Darko", party: "Green Coalition", position: "senator" },
] as const;

/**
 * An organization with an election channel (two positions, two candidates each) and a voter who
 * joined it, each signed in in their own browser context.
 */
async function setUp() {
  const adminAccount = await registerOrganization();
  const voterAccount = await registerVoter({ full_name: "Abena Voter" });
  const admin = await newPage(browser);
  await signInAs(admin.context, adminAccount);
  const voter = await newPage(browser);
  await signInAs(voter.context, voterAccount);

  const mine = await apiJson<{ current_id: string }>(admin.context, "GET", "/api/organizations/mine");
  const organizationId = mine.current_id;
  await apiJson(voter.context, "POST", `/api/organizations/${organizationId}/join`);
  const { channel } = await apiJson<{ channel: Channel }>(admin.context, "POST", "/api/channels", {
    organization_id: organizationId,
    name: "council-vote",
    type: "election",
    description: "Student council officers",
    voting_settings: {
      startDate: day(1),
      endDate: day(3),
      candidates: CANDIDATES.map((c) => ({ ...c, image: "/favicon.svg" })),
    },
  });
  const election = await apiJson<Election>(admin.context, "GET", `/api/channels/${channel.id}/election`);
  const query = `?channelId=${channel.id}&channelName=${channel.name}`;
  return { adminAccount, voterAccount, admin, voter, organizationId, channel, election, query };
}

describe("elections", () => {
  it("a voter verifies, votes in two positions, keeps the receipt, checks the bulletin board and the results; the admin runs the election live", async () => {
    const { admin, voter, voterAccount, channel, election, query } = await setUp();

    // The voter's screen is open before voting opens, and follows the admin's actions live.
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("heading", { name: "council-vote" }).first().waitFor();
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page.getByText(/Voting has not opened yet/).waitFor();
    expect(await voter.page.getByRole("button", { name: "Submit Vote" }).count()).toBe(0);

    // A change of the verification rules while upcoming is recorded in the audit trail.
    const securityChange = (settings: Record<string, boolean>) =>
      admin.context.request.patch(`/api/channels/${channel.id}`, {
        data: { security_settings: { ...DEFAULT_SECURITY_SETTINGS, ...settings } },
      });
    expect((await securityChange({ biometric: true })).status()).toBe(200);
    await admin.page.goto(`/organization/election${query}`);
    const panel = admin.page.getByRole("complementary", { name: "Channel Configuration" });
    await panel.getByText("Verification methods offered to voters").waitFor();
    await panel.getByText("Security settings changed: biometric on").waitFor();
    await shot(admin.page, "election-admin-upcoming");
    await panel.getByRole("button", { name: "Open voting now" }).click();
    const confirm = admin.page.getByRole("dialog", { name: "Open voting now?" });
    await confirm.getByRole("button", { name: "Open voting now" }).click();
    await confirm.waitFor({ state: "detached" });
    await panel.getByText("The ballot is frozen now that voting has opened.").waitFor();
    // The verification rules are frozen with it: a change is refused, and the trail says when.
    await panel.getByText("Frozen with the ballot when voting opened").waitFor();
    await panel.getByText("Frozen with the ballot when voting opened").scrollIntoViewIfNeeded();
    await shot(admin.page, "election-admin-audit-trail");
    const refused = await securityChange({ twoFactor: true });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toBe(electionServerMessages.securityFrozen);

    // Live: the voter's screen turns active without a reload.
    await voter.page.getByRole("radio", { name: /Ama Serwaa/ }).waitFor();
    await voter.page.locator(".ChannelFrame_channelHeader").getByText("Active").waitFor();
    await shot(voter.page, "election-voter-ballot");

    // A wrong ID number fails with the spec's words; Try Again returns to method selection.
    await voter.page.getByRole("radio", { name: /Ama Serwaa/ }).check();
    await voter.page.getByRole("button", { name: "Submit Vote" }).click();
    const dialog = voter.page.getByRole("dialog", { name: "Voter Verification" });
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByLabel("National ID Number").fill("WRONG-1234");
    await dialog.getByRole("button", { name: "Verify" }).click();
    await dialog.getByText(electionServerMessages.invalidId).waitFor();
    await shot(voter.page, "election-verification-failed");
    await dialog.getByRole("button", { name: "Try Again" }).click();
    await dialog.getByText("How would you like to verify your identity?").waitFor();
    // Closing the dialog answers false: the vote is not cast.
    await dialog.getByRole("button", { name: "Close" }).click();
    await voter.page.getByText(electionMessages.verificationCancelled).waitFor();

    // The real vote: both positions in one ballot.
    const verified = await voteWithNationalId(voter.page, voterAccount.id_number, [
      "Ama Serwaa",
      "Yaw Darko",
    ]);
    await verified.waitFor({ state: "detached" });
    await voter.page.getByText(electionMessages.voteCast).first().waitFor();
    const receipt = ((await voter.page.locator(".VoteReceipt_receiptCode").textContent()) ?? "").trim();
    expect(receipt).toMatch(/^VS-[A-Z2-9-]+$/);
    await voter.page.getByText(/Keep this code: with it you can find your ballot/).waitFor();
    // The receipt records the chain's head at the vote: none yet in this election.
    await voter.page.getByText("Chain head when you voted").waitFor();
    await voter.page.getByText(/No seal yet when you voted/).waitFor();
    await shot(voter.page, "election-voter-receipt");
    await voter.page.getByRole("button", { name: "Done" }).click();
    expect(await voter.page.locator(".BallotPositions_votedMark").count()).toBe(2);
    await voter.page.getByText("Yaw Darko").first().waitFor();
    // Kept under this voter's own key (a receipt holds the choices), and gone at sign-out.
    const keptReceipts = () =>
      voter.page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith("votespace_receipts"))
          .map((key) => JSON.parse(localStorage.getItem(key) ?? "{}")),
      );
    const [kept] = await keptReceipts();
    expect(kept[election.id][0].receipt).toBe(receipt);

    // Secrecy while voting is open: nobody sees a count by candidate, the administrator
    // included, and turnout and "voted" wait for a seal of ten voters (this election has one),
    // so nothing on the admin's screen moves with this ballot.
    await admin.page.getByRole("tab", { name: "Results" }).click();
    await admin.page.getByText(electionMessages.resultsPending).waitFor();
    expect(await admin.page.getByRole("link", { name: "Export CSV" }).count()).toBe(0);
    expect(await admin.page.locator(".ResultsList_resultRow").count()).toBe(0);
    await shot(admin.page, "election-admin-results-during-voting");
    await admin.page.getByRole("tab", { name: "Voters" }).click();
    await admin.page.getByText("1 eligible voter, 0 voted").waitFor();
    await admin.page.locator(".VotersTab_voter", { hasText: "Abena Voter" }).getByText("Not yet").waitFor();
    await shot(admin.page, "election-admin-voters-during-voting");
    await admin.page.getByRole("tab", { name: "Overview" }).click();
    await admin.page.getByText("0 of 1 eligible voter voted").waitFor();
    // Each tab is an address of its own: Back returns to the tab before, Forward comes back.
    await admin.page.goBack();
    await admin.page.getByRole("tab", { name: "Voters", selected: true }).waitFor();
    await admin.page.goForward();
    await admin.page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    // The voter sees their own vote at once, and the same notice on Results.
    await voter.page.getByRole("tab", { name: "Voters" }).click();
    await voter.page.locator(".VotersTab_voter", { hasText: "Abena Voter" }).getByText("Voted").waitFor();
    await voter.page.getByRole("tab", { name: "Results" }).click();
    await voter.page.getByText(electionMessages.resultsPending).waitFor();
    await shot(voter.page, "election-voter-results-during-voting");

    // A second vote for a position already voted is refused with the spec's message. The screen
    // is made to believe the voter has not voted yet, so the refusal comes from the server.
    await voter.page.route("**/api/channels/*/election", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Election;
      body.viewer.voted_position_ids = [];
      await route.fulfill({ response, json: body });
    });
    await voter.page.reload();
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    const again = await voteWithNationalId(voter.page, voterAccount.id_number, ["Kojo Mensah"]);
    await again.waitFor({ state: "detached" });
    await voter.page.getByText(electionMessages.alreadyVoted).waitFor();
    await shot(voter.page, "election-voter-already-voted");
    // Waits for a read still in the handler (a live event's refetch): without, it would fulfil a
    // request that unroute already let through ("Route is already handled", a run's unhandled error).
    await voter.page.unrouteAll({ behavior: "wait" });

    // The bulletin board while voting is open: sealed ballots only, none yet (a batch needs ten
    // voters), no count of waiting ballots; the receipt pre-filled from this browser and hashed here.
    const bulletin = await voter.context.newPage();
    await bulletin.goto(`/elections/${election.id}/bulletin`);
    await bulletin.getByRole("heading", { name: "council-vote" }).waitFor();
    expect(await bulletin.getByLabel("Your receipt").inputValue()).toBe(receipt);
    await bulletin.getByText(/never leaves this browser/).waitFor();
    const found = bulletin.getByText(
      "Found: your ballot for President is recorded for Ama Serwaa, and seal 1 holds it",
    );
    const notFound = bulletin.getByText(/Not found yet \(it may still be waiting for the next seal\)/);
    await notFound.waitFor();
    await bulletin
      .getByText(/ballots are sealed in batches, once at least ten voters' ballots wait/)
      .waitFor();
    const open = await apiJson<Bulletin>(voter.context, "GET", `/api/elections/${election.id}/bulletin`);
    expect(open.seals).toEqual([]);
    expect(open.ballots).toEqual([]);
    expect(JSON.stringify(open)).not.toMatch(/unsealed/);
    await shot(bulletin, "election-bulletin-during-voting");

    // The admin closes voting: the rest is sealed at once; the voter's open screen shows it live.
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page.getByText("You have voted").first().waitFor();
    await panel.getByRole("button", { name: "Close voting now" }).click();
    const closeDialog = admin.page.getByRole("dialog", { name: "Close voting now?" });
    await closeDialog.getByRole("button", { name: "Close voting now" }).click();
    await closeDialog.waitFor({ state: "detached" });
    await voter.page.getByText(/Voting has closed: this election is completed/).waitFor();
    await voter.page.locator(".ChannelFrame_channelHeader").getByText("Completed").waitFor();
    await shot(voter.page, "election-voter-completed");

    // Now the admin's screen shows the counts and the turnout.
    await admin.page.getByRole("tab", { name: "Overview" }).click();
    await admin.page.getByText("100.0%").first().waitFor();
    await admin.page.getByText("1 of 1 eligible voter voted").waitFor();
    await admin.page.getByRole("tab", { name: "Voters" }).click();
    await admin.page.getByText("1 eligible voter, 1 voted").waitFor();
    await admin.page.getByRole("tab", { name: "Results" }).click();
    const president = admin.page.getByRole("region", { name: "President" });
    await president.getByText("100.0%").waitFor();
    expect(await president.getByText("1 vote", { exact: true }).count()).toBe(1);
    expect(await president.getByText("0 votes", { exact: true }).count()).toBe(1);
    await shot(admin.page, "election-admin-results");

    // The board after the close: the voter finds both ballots in the seal.
    await bulletin.reload();
    await found.waitFor();
    await bulletin
      .getByText("Found: your ballot for Senator is recorded for Yaw Darko, and seal 1 holds it")
      .waitFor();
    const board = await apiJson<Bulletin>(voter.context, "GET", `/api/elections/${election.id}/bulletin`);
    expect(board.ballots).toHaveLength(2);
    expect(board.seals).toHaveLength(1);
    await shot(bulletin, "election-bulletin");

    // A seal's ballot hash changed after sealing: the browser's own check of the chain says so.
    const [seal] = board.sealed;
    if (!seal) throw new Error("no sealed ballot");
    const tampered = [{ ...seal, hashes: ["0".repeat(64), ...seal.hashes.slice(1)] }];
    await bulletin.route("**/api/elections/*/bulletin", (route) =>
      route.fulfill({ json: { ...board, sealed: tampered } }),
    );
    await bulletin.reload();
    await bulletin.getByText(/Seal 1: its root does not match its ballots/).waitFor();
    await bulletin.unroute("**/api/elections/*/bulletin");
    await bulletin.close();

    // The results screen: exact counts.
    await voter.page.goto("/member/election-results");
    await voter.page.getByRole("heading", { name: "Election Results", level: 1 }).waitFor();
    await voter.page.getByRole("button", { name: /council-vote/ }).waitFor();
    const tile = (label: string) =>
      voter.page.locator(".ResultsPage_tile", { hasText: label }).locator(".ResultsPage_tileValue");
    expect(await tile("Total Voters").textContent()).toBe("1");
    expect(await tile("Votes Cast").textContent()).toBe("1");
    expect(await tile("Turnout").textContent()).toBe("100.0%");
    expect(await tile("Positions").textContent()).toBe("2");
    await voter.page
      .getByText(/Ama Serwaa/)
      .first()
      .waitFor();
    await shot(voter.page, "election-results-overview");
    await voter.page.getByRole("tab", { name: "Detailed Charts" }).click();
    const table = voter.page.getByRole("table", { name: "President" });
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(2);
    const cells = async (index: number) =>
      (await rows.nth(index).locator("th, td").allTextContents()).map((cell) => cell.trim());
    const [first, second] = [await cells(0), await cells(1)];
    expect(first[0]).toMatch(/^1\b/); // rank 1, with its trophy
    expect(first.slice(1)).toEqual(["Ama Serwaa", "Progress Party", "1", "100.0%"]);
    expect(second).toEqual(["2", "Kojo Mensah", "Unity Alliance", "0", "0.0%"]);
    expect(await table.locator(".elections_trophy").count()).toBe(1);
    await shot(voter.page, "election-results-charts");

    await admin.context.close();
    await voter.context.close();
  });

  it("the admin edits the ballot while upcoming, hides results from voters and the API refuses a second ballot", async () => {
    const { admin, voter, voterAccount, election, query } = await setUp();
    await admin.page.goto(`/organization/election${query}`);
    const panel = admin.page.getByRole("complementary", { name: "Channel Configuration" });
    await panel.getByRole("heading", { name: "Voting window and candidates" }).waitFor();

    // Remove one senator candidate, add another, save.
    await panel.getByRole("button", { name: "Remove Yaw Darko" }).click();
    const add = panel.getByRole("group", { name: "Add Candidate" });
    await add.getByLabel("Candidate Name").fill("Adjoa Boateng");
    await add.getByLabel("Political Party").fill("Independent Voices");
    await add.getByLabel("Position").selectOption({ label: "Senator" });
    await add.getByLabel("Candidate Image URL").fill("https://example.org/adjoa.jpg");
    await add.getByRole("button", { name: "Add Candidate" }).click();
    await panel.getByRole("button", { name: "Save voting window and candidates" }).click();
    await admin.page.getByText("Voting window and candidates saved").waitFor();
    await admin.page.getByRole("tab", { name: "Overview" }).click();
    await admin.page.getByText("Adjoa Boateng").first().waitFor();
    expect(await admin.page.locator(".elections_candidate", { hasText: "Yaw Darko" }).count()).toBe(0);

    // Results kept from voters should the election be cancelled (while it runs no one sees counts).
    await panel
      .getByRole("switch", { name: "Keep the results from voters if the election is cancelled" })
      .click();
    await admin.page
      .getByText("If the election is cancelled, only administrators will see its results.")
      .waitFor();
    await shot(admin.page, "election-admin-configuration");

    await apiJson(admin.context, "POST", `/api/elections/${election.id}/open`);
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Results" }).click();
    await voter.page.getByText(electionMessages.resultsPending).waitFor();

    // The API: one ballot per position, the second refused with the spec's message.
    const current = await apiJson<Election>(voter.context, "GET", `/api/elections/${election.id}`);
    const [president] = current.positions;
    if (!president) throw new Error("no position");
    const cast = async () => {
      const grant = await apiJson<{ grant_id: string }>(
        voter.context,
        "POST",
        `/api/elections/${election.id}/verification`,
        { method: "national_id", id_number: voterAccount.id_number },
      );
      return voter.context.request.post(`/api/elections/${election.id}/ballots`, {
        data: {
          grant_id: grant.grant_id,
          selections: [{ position_id: president.id, candidate_id: president.candidates[0]?.id }],
        },
      });
    };
    expect((await cast()).status()).toBe(201);
    const second = await cast();
    expect(second.status()).toBe(409);
    expect((await second.json()).error.message).toBe(electionMessages.alreadyVoted);

    await admin.context.close();
    await voter.context.close();
  });

  it("a voter verifies by phone with the code from the developer outbox; a wrong code can be entered again", async () => {
    const { admin, voter, election, query } = await setUp();
    await apiJson(admin.context, "POST", `/api/elections/${election.id}/open`);
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page.getByRole("radio", { name: /Kojo Mensah/ }).check();
    await voter.page.getByRole("button", { name: "Submit Vote" }).click();
    const dialog = voter.page.getByRole("dialog", { name: "Voter Verification" });
    await dialog.getByRole("radio", { name: /Phone/ }).check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Send code" }).click();
    await dialog.getByText(/We sent a 6-digit code to •••• 0000/).waitFor();
    const code = dialog.getByLabel("6-digit code");
    expect(await code.getAttribute("maxlength")).toBe("6");
    await code.fill("12ab34");
    expect(await code.inputValue()).toBe("1234");

    // The code, as the developer outbox shows it (the e2e server configures no SMS provider).
    const outbox = await voter.context.newPage();
    await outbox.goto("/dev/outbox");
    await outbox.getByText("Developer tool").waitFor();
    const message = outbox.getByRole("listitem").filter({ hasText: "+233 20 555 0000" }).first();
    const body = (await message.locator(".OutboxPage_outboxBody").textContent()) ?? "";
    const sent = body.match(/\b(\d{6})\b/)?.[1];
    if (!sent) throw new Error(`no code in ${body}`);
    await shot(outbox, "election-dev-outbox");
    await outbox.close();

    const wrong = sent === "000000" ? "111111" : "000000";
    await code.fill(wrong);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await dialog.getByText(verificationMessages.invalidCode).waitFor();
    await dialog.getByRole("button", { name: "Enter the code again" }).click();
    await code.fill(sent);
    await shot(voter.page, "election-phone-code");
    await dialog.getByRole("button", { name: "Verify" }).click();
    await dialog.getByText("Identity verified").waitFor();
    await dialog.waitFor({ state: "detached" });
    await voter.page.getByText(electionMessages.voteCast).first().waitFor();
    await voter.page.locator(".VoteReceipt_receiptCode").waitFor();
    // The ballot shows the position as voted once the election is loaded again after the receipt.
    await expect.poll(() => voter.page.locator(".BallotPositions_votedMark").count()).toBe(1);
    await admin.context.close();
    await voter.context.close();
  });

  it("the outbox page explains when it is off, and the results screen shows its empty state", async () => {
    const { context, page } = await newPage(browser);
    await page.route("**/api/dev/outbox", (route) =>
      route.fulfill({ status: 404, json: { error: { code: "not_found", message: "Not found" } } }),
    );
    await page.goto("/dev/outbox");
    await page
      .getByText(
        "The developer outbox exists only while the server runs with demo data on the embedded database.",
      )
      .waitFor();
    await context.close();

    const voterAccount = await registerVoter();
    const adminAccount = await registerOrganization();
    const adminSide = await newPage(browser);
    await signInAs(adminSide.context, adminAccount);
    const mine = await apiJson<{ current_id: string }>(adminSide.context, "GET", "/api/organizations/mine");
    const voterSide = await newPage(browser);
    await signInAs(voterSide.context, voterAccount);
    await apiJson(voterSide.context, "POST", `/api/organizations/${mine.current_id}/join`);
    await voterSide.page.goto("/member/election-results");
    await voterSide.page.getByText(electionMessages.noElections).waitFor();
    await voterSide.page.getByText(electionMessages.noElectionsText).waitFor();
    await voterSide.page.getByRole("button", { name: "Back" }).click();
    await voterSide.page.waitForURL((url) => url.pathname === "/member");
    await adminSide.context.close();
    await voterSide.context.close();
  });
});
