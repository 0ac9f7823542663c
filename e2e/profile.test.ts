import { Secret, TOTP } from "otpauth";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
import { profileMessages } from "../contract/profile";
import { sessionMessages } from "../contract/sessions";
import {
  apiJson,
  launchBrowser,
  newPage,
  openElection,
  organizationWithVoter,
  registerOrganization,
  shot,
  signInAs,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the voter profile", () => {
  it("shows the vote in Recent Activity (never the choice), saves name and phone, changes the password, enrols two-factor and prints the voter card", async () => {
    const {
      ownerAccount,
      voterAccount,
      owner,
      voter: { page, context },
      organizationId,
    } = await organizationWithVoter(browser, {
      organization: { organization: `Lagoon Club ${Date.now() % 100000}` },
      voter: { full_name: "Nana Voter", phone_number: "+233 24 555 0101" },
    });
    const { channel, election } = await openElection(owner.context, organizationId, "lagoon-vote", [
      { name: "Abla Mensimah", party: "Reef Party" },
      { name: "Komla Dzidzor", party: "Shore Alliance" },
    ]);

    // The voter votes through the screen.
    await page.goto(`/member/election?channelId=${channel.id}&channelName=${channel.name}`);
    await page.getByRole("tab", { name: "Cast Vote" }).click();
    await page.getByRole("radio", { name: /Abla Mensimah/ }).check();
    await page.getByRole("button", { name: "Submit Vote" }).click();
    const verify = page.getByRole("dialog", { name: "Voter Verification" });
    await verify.getByRole("button", { name: "Continue" }).click();
    await verify.getByLabel("National ID Number").fill(voterAccount.id_number);
    await verify.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Your vote has been cast successfully!").first().waitFor();
    await page.getByRole("button", { name: "Done" }).click();

    // From the workspace's footer to the profile.
    await page.getByRole("link", { name: "Voter Profile" }).click();
    await page.getByRole("heading", { name: "Voter Profile" }).waitFor();
    await page.getByRole("heading", { name: "Nana Voter" }).waitFor();
    await page.getByText("Verified Voter").waitFor();
    const hash = (
      (await page.locator(".VoterProfilePage_identity .VoterProfilePage_hash").textContent()) ?? ""
    ).replace("…", "");
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const activity = page.getByRole("region", { name: "Recent Activity" });
    await activity.getByText(`Voted in ${election.title}`).waitFor();
    await activity.getByText("Verified identity").waitFor();
    await activity.getByText(`Joined ${ownerAccount.organization}`).waitFor();
    await activity.getByText("Registered as a voter").waitFor();
    const activityText = (await activity.textContent()) ?? "";
    expect(activityText).not.toContain("Abla Mensimah");
    expect(activityText).not.toContain("Komla Dzidzor");

    // Recent Activity is paged: two more joins make six events, five to a page.
    for (const _ of [1, 2]) {
      const other = await registerOrganization();
      const ownerOfOther = await newPage(browser);
      await signInAs(ownerOfOther.context, other);
      const { current_id } = await apiJson<{ current_id: string }>(
        ownerOfOther.context,
        "GET",
        "/api/organizations/mine",
      );
      await apiJson(context, "POST", `/api/organizations/${current_id}/join`);
      await ownerOfOther.context.close();
    }
    await page.reload();
    await activity.getByText("Page 1").waitFor();
    expect(await activity.locator("li").count()).toBe(5);
    expect(await activity.getByText("Registered as a voter").count()).toBe(0);
    await activity.getByRole("button", { name: "Older" }).click();
    await activity.getByText("Registered as a voter").waitFor();
    await activity.getByText("Page 2").waitFor();
    expect(await activity.getByRole("button", { name: "Older" }).isDisabled()).toBe(true);
    await shot(page, "profile-activity-page-2");
    await activity.getByRole("button", { name: "Newer" }).click();
    await activity.getByText(`Voted in ${election.title}`).waitFor();
    await shot(page, "profile-view");

    // Another tab opens the same form before this one saves (below).
    const stale = await context.newPage();
    await stale.goto(page.url());
    await stale.getByRole("button", { name: "Edit Profile" }).click();

    // Edit name and phone: the warning shows while editing; the change is kept.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByText(profileMessages.verificationWarning).waitFor();
    await page.getByLabel("Full Name").fill("Nana A. Voter");
    await page.getByLabel("Phone Number").fill("+233 24 555 0199");
    // A new phone number (where Phone codes go) asks for the current password.
    await page.getByText(profileMessages.contactPasswordHint).waitFor();
    await shot(page, "profile-edit");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alert").getByText(profileMessages.contactPasswordRequired).waitFor();
    await page.getByLabel("Current Password").fill(voterAccount.password);
    await shot(page, "profile-contact-password");
    // Enter in a field saves, as Save Changes does.
    await page.getByLabel("Current Password").press("Enter");
    await page.getByRole("button", { name: "Edit Profile" }).waitFor();
    await page.getByText(profileMessages.saved).waitFor();
    // The other tab changes the name only: the new phone saved here stays (it sent the old one back).
    await stale.getByLabel("Full Name").fill("Nana Ama Voter");
    await stale.getByRole("button", { name: "Save Changes" }).click();
    await stale.getByText(profileMessages.saved).waitFor();
    await stale.close();
    await page.reload();
    await page.getByRole("heading", { name: "Nana Ama Voter" }).waitFor();
    await page.getByText("+233 24 555 0199").waitFor();

    // A failed save stays in edit and says why.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Full Name").fill("   ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alert").getByText(messages.fullNameRequired).waitFor();
    expect(await page.getByRole("button", { name: "Save Changes" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Cancel" }).click();

    // Change Password: the current one is required; another device is signed out, this one stays.
    const other = await newPage(browser);
    await signInAs(other.context, voterAccount);
    await page.reload();
    const devices = page.getByRole("region", { name: "Signed-in Devices" });
    await devices.getByRole("button", { name: "Sign Out All Others" }).waitFor();
    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.getByLabel("Current Password").fill("not-mine1");
    await dialog.getByLabel("New Password", { exact: true }).fill("fresh-pass9");
    await dialog.getByLabel("Confirm New Password").fill("fresh-pass9");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.getByText(profileMessages.currentPasswordWrong).waitFor();
    await dialog.getByLabel("Current Password").fill(voterAccount.password);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText(profileMessages.passwordChanged).waitFor();
    // The device signed out leaves the list at once, as the notice says.
    await devices.getByText(sessionMessages.none).waitFor();
    expect((await other.context.request.get("/api/session")).status()).toBe(401);
    expect((await context.request.get("/api/session")).status()).toBe(200);
    await signInAs(other.context, { email: voterAccount.email, password: "fresh-pass9" });
    await other.context.close();

    // Enable Two-Factor: a QR code and secret, confirmed with the authenticator's code.
    await page.getByRole("button", { name: "Enable Two-Factor" }).click();
    const totp = page.getByRole("dialog", { name: "Set Up Two-Factor Authentication" });
    const secret = ((await totp.getByTestId("totp-secret").textContent()) ?? "").trim();
    await totp.getByRole("img", { name: /QR code/ }).waitFor();
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await totp.getByLabel("Authentication Code").fill(code);
    await totp.getByRole("button", { name: "Turn On" }).click();
    await totp.waitFor({ state: "detached" });
    await page.getByText(profileMessages.twoFactorOn).waitFor();
    // Each change to the account's security joins Recent Activity at once, with the device that asked.
    await activity.getByText("Turned on two-factor sign-in").waitFor();
    await activity.getByText("Changed password").waitFor();
    await activity.getByText(/^From .+ on Linux; other sessions signed out$/).waitFor();
    await shot(page, "profile-security");

    // Without the app (a lost phone), the password turns it off: a wrong one is refused in words.
    await page.getByRole("button", { name: "Turn Off" }).click();
    const off = page.getByRole("dialog", { name: "Turn Off Two-Factor Authentication" });
    await off.getByRole("button", { name: "No access to the app? Use your password instead" }).click();
    expect(await off.getByLabel("Authentication Code").count()).toBe(0);
    await off.getByLabel("Your Password").fill("not-mine1");
    await off.getByRole("button", { name: "Turn Off" }).click();
    await off.getByText(profileMessages.currentPasswordWrong).waitFor();
    await shot(page, "profile-two-factor-off-by-password");
    await off.getByLabel("Your Password").fill("fresh-pass9");
    await off.getByRole("button", { name: "Turn Off" }).click();
    await off.waitFor({ state: "detached" });
    await page.getByText("Two-factor sign-in is now off.").waitFor();
    await activity.getByText("Turned off two-factor sign-in").waitFor();

    // The voter card prints.
    await page.getByRole("link", { name: "Download Voter Card" }).click();
    await page.getByRole("heading", { name: "Voter Card" }).waitFor();
    const card = page.getByRole("article", { name: "Voter card" });
    await card.getByText("Nana Ama Voter").waitFor();
    await card.getByText(`${hash}…`).waitFor();
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed++;
      };
    });
    await page.getByRole("button", { name: "Print or Save as PDF" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await shot(page, "profile-voter-card");
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print or Save as PDF" }).isVisible()).toBe(false);
    await shot(page, "profile-voter-card-print");
    await page.emulateMedia({ media: "screen" });

    // The Voting FAQ.
    await page.getByRole("link", { name: "Back" }).click();
    await page.getByRole("link", { name: "Voting FAQ" }).click();
    await page.getByRole("heading", { name: "Voting FAQ" }).waitFor();
    await page.getByText("Can I vote twice or change my vote?").click();
    await page.getByText(/one vote per position/).waitFor();
    await shot(page, "profile-faq");

    // Find My Polling Station: the election, marked voted, opens its channel.
    await page.getByRole("link", { name: "Back" }).click();
    await page.getByRole("link", { name: "Find My Polling Station" }).click();
    await page.getByRole("heading", { name: "My Polling Stations" }).waitFor();
    const station = page.getByRole("listitem").filter({ hasText: election.title });
    await station.getByText("You voted").waitFor();
    await shot(page, "profile-polling-stations");
    await station.getByRole("button", { name: "Go to election" }).click();
    await page.getByRole("tab", { name: "Cast Vote" }).waitFor();
    expect(page.url()).toContain(`channelId=${channel.id}`);

    await context.close();
    await owner.context.close();
  });
});
