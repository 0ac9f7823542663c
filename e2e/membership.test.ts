import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
import { DEFAULT_SETTINGS } from "../contract/settings";
import {
  apiJson,
  launchBrowser,
  newPage,
  organizationWithVoter,
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

/**
 * Issue 13, item 13 (membership): a voter leaves from their workspace; the owner makes an
 * organization account an administrator and removes another voter, each asked again first; every
 * other screen follows live, and the owner's row offers nothing.
 */
describe("membership", () => {
  it("a member leaves, an administrator makes an admin and removes a member", async () => {
    const name = `Harbour Guild ${Date.now()}`;
    const { owner, voter, organizationId } = await organizationWithVoter(browser, {
      organization: { organization: name, full_name: "Kofi Owner" },
      voter: { full_name: "Esi Leaver" },
    });
    // An organization account that joined, and a second voter the owner will remove.
    const guestAccount = await registerOrganization({ full_name: "Ama Guest" });
    const guest = await newPage(browser);
    await signInAs(guest.context, guestAccount);
    await apiJson(guest.context, "POST", `/api/organizations/${organizationId}/join`);
    await guest.context.request.put("/api/organizations/current", {
      data: { organization_id: organizationId },
    });
    const removedAccount = await registerVoter({ full_name: "Yaw Removed" });
    const removed = await newPage(browser);
    await signInAs(removed.context, removedAccount);
    await apiJson(removed.context, "POST", `/api/organizations/${organizationId}/join`);

    await owner.page.goto("/organization/profile");
    const list = owner.page.getByRole("region", { name: /^Members/ });
    await list.getByText("Esi Leaver").waitFor();
    await list.getByText("Yaw Removed").waitFor();
    await list.getByText(messages.votersNeverAdmins, { exact: false }).waitFor();
    // The owner's own row and the voters' rows offer no "Make admin"; the organization account's does.
    expect(await list.getByRole("button", { name: /Kofi Owner/ }).count()).toBe(0);
    expect(await list.getByRole("button", { name: "Make admin: Esi Leaver" }).count()).toBe(0);
    await list.getByRole("button", { name: "Make admin: Ama Guest" }).waitFor();
    await list.scrollIntoViewIfNeeded();
    await shot(owner.page, "membership-admin-list");

    // 1. The voter leaves from their workspace home.
    await voter.page.goto("/member");
    await voter.page.getByRole("button", { name: "Leave organization" }).click();
    const leaveDialog = voter.page.getByRole("dialog", { name: `Leave ${name}?` });
    await shot(voter.page, "membership-leave-confirm");
    await leaveDialog.getByRole("button", { name: "Leave organization" }).click();
    await voter.page.getByText(messages.leftOrganization(name)).waitFor();
    await voter.page.getByRole("button", { name: new RegExp(name) }).waitFor({ state: "detached" });
    await shot(voter.page, "membership-left");
    // The owner's list drops them live.
    await list.getByRole("listitem").filter({ hasText: "Esi Leaver" }).waitFor({ state: "detached" });

    // 2. The owner makes the organization account an administrator; its own screen follows.
    await guest.page.goto("/organization/profile");
    await guest.page.getByText("Your role").locator("..").getByText("Member").waitFor();
    // A member's open list takes in someone joining, and her e-mail once she shares it.
    const guestList = guest.page.getByRole("region", { name: /^Members/ });
    const newcomer = await newPage(browser);
    const efua = await registerVoter({ full_name: "Efua Newcomer" });
    await signInAs(newcomer.context, efua);
    await apiJson(newcomer.context, "POST", `/api/organizations/${organizationId}/join`);
    await guestList.getByText("Efua Newcomer").waitFor();
    // She shares her e-mail with members, then no longer: the open list follows each time.
    const share = (shareEmail: boolean) =>
      apiJson(newcomer.context, "PUT", "/api/settings", {
        ...DEFAULT_SETTINGS,
        privacy: { ...DEFAULT_SETTINGS.privacy, shareEmail },
      });
    await share(true);
    await guestList.getByText(efua.email).waitFor();
    await guestList.getByText(efua.email).scrollIntoViewIfNeeded();
    await shot(guest.page, "membership-email-shared");
    await share(false);
    await guestList.getByText(efua.email).waitFor({ state: "detached" });
    await list.getByRole("button", { name: "Make admin: Ama Guest" }).click();
    await owner.page
      .getByRole("dialog", { name: "Make Ama Guest an admin?" })
      .getByRole("button", { name: "Make Ama Guest an admin" })
      .click();
    await owner.page.getByText(messages.memberNowAdmin("Ama Guest")).waitFor();
    await list.getByRole("button", { name: "Remove admin: Ama Guest" }).waitFor();
    await guest.page.getByText("Your role").locator("..").getByText("Administrator").waitFor();
    await guest.page.getByRole("button", { name: "Edit Profile" }).waitFor();
    // The new administrator sees the owner protected: no action on the owner's row.
    await guestList.getByRole("button", { name: "Remove Yaw Removed" }).waitFor();
    expect(await guestList.getByRole("button", { name: "Remove Kofi Owner" }).count()).toBe(0);
    await guestList.scrollIntoViewIfNeeded();
    await shot(guest.page, "membership-new-admin");

    // 3. The owner removes the second voter, whose workspace empties at once.
    await removed.page.goto("/member");
    await removed.page.getByRole("button", { name: "Leave organization" }).waitFor();
    await list.getByRole("button", { name: "Remove Yaw Removed" }).click();
    const removeDialog = owner.page.getByRole("dialog", { name: "Remove Yaw Removed?" });
    await shot(owner.page, "membership-remove-confirm");
    await removeDialog.getByRole("button", { name: "Remove Yaw Removed" }).click();
    await owner.page.getByText(messages.memberRemoved("Yaw Removed")).waitFor();
    await list.getByRole("listitem").filter({ hasText: "Yaw Removed" }).waitFor({ state: "detached" });
    // Told at once (a notice for a few seconds, and where "No Organization" is).
    await removed.page.getByText(messages.removedFromOrganization(name)).first().waitFor();
    await removed.page.getByRole("button", { name: "Leave organization" }).waitFor({ state: "detached" });
    // The notice goes after a few seconds; "No Organization" keeps saying why.
    await expect
      .poll(() =>
        removed.page
          .locator(".alert")
          .filter({ hasText: messages.removedFromOrganization(name) })
          .count(),
      )
      .toBe(1);
    await shot(removed.page, "membership-removed");
    const mine = await apiJson<{ organizations: { id: string }[] }>(
      removed.context,
      "GET",
      "/api/organizations/mine",
    );
    expect(mine.organizations.map((o) => o.id)).not.toContain(organizationId);

    // The owner cannot leave: the reason, not a button.
    await owner.page.getByText(messages.ownerCannotLeave).waitFor();
    expect(await owner.page.getByRole("button", { name: "Leave organization" }).count()).toBe(0);
    await shot(owner.page, "membership-owner");
    for (const side of [owner, voter, guest, removed, newcomer]) await side.context.close();
  });
});
