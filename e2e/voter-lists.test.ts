import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOTER_LIST_PROBLEMS } from "../contract/invitations";
import { email, launchBrowser, newPage, registerOrganization, settle, shot, signInAs } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("voter lists", () => {
  it("an admin imports a CSV of 5 voters (one bad row shown in the preview), sends, and a new person joins from the link", async () => {
    const admin = await registerOrganization({ organization: `Teachers Union ${Date.now()}` });
    const owner = await newPage(browser);
    await signInAs(owner.context, admin);
    const people = ["Ama Owusu", "Kofi Mensah", "Esi Boateng", "Yaw Asante"].map((name) => ({
      name,
      email: email(name.split(" ")[0]?.toLowerCase() ?? "voter"),
    }));
    const [ama] = people;
    if (!ama) throw new Error("no people");
    // A spreadsheet's export: a byte-order mark, CRLF, quotes around a comma; one address is broken.
    const csv = [
      "\uFEFFFull name,Email,Phone,ID type,ID number",
      `"Owusu, Ama",${ama.email},+233 20 111 0001,National ID,GHA-0001`,
      ...people.slice(1).map((p, i) => `${p.name},${p.email},+233 20 111 000${i + 2},,`),
      "Abena Broken,abena-at-example.org,,,",
    ].join("\r\n");

    await owner.page.goto("/organization/profile");
    await owner.page.getByRole("heading", { name: "Voter List" }).waitFor();
    await owner.page.getByLabel("Upload CSV").setInputFiles({
      name: "members-2026.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await owner.page.getByText("4 ready to invite, 1 with problems (not invited)").waitFor();
    await owner.page.getByText(VOTER_LIST_PROBLEMS.bad_email).waitFor();
    const preview = owner.page.getByRole("table", { name: "Preview of members-2026.csv" });
    expect(await preview.getByRole("row").count()).toBe(6);
    await preview.getByText("Owusu, Ama").waitFor();
    await preview.scrollIntoViewIfNeeded();
    await shot(owner.page, "voter-list-preview");
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await preview.scrollIntoViewIfNeeded();
    await shot(owner.page, "voter-list-preview-390");
    await owner.page.setViewportSize({ width: 1280, height: 860 });

    await owner.page.getByRole("button", { name: "Send invitations (4)" }).click();
    await owner.page.getByText("4 invitations sent; 1 row skipped.").waitFor();
    const invitations = owner.page.getByRole("table", { name: "Invitations and their states" });
    await expect.poll(() => invitations.getByRole("row").count()).toBe(5);
    // The outbox worker sends them to the developer outbox: Sending, then Sent.
    await expect
      .poll(
        async () => {
          await owner.page.reload();
          await settle(owner.page);
          return invitations.getByText("Sent", { exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(4);
    await owner.page.getByText("members-2026.csv").first().waitFor();
    await shot(owner.page, "voter-list-invitations");

    // The invitation e-mail, as the developer outbox shows it.
    const outbox = await owner.context.newPage();
    await outbox.goto("/dev/outbox");
    await outbox.getByText("Developer tool").waitFor();
    const message = outbox.getByRole("listitem").filter({ hasText: ama.email }).first();
    const body = (await message.locator(".OutboxPage_outboxBody").textContent()) ?? "";
    expect(body).toContain("It works once, until");
    const link = body.match(/https?:\/\/\S+\/invitation\/[\w-]+/)?.[0];
    if (!link) throw new Error(`no invitation link in ${body}`);
    await outbox.close();

    // A new person opens the link in their own browser.
    const newcomer = await newPage(browser);
    await newcomer.page.goto(new URL(link).pathname);
    await newcomer.page.getByRole("heading", { name: `Join ${admin.organization}` }).waitFor();
    expect(await newcomer.page.getByLabel("Email").inputValue()).toBe(ama.email);
    expect(await newcomer.page.getByLabel("Full Name").inputValue()).toBe("Owusu, Ama");
    await newcomer.page.getByLabel("Password").fill("vs-secret12");
    await newcomer.page.getByLabel("ID Number").fill("GHA-0001");
    await shot(newcomer.page, "invitation-new-account");
    await newcomer.page.setViewportSize({ width: 390, height: 844 });
    await shot(newcomer.page, "invitation-new-account-390");
    await newcomer.page.setViewportSize({ width: 1280, height: 860 });
    await newcomer.page.getByRole("button", { name: "Create Account and Join" }).click();
    await newcomer.page.getByText(`Welcome to ${admin.organization}! You are now a member.`).waitFor();
    // Lands in the organization's workspace.
    await newcomer.page.waitForURL(/\/member/);
    await newcomer.page.getByText(admin.organization).first().waitFor();
    await settle(newcomer.page);
    await shot(newcomer.page, "invitation-joined-workspace");

    // The link works once.
    const again = await newPage(browser);
    await again.page.goto(new URL(link).pathname);
    await again.page.getByText("This invitation has already been used.").waitFor();
    await again.context.close();

    // The admin sees it accepted.
    await owner.page.reload();
    await invitations.getByText("Accepted", { exact: true }).waitFor();
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await invitations.scrollIntoViewIfNeeded();
    await shot(owner.page, "voter-list-invitations-390");
    await owner.context.close();
    await newcomer.context.close();
  });
});
