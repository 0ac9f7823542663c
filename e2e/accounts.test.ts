import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
import {
  email,
  launchBrowser,
  newPage,
  registerOrganization,
  registerVoter,
  shot,
  signedIn,
  signInAs,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("sign-up", () => {
  it("a voter signs up with every field, sees the success message and lands on /signin after 2 s", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/signup");
    await page.getByRole("tab", { name: "Voters" }).click();
    await page.getByLabel("Full Name").fill("Abena Owusu");
    const address = email("abena");
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password").fill("akwaaba-24");
    await page.getByLabel("Phone Number").fill("+233 24 555 0199");
    expect(await page.getByLabel("ID Type").inputValue()).toBe("National ID");
    await page.getByLabel("ID Type").selectOption("Passport");
    await page.getByLabel("ID Number").fill("G1234567");
    await shot(page, "signup-voter-filled");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText(messages.accountCreated).waitFor();
    await shot(page, "signup-voter-success");
    // Created: the form takes nothing more (keys typed as the sign-in page came went into it, and
    // left with it: the email typed "at once" on /signin was gone).
    expect(await page.getByLabel("Email").isDisabled()).toBe(true);
    await page.waitForURL("**/signin", { timeout: 5000 });
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password", { exact: true }).fill("akwaaba-24");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(address);
    await context.close();
  });

  it("keeps submit disabled while the password breaks the 6-12 rule and caps the input at 12", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/signup");
    const submit = page.getByRole("button", { name: "Create Account" });
    const password = page.getByLabel("Password");
    await password.fill("12345");
    expect(await submit.isDisabled()).toBe(true);
    // The rule is the field's own description (the page's live region says it too).
    const hint = page.locator(`#${await password.getAttribute("aria-describedby")}`);
    await hint.getByText(messages.passwordLength).waitFor();
    await shot(page, "signup-password-rule");
    await password.fill("kw4m3n-ab-9zXYZ");
    expect(await password.inputValue()).toBe("kw4m3n-ab-9z");
    expect(await submit.isDisabled()).toBe(false);
    await context.close();
  });

  it("refuses a common password with the server's message under the password field", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Kofi Mensah");
    await page.getByLabel("Email").fill(email("kofi"));
    const password = page.getByLabel("Password");
    await password.fill("123456");
    // Under the field (its description), not only in an alert: the form checks the same list as the server.
    const hint = page.locator(`#${await password.getAttribute("aria-describedby")}`);
    await hint.getByText(messages.passwordCommon).waitFor();
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("button", { name: "Create Account" }).isDisabled()).toBe(true);
    await password.fill("PassWord1");
    await hint.getByText(messages.passwordCommon).waitFor();
    await shot(page, "signup-weak-password");
    await password.fill("akwaaba-26");
    await hint.getByText(messages.passwordLength).waitFor();
    expect(await page.getByRole("button", { name: "Create Account" }).isDisabled()).toBe(false);
    await context.close();
  });

  it("an organization signs up, then signs in with the same typing and lands in the organization area", async () => {
    const { context, page } = await newPage(browser);
    const address = email("org");
    await page.goto("/signup");
    await page.getByRole("tab", { name: "Organization" }).click();
    await page.getByLabel("Full Name").fill("Yaw Boateng");
    await page.getByLabel("Email").fill(address);
    // A password manager's 16 characters: the input keeps the spec's 12, and so does the sign-in's.
    await page.getByLabel("Password").fill("orgpass12-extra!");
    await page.getByRole("textbox", { name: "Organization" }).fill("Accra Teachers Union");
    await page.getByLabel("Country").fill("Ghana");
    await shot(page, "signup-organization-filled");
    await page.getByRole("button", { name: "Create Account" }).click();
    // The redirect's 5 s run from the success shown, not from the click: a loaded server took longer to answer.
    await page.getByText(messages.accountCreated).waitFor();
    await page.waitForURL("**/signin", { timeout: 5000 });
    // The router renders the sign-in page in a transition: the old page stays until its code loads.
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();

    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password").fill("orgpass12-extra!");
    const signedIn = page.waitForResponse(
      (r) => r.url().endsWith("/api/session") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await signedIn).status()).toBe(200);
    await page.getByText("Yaw Boateng").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/organization");
    await shot(page, "organization-home");
    await context.close();
  });

  it("answers a taken e-mail as a new sign-up, and tells the address's owner by e-mail instead", async () => {
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email").fill(voter.email.toUpperCase());
    await page.getByLabel("Password").fill("akwaaba-25");
    await page.getByLabel("Phone Number").fill("+1 555 0101");
    await page.getByLabel("ID Number").fill("X9");
    await page.getByRole("button", { name: "Create Account" }).click();
    // The screen cannot tell a taken address from a new one: whoever typed it learns nothing.
    await page.getByText(messages.accountCreated).waitFor();
    await page.waitForURL("**/signin");
    // The owner reads why in their mailbox (the developer outbox of the e2e server).
    const outbox = await page.request.get("/api/dev/outbox");
    const { messages: sent } = (await outbox.json()) as { messages: Array<{ to: string; subject: string }> };
    expect(sent.find((m) => m.to === voter.email.toLowerCase())?.subject).toBe(
      "Someone tried to register with your e-mail",
    );
    await context.close();
  });
});

