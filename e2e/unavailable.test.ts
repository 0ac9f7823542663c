import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionMessages } from "../contract/elections";
import { messages } from "../contract/messages";
import { verificationMessages } from "../contract/verification-messages";
import { launchBrowser, openElection, organizationWithVoter, shot } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A voter of a new organization on its open election's Cast Vote tab, a candidate marked. */
async function markedBallot(electionName: string) {
  const { owner, voter, voterAccount, organizationId } = await organizationWithVoter(browser);
  const { channel } = await openElection(owner.context, organizationId, electionName, [
    { name: "Ama Serwaa", party: "Progress Party" },
    { name: "Kojo Mensah", party: "Unity Alliance" },
  ]);
  await voter.page.goto(`/member/election?channelId=${channel.id}&channelName=${channel.name}`);
  await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
  const settled = networkSettles(voter.page);
  await voter.page.getByRole("radio", { name: /Kojo Mensah/ }).check();
  return { voter, voterAccount, settled };
}

/**
 * Resolves once every request the page starts from the call on has finished and none has been in
 * flight for `quietMs`. (Playwright's `networkidle` is a load state: reached once at load, it does
 * not wait for what a later press fetches.)
 */
function networkSettles(page: Page, quietMs = 500): () => Promise<void> {
  const inFlight = new Set<unknown>();
  let quietSince = Date.now();
  page.on("request", (request) => inFlight.add(request));
  const done = (request: unknown) => {
    inFlight.delete(request);
    if (inFlight.size === 0) quietSince = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async () => {
    while (inFlight.size > 0 || Date.now() - quietSince < quietMs)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

const verificationDialog = (page: Page) => page.getByRole("dialog", { name: "Voter Verification" });

/** The dialog's steps from its choice of method: National ID, then Verify. */
async function verifyInDialog(page: Page, idNumber: string, { closes = true } = {}) {
  const dialog = verificationDialog(page);
  await dialog.getByRole("radio", { name: /National ID/ }).check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("National ID Number").fill(idNumber);
  await dialog.getByRole("button", { name: "Verify" }).click();
  if (closes) await dialog.waitFor({ state: "detached" });
}

async function verifyWithNationalId(page: Page, idNumber: string, options: { closes?: boolean } = {}) {
  await page.getByRole("button", { name: "Submit Vote" }).click();
  await verifyInDialog(page, idNumber, options);
}

describe("a server that is briefly unavailable", () => {
  it("any 503 shows one clear message, and the same press casts once the server is back, with no second verification", async () => {
    const { voter, voterAccount } = await markedBallot("outage-vote");
    const verifications: string[] = [];
    voter.page.on("request", (request) => {
      if (/\/api\/elections\/[^/]+\/verification/.test(request.url())) verifications.push(request.url());
    });

    // As a proxy in front answers while the server restarts: a 503 that is not the product's shape.
    await voter.page.route("**/api/elections/*/ballots", (route) =>
      route.fulfill({ status: 503, contentType: "text/html", body: "<html>503 Service Unavailable</html>" }),
    );
    await verifyWithNationalId(voter.page, voterAccount.id_number);
    await voter.page.getByText(messages.serviceUnavailable).waitFor();
    await shot(voter.page, "unavailable-vote-refused");

    // The request fails before any server (the network drops it): the page cannot know whether the
    // vote was stored, and says so; the election read again settles it (here: nothing stored).
    await voter.page.unroute("**/api/elections/*/ballots");
    await voter.page.route("**/api/elections/*/ballots", (route) => route.abort("connectionfailed"));
    await voter.page.getByRole("button", { name: "Submit Vote" }).click();
    await voter.page.getByText(electionMessages.castUnanswered).waitFor();

    // Nothing was stored, so the grant given by the verification is unspent and still valid: the
    // same press casts with it, and the voter is not asked to verify again.
    await voter.page.unroute("**/api/elections/*/ballots");
    await voter.page.getByRole("button", { name: "Submit Vote" }).click();
    await voter.page.getByText(electionMessages.voteCast).first().waitFor();
    expect(await verificationDialog(voter.page).count()).toBe(0);
    expect(verifications).toHaveLength(1);
    await shot(voter.page, "unavailable-vote-after");
  });

  it("a browser that has lost its network says so at once, and the same press works once it is back", async () => {
    const { voter, voterAccount, settled } = await markedBallot("offline-vote");
    // Marking an answer fetched the dialogs' code: lost now, the network no longer stops them.
    await settled();

    // The browser hears `offline` and every request fails: the dialog opens (its code came with
    // the answer; fetched only at Submit Vote, its failure took the screen down with "Something
    // went wrong") and the verification's failure is said in the spec's words.
    await voter.context.setOffline(true);
    await verifyWithNationalId(voter.page, voterAccount.id_number, { closes: false });
    const dialog = verificationDialog(voter.page);
    await dialog.getByText(verificationMessages.verificationError).waitFor();
    await shot(voter.page, "offline-verification-failed");

    await voter.context.setOffline(false);
    await dialog.getByRole("button", { name: "Try Again" }).click();
    await verifyInDialog(voter.page, voterAccount.id_number);
    await voter.page.getByText(electionMessages.voteCast).first().waitFor();
  });

  it("a cast whose answer is lost on the way back still shows the voter their receipt", async () => {
    const { voter, voterAccount, settled } = await markedBallot("lost-answer-vote");
    await settled();
    // The server stores the vote and answers; the answer never reaches the page.
    let sent: string | undefined;
    await voter.page.route("**/api/elections/*/ballots", async (route) => {
      sent = route.request().postDataJSON().receipt;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await verifyWithNationalId(voter.page, voterAccount.id_number);
    // The receipt the browser drew and sent is shown, as if the answer had come: the election read
    // again says the position is voted.
    const receipt = voter.page.getByText(/^VS-[A-Z0-9-]{32}$/);
    await receipt.waitFor();
    expect(await receipt.textContent()).toBe(sent);
    expect(await voter.page.getByText(electionMessages.castUnanswered).count()).toBe(0);
    await shot(voter.page, "unavailable-answer-lost-receipt");

    // Kept in this browser: after a reload the choice is still shown with the vote.
    await voter.page.unroute("**/api/elections/*/ballots");
    await voter.page.reload();
    await voter.page.getByText("Kojo Mensah").first().waitFor();
  });
});
