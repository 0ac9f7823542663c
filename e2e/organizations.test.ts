import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
import type { OrganizationProfile } from "../contract/organizations";
import {
  apiJson,
  launchBrowser,
  newPage,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The signed-in admin's organization profile, through the API. */
async function myOrganization(context: BrowserContext): Promise<OrganizationProfile> {
  const mine = await (await context.request.get("/api/organizations/mine")).json();
  return (await context.request.get(`/api/organizations/${mine.current_id}`)).json();
}

describe("search organizations", () => {
  it("a voter finds an organization and joins it: 'Joined' marker", async () => {
    const admin = await registerOrganization({ organization: `Harbour Rowing Club ${Date.now()}` });
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, voter);
    await page.goto("/member/search-organizations");
    const search = page.getByPlaceholder("Search organizations by name, description, or location...");
    await search.fill(admin.organization);
    // Whole words: "21 organization(s) found" (the list before the search answers) holds the same text.
    await page.getByText(/^1 organization\(s\) found$/).waitFor();
    await shot(page, "search-found");
    await page.getByRole("button", { name: /Join Organization/ }).click();
    await page.getByText(messages.joined).waitFor();
    await page.getByText("Joined", { exact: true }).waitFor();
    await shot(page, "search-joined");
    // 1.5 s later the workspace reloads: the organization's logo button is in the strip.
    await page.getByRole("button", { name: admin.organization }).first().waitFor({ timeout: 5000 });

    await search.fill(`no-such-organization-${Date.now()}`);
    await page.getByText(/No organizations match ".*"\. Try a different search term\./).waitFor();
    await context.close();
  });

  it("approval flow: the admin requires approval, the voter's join waits, the admin approves", async () => {
    const admin = await registerOrganization({ organization: `Approval Guild ${Date.now()}` });
    const voter = await registerVoter({ full_name: "Yaa Pending" });
    const adminSide = await newPage(browser);
    await signInAs(adminSide.context, admin);
    await adminSide.page.goto("/organization/profile");
    const approval = adminSide.page.getByRole("switch", { name: "Require Admin Approval" });
    await approval.click();
    await adminSide.page.getByText("Require Admin Approval turned on.").waitFor();
    expect(await approval.getAttribute("aria-checked")).toBe("true");

    const voterSide = await newPage(browser);
    await signInAs(voterSide.context, voter);
    await voterSide.page.goto("/member/search-organizations");
    await voterSide.page
      .getByPlaceholder("Search organizations by name, description, or location...")
      .fill(admin.organization);
    await voterSide.page.getByText(/^1 organization\(s\) found$/).waitFor();
    await voterSide.page.getByRole("button", { name: `Join Organization ${admin.organization}` }).click();
    await voterSide.page.getByText(messages.joinRequested).waitFor();
    await voterSide.page.getByText("Request pending").waitFor();
    await shot(voterSide.page, "search-request-pending");
    // The workspace says the request waits, where it says "No Organization".
    const home = await voterSide.context.newPage();
    await home.goto("/member");
    await home
      .getByText(`Your request to join ${admin.organization} is waiting for an administrator.`, {
        exact: false,
      })
      .waitFor();
    await shot(home, "workspace-request-waiting");

    // The request reaches the open profile live (realtime), without a reload.
    await adminSide.page.getByText("Yaa Pending").waitFor();
    await shot(adminSide.page, "profile-join-request");
    await adminSide.page.getByRole("button", { name: "Approve Yaa Pending" }).click();
    await adminSide.page.getByText("Yaa Pending is now a member.").waitFor();

    // The voter's open search hears the decision: the card turns 'Joined', the line that said the
    // request was sent says it was approved, and the strip gets the logo.
    await voterSide.page.getByText("Joined", { exact: true }).waitFor();
    await voterSide.page.getByText(`Your request to join ${admin.organization} was approved.`).waitFor();
    expect(await voterSide.page.getByText(messages.joinRequested).count()).toBe(0);
    await voterSide.page.getByRole("button", { name: admin.organization }).first().waitFor();
    await home.getByText("is waiting for an administrator", { exact: false }).waitFor({ state: "detached" });
    await adminSide.context.close();
    await voterSide.context.close();
  });
});

