import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { messages } from "../contract/messages";
import type { AdminMonitoring, AdminOverview } from "../contract/platform-admin";
import { platformAdminMessages } from "../contract/platform-admin";
import { answerTo } from "./browser";
import {
  apiJson,
  launchBrowser,
  newPage,
  openElection,
  organizationWithVoter,
  registerOrganization,
  shot,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An organization with an open election and a voter who joined it, each signed in in their own browser. */
async function setUp() {
  const { ownerAccount, voterAccount, owner, voter, organizationId } = await organizationWithVoter(browser, {
    organization: { organization: `Harbour Union ${Date.now() % 100000}` },
    voter: { full_name: "Adjoa Voter" },
  });
  const { channel } = await openElection(owner.context, organizationId, "harbour-vote", [
    { name: "Kofi Boateng", party: "Tide Party" },
    { name: "Esi Quaye", party: "Anchor Alliance" },
  ]);
  const { channel: general } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
    organization_id: organizationId,
    name: "harbour-talk",
    type: "text",
  });
  const { channel: stage } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
    organization_id: organizationId,
    name: "harbour-stage",
    type: "airing",
  });
  return { ownerAccount, voterAccount, voter, organizationId, channel, general, stage };
}

describe("the platform admin portal", () => {
  it("signs in with the demo credentials, shows real figures, suspends an organization, and the voter's vote is refused", async () => {
    const { ownerAccount, voterAccount, voter, channel, general, stage } = await setUp();
    const admin = await newPage(browser);

    // No admin session: the dashboard sends the visitor to sign in.
    await admin.page.goto("/admin/dashboard");
    await admin.page.getByRole("heading", { name: "Admin Portal" }).waitFor();
    expect(admin.page.url()).toMatch(/\/admin\/signin$/);
    await admin.page.getByText(platformAdminMessages.accessNotice).waitFor();
    // Nobody signed in is told nothing more; a session that ended (a reload, a new tab, its cookie
    // no longer known to the server) is said to have expired on the sign-in page.
    expect(await admin.page.getByText(platformAdminMessages.sessionExpired).count()).toBe(0);
    const origin = new URL(admin.page.url()).origin;
    await admin.context.addCookies([{ name: "votespace_admin", value: "ended-session", url: origin }]);
    await admin.page.goto("/admin/dashboard");
    await admin.page.getByText(platformAdminMessages.sessionExpired).waitFor();
    expect(admin.page.url()).toMatch(/\/admin\/signin$/);
    await admin.context.clearCookies({ name: "votespace_admin" });
    const demoBox = admin.page.getByRole("region", { name: "Demo credentials" });
    await demoBox.waitFor();
    const username = (await demoBox.getByTestId("demo-username").textContent()) ?? "";
    const password = (await demoBox.getByTestId("demo-password").textContent()) ?? "";
    expect(password.length).toBeGreaterThanOrEqual(12);

    // Sign In stays disabled until the password has 12 characters, and says why.
    const signIn = admin.page.getByRole("button", { name: "Sign In" });
    const passwordField = admin.page.getByLabel("Password");
    await admin.page.getByLabel("Username").fill(username);
    await passwordField.fill("short-pass");
    expect(await signIn.isDisabled()).toBe(true);
    // The rule is the field's own description (the page's live region says it too).
    const hint = admin.page.locator(`#${await passwordField.getAttribute("aria-describedby")}`);
    await hint.getByText(platformAdminMessages.passwordTooShort).waitFor();
    await shot(admin.page, "admin-signin");
    await passwordField.fill("wrong password, long");
    await signIn.click();
    await admin.page.getByRole("alert").getByText(platformAdminMessages.invalidCredentials).waitFor();

    await demoBox.getByRole("button", { name: "Use demo credentials" }).click();
    expect(await admin.page.getByLabel("Password").inputValue()).toBe(password);
    // The counters are the server's figures, as it gave them to the page (other journeys add
    // organizations, members and votes meanwhile, so a second read may differ).
    const counted = answerTo<AdminOverview>(admin.page, "/api/admin/overview");
    // Straight to the dashboard: not sent back to sign in by the "no session" read before.
    const visited: string[] = [];
    admin.page.on("framenavigated", (frame) => visited.push(new URL(frame.url()).pathname));
    await signIn.click();
    await admin.page.getByRole("heading", { name: "Overview" }).waitFor();
    expect(admin.page.url()).toMatch(/\/admin\/dashboard$/);
    expect(visited).toEqual(["/admin/dashboard"]);
    const overview = await counted;
    await admin.page
      .getByTestId("total-organizations")
      .getByText(String(overview.total_organizations))
      .waitFor();
    expect(await admin.page.getByTestId("total-members").textContent()).toBe(
      overview.total_members.toLocaleString(),
    );
    expect(await admin.page.getByTestId("total-votes").textContent()).toBe(
      overview.total_votes.toLocaleString(),
    );
    expect(await admin.page.getByTestId("active-organizations").textContent()).toBe(
      overview.active_organizations.toLocaleString(),
    );
    await admin.page.locator(".AdminDashboardPage_recent").getByText(ownerAccount.organization).waitFor();
    await shot(admin.page, "admin-overview");

    // The voter has the ballot open while the organization is still active.
    const query = `?channelId=${channel.id}&channelName=${channel.name}`;
    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page.getByRole("button", { name: "Submit Vote" }).waitFor();

    // Organizations: found with the header's search, then suspended (after a confirmation).
    await admin.page.getByRole("button", { name: "Organizations" }).click();
    await admin.page.getByRole("heading", { name: "Organizations" }).waitFor();
    await admin.page.getByRole("searchbox").fill(ownerAccount.organization);
    const row = admin.page.getByRole("row", { name: new RegExp(ownerAccount.organization) });
    await row.getByText(ownerAccount.email).waitFor();
    await admin.page.getByRole("row").nth(2).waitFor({ state: "detached" });
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("2");
    await row.getByRole("button", { name: `Suspend ${ownerAccount.organization}` }).click();
    const confirm = admin.page.getByRole("dialog", { name: `Suspend ${ownerAccount.organization}?` });
    await confirm.getByRole("button", { name: "Suspend" }).click();
    await confirm.waitFor({ state: "detached" });
    await row.getByText("suspended", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: `Suspend ${ownerAccount.organization}` }).isDisabled()).toBe(
      true,
    );
    await shot(admin.page, "admin-organizations-suspended");

    // Sorted on the server (a page holds only some of them), by keyboard: most members first at the
    // first press, then fewest; the one column sorted says so, the default (Created) no longer. A
    // second organization, of its owner alone, to sort with.
    await registerOrganization();
    await admin.page.getByRole("searchbox").fill("");
    const organizations = admin.page.getByRole("table", { name: "Organizations" });
    const column = (name: string) => organizations.getByRole("columnheader", { name });
    expect(await column("Created").getAttribute("aria-sort")).toBe("descending");
    const counts = () =>
      organizations
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => Number(row.children[2]?.textContent?.replace(/\D/g, ""))));
    const inOrder = async (direction: 1 | -1) => {
      const shown = await counts();
      return shown.length > 1 && shown.every((n, i) => i === 0 || direction * (n - (shown[i - 1] ?? 0)) >= 0);
    };
    const sortedBy = (order: string) =>
      admin.page.waitForResponse((answer) => answer.url().includes(`sort=members&order=${order}`));
    const mostFirst = sortedBy("desc");
    await organizations.getByRole("button", { name: "Members" }).focus();
    await admin.page.keyboard.press("Enter");
    await mostFirst;
    await expect.poll(() => inOrder(-1)).toBe(true);
    expect(await column("Members").getAttribute("aria-sort")).toBe("descending");
    expect(await column("Created").getAttribute("aria-sort")).toBeNull();
    const fewestFirst = sortedBy("asc");
    await admin.page.keyboard.press("Space");
    await fewestFirst;
    await expect.poll(() => inOrder(1)).toBe(true);
    expect(await column("Members").getAttribute("aria-sort")).toBe("ascending");
    await shot(admin.page, "admin-organizations-sorted");

    // The status filter shows it among the suspended ones.
    await admin.page.getByLabel("Status").selectOption("suspended");
    await admin.page.getByRole("row", { name: new RegExp(ownerAccount.organization) }).waitFor();

    // Members: the voter, with the organization.
    // The section's button (the Organizations table has a Members column's, too).
    await admin.page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("button", { name: "Members" })
      .click();
    await admin.page.getByRole("searchbox").fill(voterAccount.email);
    const member = admin.page.getByRole("row", { name: new RegExp(voterAccount.email) });
    await member.getByText("Adjoa Voter").waitFor();
    await member.getByText(ownerAccount.organization).waitFor();
    await admin.page.getByRole("searchbox").fill("");
    await shot(admin.page, "admin-members");

    // Monitoring: figures measured now, as the server gave them to the page (other journeys raise and
    // resolve alerts meanwhile, so a second read may differ).
    const measured = answerTo<AdminMonitoring>(admin.page, "/api/admin/monitoring");
    await admin.page.getByRole("button", { name: "Monitoring" }).click();
    const monitoring = await measured;
    await admin.page.getByRole("heading", { name: "Recent Security Events" }).waitFor();
    expect(await admin.page.getByTestId("unresolved-alerts").textContent()).toBe(
      monitoring.unresolved_alerts.toLocaleString(),
    );
    await admin.page.getByTestId("system-health").getByText("Healthy").waitFor();
    await shot(admin.page, "admin-monitoring");
    // On a phone the header, three rows tall there, scrolls away with the page (it stayed over it),
    // and every tab is in view.
    await admin.page.setViewportSize({ width: 390, height: 844 });
    for (const name of ["Overview", "Organizations", "Members", "Monitoring", "Audit Log"]) {
      const place = await admin.page.getByRole("button", { name, exact: true }).boundingBox();
      expect(place?.x ?? -1, `the ${name} tab is cut off`).toBeGreaterThanOrEqual(0);
      expect((place?.x ?? 0) + (place?.width ?? 999), `the ${name} tab is cut off`).toBeLessThanOrEqual(390);
    }
    const banner = admin.page.getByRole("banner");
    expect(await banner.evaluate((header) => getComputedStyle(header).position)).toBe("static");
    await admin.page.getByRole("heading", { name: "Recent Security Events" }).scrollIntoViewIfNeeded();
    await shot(admin.page, "admin-monitoring-phone");
    await admin.page.setViewportSize({ width: 1280, height: 860 });

    // The audit log lists the suspension and the failed sign-in.
    await admin.page.getByRole("button", { name: "Audit Log" }).click();
    await admin.page
      .getByRole("row", { name: /Suspended organization/ })
      .getByText(ownerAccount.organization)
      .waitFor();
    await admin.page
      .getByRole("row", { name: /Failed sign-in/ })
      .first()
      .waitFor();
    await shot(admin.page, "admin-audit-log");

    // The voter's open ballot says so at once, with nothing to submit (the server refuses a vote too).
    const ballot = voter.page.locator(".CastVote_cast");
    await ballot.getByRole("status").filter({ hasText: messages.organizationSuspended }).waitFor();
    expect(await ballot.getByRole("button", { name: "Submit Vote" }).count()).toBe(0);
    await shot(voter.page, "admin-suspended-ballot");
    // So does a room: no seat is taken, the suspension is said once (the workspace's banner).
    const opened: string[] = [];
    voter.page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/channels/${stage.id}/room`)) opened.push(r.url());
    });
    await voter.page.goto(`/member/airing?channelId=${stage.id}&channelName=${stage.name}`);
    await voter.page.getByRole("heading", { name: stage.name }).waitFor();
    await voter.page.getByRole("status").filter({ hasText: messages.organizationSuspended }).waitFor();
    expect(await voter.page.getByText(messages.organizationSuspended).count()).toBe(1);
    expect(await voter.page.getByRole("button", { name: "Leave" }).count()).toBe(0);
    // The room's area says what follows, not the banner again, and offers nothing to retry.
    await voter.page.getByText("The room is not available").waitFor();
    await voter.page.getByText("Its sessions can be opened again once the organization is active.").waitFor();
    expect(await voter.page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    // Asked once: the refusal is not asked again when the room's events are subscribed to.
    await voter.page.waitForLoadState("networkidle");
    expect(opened).toHaveLength(1);
    await shot(voter.page, "admin-suspended-room");

    // A channel is read, not written to: its composer is replaced by the suspension (the server refuses a post too).
    await voter.page.goto(`/member/text?channelId=${general.id}&channelName=${general.name}`);
    await voter.page.getByRole("note").filter({ hasText: messages.organizationSuspended }).waitFor();
    expect(await voter.page.getByRole("textbox", { name: /message/i }).count()).toBe(0);
    // The workspace says so above every screen, too.
    await voter.page.getByRole("status").filter({ hasText: messages.organizationSuspended }).waitFor();
    await shot(voter.page, "admin-suspended-post-refused");
    // So is a direct message: the conversation stays readable, its box read-only, saying why.
    await voter.page.getByRole("button", { name: /^Open messages/ }).click();
    const messagesPanel = voter.page.getByRole("region", { name: "Messages" });
    await messagesPanel.getByRole("button", { name: new RegExp(`^${ownerAccount.full_name}`) }).click();
    await messagesPanel.getByRole("status").filter({ hasText: messages.organizationSuspended }).waitFor();
    const box = messagesPanel.getByPlaceholder("Type a message...");
    expect(await box.getAttribute("readonly")).not.toBeNull();
    expect(await messagesPanel.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    await shot(voter.page, "admin-suspended-direct-message");

    // Activated again, the voter votes.
    await admin.page.getByRole("button", { name: "Organizations" }).click();
    await admin.page.getByRole("searchbox").fill(ownerAccount.organization);
    const again = admin.page.getByRole("row", { name: new RegExp(ownerAccount.organization) });
    await again.getByRole("button", { name: `Activate ${ownerAccount.organization}` }).click();
    await again.getByText("active", { exact: true }).waitFor();

    await voter.page.goto(`/member/election${query}`);
    await voter.page.getByRole("tab", { name: "Cast Vote" }).click();
    await voter.page.getByRole("radio", { name: /Kofi Boateng/ }).check();
    await voter.page.getByRole("button", { name: "Submit Vote" }).click();
    const dialog = voter.page.getByRole("dialog", { name: "Voter Verification" });
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByLabel("National ID Number").fill(voterAccount.id_number);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await voter.page.getByText("Your vote has been cast successfully!").first().waitFor();

    // Sign Out ends the admin session on the server.
    await admin.page.getByRole("button", { name: "Sign Out" }).click();
    await admin.page.getByRole("heading", { name: "Admin Portal" }).waitFor();
    const after = await admin.context.request.get("/api/admin/overview");
    expect(after.status()).toBe(401);
    await admin.page.goto("/admin/dashboard");
    await admin.page.getByRole("heading", { name: "Admin Portal" }).waitFor();

    await admin.context.close();
    await voter.context.close();
  });
});