describe("sign-in", () => {
  it("says 'Invalid email or password' for a wrong password", async () => {
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await page.goto("/signin");
    await page.getByLabel("Email").fill(voter.email);
    await page.getByLabel("Password").fill("wrongpass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText(messages.invalidCredentials).waitFor();
    await shot(page, "signin-wrong-password");
    expect(page.url()).toContain("/signin");
    await context.close();
  });

  it("sends a voter to /member, back to the page they asked for first", async () => {
    const voter = await registerVoter({ full_name: "Kwame Mensah" });
    const { context, page } = await newPage(browser);
    await page.goto("/member/settings");
    await page.waitForURL("**/signin");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByLabel("Email").fill(voter.email);
    await page.getByLabel("Password").fill(voter.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/member/settings");
    await page.getByText("Kwame Mensah").first().waitFor();
    await shot(page, "member-home");
    await context.close();
  });
});

describe("guards", () => {
  it("redirect by role: a voter away from /organization, an organization user away from /member", async () => {
    const voter = await registerVoter();
    const admin = await registerOrganization();
    const asVoter = await newPage(browser);
    await signInAs(asVoter.context, voter);
    await asVoter.page.goto("/organization");
    await asVoter.page.waitForURL(/\/member$/);
    await asVoter.page.goto("/signin");
    await asVoter.page.waitForURL(/\/member$/);
    await asVoter.page.goto("/signup");
    await asVoter.page.waitForURL(/\/member$/);
    await asVoter.context.close();

    const asAdmin = await newPage(browser);
    await signInAs(asAdmin.context, admin);
    await asAdmin.page.goto("/member");
    await asAdmin.page.waitForURL(/\/organization$/);
    await asAdmin.context.close();
  });

  it("send signed-out visitors to /signin and unknown paths to /", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/organization");
    await page.waitForURL("**/signin");
    await page.goto("/no/such/page");
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("ask who is signed in without an error in the console: no session is an answer, not a failure", async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    const asked: string[] = [];
    page.on("response", (response) => {
      if (/\/api\/(admin\/)?session$/.test(response.url()))
        asked.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ["/", "/signup", "/signin", "/forgot-password", "/member", "/admin/signin"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.filter((line) => !line.startsWith("200 "))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("show 'Connection Error' with the message and a Retry button when the server cannot be reached", async () => {
    const { context, page } = await newPage(browser);
    await page.route("**/api/session", (route) => route.abort());
    await page.goto("/member");
    await page.getByText("Connection Error").waitFor();
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await shot(page, "connection-error");
    await page.unroute("**/api/session");
    await page.getByRole("button", { name: "Retry" }).click();
    await page.waitForURL("**/signin");
    await context.close();
  });

  it("discard an unparseable stored record", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("votespace_user", "{not json"));
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("votespace_user"))).toBeNull();
    await context.close();
  });
});

describe("sign-out", () => {
  it("ends the session, clears the stored record, drafts and receipts, and returns to /", async () => {
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, voter);
    await page.goto("/member");
    // What a voter leaves on a shared device: a receipt (it holds the choices) and a draft.
    await page.evaluate(() => {
      localStorage.setItem("votespace_receipts:someone", '{"e":[{"receipt":"VS-1","choices":{"p":"c"}}]}');
      localStorage.setItem("votespace_receipts", '{"e":[{"receipt":"VS-0","choices":{"p":"c"}}]}');
      localStorage.setItem("votespace_draft:someone:channel", "unsent");
    });
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // Only when it signed out (for its other tabs' sign-in page), nothing of the user's.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("votespace_"))),
    ).toEqual(["votespace_signed_out"]);
    await page.goto("/member");
    await page.waitForURL("**/signin");
    expect(await signedIn(context)).toBe(false);
    await context.close();
  });

  it("in one tab signs the browser's other tabs out at once, and they say where it happened", async () => {
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, voter);
    const other = await context.newPage();
    await other.goto("/voters");
    await other.getByRole("heading", { name: "Voter Profile" }).waitFor();
    await page.goto("/member");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // The other tab makes no request of its own: it hears of the sign-out, not of an expired session.
    await other.waitForURL("**/signin");
    await other.getByText("You signed out in another tab. Sign in again to go on.").waitFor();
    expect(await other.getByText("Your session has expired. Please sign in again.").count()).toBe(0);
    await shot(other, "signed-out-in-another-tab");
    await context.close();
  });
});
