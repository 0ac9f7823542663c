import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { electionMessages } from "../contract/elections";
import { messages } from "../contract/messages";
import { launchBrowser, openElection, organizationWithVoter, shot } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function verifyWithNationalId(page: Page, idNumber: string) {
  await page.getByRole("button", { name: "Submit Vote" }).click();
  const dialog = page.getByRole("dialog", { name: "Voter Verification" });
  await dialog.getByRole("radio", { name: /National ID/ }).check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("National ID Number").fill(idNumber);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("a server that is briefly unavailable", () => {
  it("any 503 shows one clear message, and the same press works once the server is back", async () => {
    const { owner, voter, voterAccount, organizationId } = await organizationWithVoter(browser);
    const { channel } = await openElection(owner.context, organizationId, "outage-vote", [
      { name: "Ama Serwaa", party: "Progress Party" },
      { name: "Kojo Mensah", party: "Unity Alliance" },
    ]);
    await voter.page.goto(`/member/election?channelId=${channel.id}&channelName=${channel.name}`);
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page.getByRole("radio", { name: /Kojo Mensah/ }).check();

    // As a proxy in front answers while the server restarts: a 503 that is not the product's shape.
    await voter.page.route("**/api/elections/*/ballots", (route) =>
      route.fulfill({ status: 503, contentType: "text/html", body: "<html>503 Service Unavailable</html>" }),
    );
    await verifyWithNationalId(voter.page, voterAccount.id_number);
    await voter.page.getByText(messages.serviceUnavailable).waitFor();
    await shot(voter.page, "unavailable-vote-refused");

    await voter.page.unroute("**/api/elections/*/ballots");
    await verifyWithNationalId(voter.page, voterAccount.id_number);
    await voter.page.getByText(electionMessages.voteCast).first().waitFor();
    await shot(voter.page, "unavailable-vote-after");
  });
});