describe("search cards", () => {
  it("clamp a long description to 3 lines, also beside a card with a taller header", async () => {
    const tag = `Clampton ${Date.now()}`;
    const long = await registerOrganization({ organization: `${tag} Tenants` });
    const tall = await registerOrganization({
      organization: `${tag} Student Union of the Riverside Colleges`,
    });
    for (const [account, changes] of [
      [
        long,
        {
          description:
            "Tenants of the Lakeside blocks organising together: repairs, rent negotiations, a shared garden, monthly meetings and the yearly committee vote. New neighbours are always welcome to join us.",
        },
      ],
      [tall, { location: "Riverside College Campus, Old Harbour Road, Lagos, Nigeria" }],
    ] as const) {
      const side = await newPage(browser);
      await signInAs(side.context, account);
      const { id } = await myOrganization(side.context);
      await side.context.request.patch(`/api/organizations/${id}`, { data: changes });
      await side.context.close();
    }

    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, voter);
    await page.goto("/member/search-organizations");
    await page.getByPlaceholder("Search organizations by name, description, or location...").fill(tag);
    await page.getByText(/^2 organization\(s\) found$/).waitFor();
    const description = page.getByText(/^Tenants of the Lakeside blocks/);
    const lines = await description.evaluate((node) => {
      const style = getComputedStyle(node);
      return node.getBoundingClientRect().height / Number.parseFloat(style.lineHeight);
    });
    // Exactly the three lines the clamp shows: no fourth drawn below the ellipsis.
    expect(lines).toBeCloseTo(3, 1);
    await shot(page, "search-card-clamp");
    await context.close();
  });
});

