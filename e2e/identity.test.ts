import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
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

describe("one person, one place on the roll", () => {
  it("holds a second account with a member's ID number and shows it to the administrator", async () => {
    const admin = await registerOrganization({ organization: `Roll Guild ${Date.now()}` });
    const id_number = `GHA${Date.now() % 10_000_000}`;
    const first = await registerVoter({ full_name: "Akua Original", id_number });
    const copy = await registerVoter({ full_name: "Akua Copy", id_number });

    const adminSide = await newPage(browser);
    await signInAs(adminSide.context, admin);
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      adminSide.context,
      "GET",
      "/api/organizations/mine",
    );
    const firstSide = await newPage(browser);
    await signInAs(firstSide.context, first);
    await apiJson(firstSide.context, "POST", `/api/organizations/${organizationId}/join`);
    await adminSide.page.goto("/organization/profile");

    // The copy joins through the search screen: it hears what any request hears.
    const copySide = await newPage(browser);
    await signInAs(copySide.context, copy);
    await copySide.page.goto("/member/search-organizations");
    await copySide.page
      .getByPlaceholder("Search organizations by name, description, or location...")
      .fill(admin.organization);
    await copySide.page.getByRole("button", { name: `Join Organization ${admin.organization}` }).click();
    await copySide.page.getByText(messages.joinRequested).waitFor();
    await copySide.page.getByText("Request pending").waitFor();

    // The administrator sees it held, live, with whose number it repeats.
    const requests = adminSide.page.getByRole("region", { name: /Join Requests/ });
    await requests.getByText("Akua Copy").waitFor();
    await requests.getByText("Held: same ID number as member Akua Original", { exact: false }).waitFor();
    await shot(adminSide.page, "join-held-duplicate-id");
    // Approving gives the number to this account: the one that held it leaves the organization.
    await adminSide.page.getByRole("button", { name: "Approve Akua Copy" }).click();
    await adminSide.page.getByText("Akua Copy is now a member.").waitFor();
    await shot(adminSide.page, "join-held-approved");
    const { members } = await apiJson<{ members: Array<{ full_name: string }> }>(
      adminSide.context,
      "GET",
      `/api/organizations/${organizationId}/members`,
    );
    expect(members.map((m) => m.full_name).sort()).toEqual(["Akua Copy", "Kofi Admin"]);

    // Monitoring lists the alert.
    await adminSide.page.goto("/organization/monitoring");
    await adminSide.page.getByRole("tab", { name: /Security Alerts/ }).click();
    await adminSide.page
      .getByText(/Duplicate identity: Akua Copy/)
      .first()
      .waitFor();
    await shot(adminSide.page, "monitoring-duplicate-identity");
    await Promise.all([adminSide.context.close(), firstSide.context.close(), copySide.context.close()]);
  });
});
