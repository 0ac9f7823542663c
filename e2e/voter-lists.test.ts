import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import type { Election } from "../contract/elections";
import { VOTER_LIST_PROBLEMS, voterListMessages } from "../contract/invitations";
import { settle } from "./browser";
import {
  apiJson,
  day,
  email,
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
    await settle(owner.page);
    await preview.scrollIntoViewIfNeeded();
    await shot(owner.page, "voter-list-preview-390");
    await owner.page.setViewportSize({ width: 1280, height: 860 });

    await owner.page.getByRole("button", { name: "Send invitations (4)" }).click();
    await owner.page.getByText("4 invitations sent; 1 row skipped.").waitFor();
    const invitations = owner.page.getByRole("table", { name: "Invitations and their states" });
    await expect.poll(() => invitations.getByRole("row").count()).toBe(5);
    // The outbox worker sends them to the developer outbox: Sent, then Delivered.
    await expect
      .poll(
        async () => {
          await owner.page.reload();
          await settle(owner.page);
          return invitations.locator("tbody").getByText("Delivered", { exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(4);
    await owner.page.getByText("members-2026.csv").first().waitFor();
    await invitations.scrollIntoViewIfNeeded();
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
    // The link is one to follow in a click, not text to copy.
    expect(await message.getByRole("link", { name: link }).getAttribute("href")).toBe(link);
    // Kofi's first link, which a Resend will replace.
    const kofi = people[1]?.email ?? "";
    const kofisBody =
      (await outbox
        .getByRole("listitem")
        .filter({ hasText: kofi })
        .first()
        .locator(".OutboxPage_outboxBody")
        .textContent()) ?? "";
    const replacedLink = kofisBody.match(/https?:\/\/\S+\/invitation\/[\w-]+/)?.[0] ?? "";
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
    // Its voter, back from the e-mail signed out, is offered to sign in.
    await again.page.getByRole("link", { name: "Sign In" }).click();
    await again.page.waitForURL(/\/signin$/);
    await again.context.close();

    // The admin sees it accepted.
    await owner.page.reload();
    await invitations.getByText("Accepted", { exact: true }).waitFor();

    // Resend to Kofi: his first link, opened, says it was replaced (not "not valid").
    await owner.page.getByRole("button", { name: `Resend the invitation to ${kofi}` }).click();
    await owner.page.getByText(voterListMessages.resent(kofi)).waitFor();
    const late = await newPage(browser);
    await late.page.goto(new URL(replacedLink).pathname);
    await late.page.getByText(voterListMessages.invitationReplaced).waitFor();
    await shot(late.page, "invitation-replaced");
    await late.context.close();

    // A new import's notice replaces the resend's: only the latest action is news.
    await owner.page.getByLabel("Upload CSV").setInputFiles({
      name: "late-joiners.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`Full name,Email\r\nAkua Darko,${email("akua")}`),
    });
    await owner.page.getByRole("button", { name: "Send invitations (1)" }).click();
    await owner.page.getByText("1 invitation sent.").waitFor();
    expect(await owner.page.getByText(voterListMessages.resent(kofi)).count()).toBe(0);
    await invitations.scrollIntoViewIfNeeded();
    await shot(owner.page, "voter-list-accepted");
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await settle(owner.page);
    await invitations.scrollIntoViewIfNeeded();
    await shot(owner.page, "voter-list-invitations-390");
    await owner.context.close();
    await newcomer.context.close();
  });

  it("the admin chooses an election's roll from an imported list on the Voters tab; opening fixes it", async () => {
    const admin = await registerOrganization();
    const owner = await newPage(browser);
    await signInAs(owner.context, admin);
    const { current_id: organizationId } = await apiJson<{ current_id: string }>(
      owner.context,
      "GET",
      "/api/organizations/mine",
    );
    // A member who joined by hand, and a person of an imported list who accepted.
    const walkIn = await registerVoter({ full_name: "Kwame Walk-in" });
    const walker = await newPage(browser);
    await signInAs(walker.context, walkIn);
    await apiJson(walker.context, "POST", `/api/organizations/${organizationId}/join`);
    const listed = email("listed");
    await apiJson(owner.context, "POST", `/api/organizations/${organizationId}/voter-lists`, {
      filename: "board.csv",
      csv: `Full name,Email\nAdjoa Listed,${listed}\n`,
    });
    const { messages } = await apiJson<{ messages: { to: string; body: string }[] }>(
      owner.context,
      "GET",
      "/api/dev/outbox",
    );
    const token = messages.find((m) => m.to === listed)?.body.match(/invitation\/([\w-]+)/)?.[1];
    if (!token) throw new Error("no invitation link in the developer outbox");
    const joined = await walker.context.request.post("/api/invitations/account", {
      data: {
        token,
        full_name: "Adjoa Listed",
        password: "vs-secret12",
        phone_number: "+233 20 555 0101",
        id_type: "National ID",
        id_number: "GHA-LIST-1",
      },
    });
    expect(joined.status()).toBe(201);

    const { channel } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
      organization_id: organizationId,
      name: "board-vote",
      type: "election",
      voting_settings: {
        startDate: day(1),
        endDate: day(3),
        candidates: [
          { name: "Ama", party: "Blue", position: "president", image: "/favicon.svg" },
          { name: "Kofi", party: "Green", position: "president", image: "/favicon.svg" },
        ],
      },
    });
    const election = await apiJson<Election>(owner.context, "GET", `/api/channels/${channel.id}/election`);
    await owner.page.goto(`/organization/election?channelId=${channel.id}&channelName=${channel.name}`);
    await owner.page.getByRole("tab", { name: "Voters" }).click();
    await owner.page.getByText("Roll: every voter member").waitFor();
    await owner.page.getByText("Kwame Walk-in").waitFor();

    await owner.page.getByRole("button", { name: "Choose voters" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Choose voters" });
    await dialog.getByRole("radio", { name: "Only the voters I choose" }).check();
    await dialog.getByRole("checkbox", { name: /board\.csv/ }).check();
    await shot(owner.page, "roll-choose");
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await shot(owner.page, "roll-choose-390");
    await owner.page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByRole("button", { name: "Save roll" }).click();
    await dialog.waitFor({ state: "detached" });
    await owner.page.getByText("Roll: 1 chosen voter").waitFor();
    await owner.page.getByText("Adjoa Listed").waitFor();
    expect(await owner.page.getByText("Kwame Walk-in").count()).toBe(0);

    await apiJson(owner.context, "POST", `/api/elections/${election.id}/open`);
    await owner.page.reload();
    await owner.page.getByRole("tab", { name: "Voters" }).click();
    await owner.page.getByText("Roll: 1 chosen voter").waitFor();
    await owner.page.getByText("The roll was fixed when voting opened.", { exact: false }).waitFor();
    expect(await owner.page.getByRole("button", { name: "Choose voters" }).count()).toBe(0);
    await settle(owner.page);
    await shot(owner.page, "roll-fixed");
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await settle(owner.page);
    await owner.page.getByText("Roll: 1 chosen voter").scrollIntoViewIfNeeded();
    await shot(owner.page, "roll-fixed-390");
    await owner.context.close();
    await walker.context.close();
  });
});