describe("invite page", () => {
  it("sends a signed-out visitor to /signup, back after sign-in, and accepting lands on /member", async () => {
    const admin = await registerOrganization({ organization: `Invite Society ${Date.now()}` });
    const voter = await registerVoter({ full_name: "Kojo Invited" });
    const adminSide = await newPage(browser);
    await signInAs(adminSide.context, admin);
    const { invite_code } = await myOrganization(adminSide.context);
    await adminSide.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(`/join/${invite_code}`);
    await page.waitForURL("**/signup");
    const state = await page.evaluate(() => (window.history.state as { state?: unknown }).state);
    expect(state).toEqual({ returnTo: `/join/${invite_code}`, inviteCode: invite_code });
    // The sign-up and sign-in pages say who invited them.
    const invited = page.getByText(`You are invited to join ${admin.organization}.`, { exact: false });
    await invited.waitFor();
    await shot(page, "invite-signup");
    await page.getByRole("link", { name: /sign in/i }).click();
    await page.waitForURL("**/signin");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await invited.waitFor();
    await page.getByLabel("Email").fill(voter.email);
    await page.getByLabel("Password").fill(voter.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`**/join/${invite_code}`);
    await page.getByText("You've been invited to join").waitFor();
    await page.getByRole("heading", { name: admin.organization }).waitFor();
    await page.getByText("Kojo Invited").waitFor();
    expect(await page.getByText(invite_code ?? "").isVisible()).toBe(true);
    await shot(page, "invite-ready");
    await page.getByRole("button", { name: "Accept Invite" }).click();
    await page.getByText(messages.joined).waitFor();
    await page.waitForURL((url) => url.pathname === "/member", { timeout: 5000 });
    await context.close();
  });

  it("remembers a request waiting for approval: reopened, it shows 'Request pending', not Accept Invite", async () => {
    const admin = await registerOrganization({ organization: `Pending Choir ${Date.now()}` });
    const adminSide = await newPage(browser);
    await signInAs(adminSide.context, admin);
    const { id, invite_code } = await myOrganization(adminSide.context);
    await adminSide.context.request.patch(`/api/organizations/${id}/settings`, {
      data: { require_approval: true },
    });

    const voter = await registerVoter({ full_name: "Victor Waiting" });
    const { context, page } = await newPage(browser);
    await signInAs(context, voter);
    const inviteReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/invites/${invite_code}`) inviteReads.push(request.url());
    });
    await page.goto(`/join/${invite_code}`);
    await page.getByRole("button", { name: "Accept Invite" }).click();
    await page.getByText(messages.joinRequested).waitFor();
    // Read once: the live topic's first confirmation found nothing missed since (it read it twice).
    expect(inviteReads).toHaveLength(1);

    await page.reload();
    const status = page.getByRole("status").filter({ hasText: messages.joinPending });
    await status.waitFor();
    expect(await status.textContent()).toContain("Request pending");
    expect(await page.getByRole("button", { name: "Accept Invite" }).count()).toBe(0);
    await shot(page, "invite-request-pending");

    // Approved while the page is open: it says so at once, with the way into the workspace.
    const { requests } = await apiJson<{ requests: Array<{ id: string; email: string }> }>(
      adminSide.context,
      "GET",
      `/api/organizations/${id}/join-requests`,
    );
    const request = requests.find((r) => r.email === voter.email);
    await apiJson(adminSide.context, "POST", `/api/join-requests/${request?.id}/approve`);
    await page
      .getByRole("status")
      .filter({ hasText: `Your request to join ${admin.organization} was approved.` })
      .waitFor();
    await page.getByRole("button", { name: "Go to Workspace" }).waitFor();
    await shot(page, "invite-request-approved");
    await adminSide.context.close();
    await context.close();
  });

  it("shows 'Invalid Invite' for an unknown code and for a malformed one", async () => {
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, voter);
    await page.goto("/join/ZZZZ9999");
    await page.getByRole("heading", { name: "Invalid Invite" }).waitFor();
    await page.getByText(messages.invalidInvite).waitFor();
    await shot(page, "invite-invalid");
    await page.goto("/join/not-a-code");
    await page.getByText(messages.invalidInviteFormat).waitFor();
    await page.getByRole("button", { name: "Go Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("an invite to an organization already joined says so", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    const { invite_code } = await myOrganization(context);
    await page.goto(`/join/${invite_code}`);
    await page.getByText(messages.alreadyMember).waitFor();
    await page.getByRole("button", { name: "Go to Workspace" }).click();
    await page.waitForURL((url) => url.pathname === "/organization");
    await context.close();
  });
});

describe("organization profile", () => {
  it("shows the profile with computed stats; Copy shows 'Copied!' for 2 s", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs(context, admin);
    const profile = await myOrganization(context);
    await page.goto("/organization/profile");
    await page.getByRole("heading", { name: admin.organization, level: 1 }).waitFor();
    await page.getByText("No description provided").waitFor();
    await page.getByTestId("stat-total_members").filter({ hasText: "1" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Invite link" }).inputValue()).toContain(
      `/join/${profile.invite_code}`,
    );
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await page.getByRole("button", { name: messages.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `/join/${profile.invite_code}`,
    );
    await shot(page, "profile-copied");
    await page.getByRole("button", { name: "Copy", exact: true }).waitFor({ timeout: 4000 });

    // A new link retires the old one.
    await page.getByRole("button", { name: "New link" }).click();
    await page.getByRole("button", { name: "Create new link" }).click();
    await page.getByText("The old link no longer works.").waitFor();
    const renewed = await myOrganization(context);
    expect(renewed.invite_code).not.toBe(profile.invite_code);
    const old = await context.request.get(`/api/invites/${profile.invite_code}`);
    expect(old.status()).toBe(404);
    await context.close();
  });

  it("edit profile: an invalid website shows the server's message; a valid one is saved", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    await page.goto("/organization/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Description").fill("Teachers of the Volta region.");
    await page.getByLabel("Website").fill("ftp://example.org");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(messages.websiteInvalid).waitFor();
    await shot(page, "profile-edit-invalid-website");
    await page.getByLabel("Website").fill("https://volta-teachers.example.org");
    await page.getByLabel("Location").fill("Ho, Ghana");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(messages.profileSaved).waitFor();
    await page.getByText("Teachers of the Volta region.").waitFor();
    const link = page.getByRole("link", { name: "volta-teachers.example.org" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    await shot(page, "profile-saved");

    // Logo: a file that is not an image is refused in the server's words as soon as its preview
    // fails (no broken picture, nothing sent); a PNG becomes the logo.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Logo", { exact: true }).setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("not really a picture"),
    });
    await page.getByText(messages.logoInvalid).waitFor();
    expect(await page.getByRole("img", { name: "New logo preview" }).count()).toBe(0);
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(messages.profileSaved).waitFor();
    const logo = page.getByRole("img", { name: `${admin.organization} logo` }).first();
    // The workspace's own copy of the profile may come back once more from before the upload.
    await expect.poll(() => logo.getAttribute("src")).toMatch(/^\/api\/uploads\//);
    await context.close();
  });

  it("two-factor: enrolment with the QR secret, then sign-in asks for the code", async () => {
    const admin = await registerOrganization();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    await page.goto("/organization/profile");
    await page.getByRole("switch", { name: "Enable Two-Factor Auth" }).click();
    const dialog = page.getByRole("dialog", { name: "Set Up Two-Factor Authentication" });
    const secret = (await dialog.getByTestId("totp-secret").textContent()) ?? "";
    const totp = new TOTP({ digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await shot(page, "profile-two-factor-setup");
    await dialog.getByLabel("Authentication Code").fill(totp.generate());
    await dialog.getByRole("button", { name: "Turn On" }).click();
    await page.getByText("Two-factor authentication turned on.").waitFor();
    expect(
      await page.getByRole("switch", { name: "Enable Two-Factor Auth" }).getAttribute("aria-checked"),
    ).toBe("true");

    await context.clearCookies();
    await page.goto("/signin");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByLabel("Password").press("Enter");
    // The code field takes the keys at once: typed on, the code does not go into the password.
    const code = page.getByLabel("Authentication Code");
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    // None typed is asked for, not called wrong.
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: messages.totpRequired }).first().waitFor();
    expect(await page.getByText(messages.totpCodeInvalid).count()).toBe(0);
    // A code is good once: enrolment spent this step's, so sign in with the next step's (accepted a step early).
    await page.keyboard.type(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/organization");
    await context.close();
  });
});
