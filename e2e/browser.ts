import type { BrowserContext, Page } from "playwright-core";

/* What journeys and scripts share about a browser: nothing here reads from the test runner. */

/** Signs the browser context in through the API (its cookie jar gets the session). */
export async function signInAs(context: BrowserContext, account: { email: string; password: string }) {
  const response = await context.request.post("/api/session", {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Sets a demo account's password through the reset link the developer outbox shows (a demo server's,
 * read from this machine), so a script can sign in as it.
 */
export async function takeOverDemoAccount(context: BrowserContext, email: string, password: string) {
  await apiJson(context, "POST", "/api/password-resets", { email });
  const { messages } = await apiJson<{ messages: { to: string; body: string }[] }>(
    context,
    "GET",
    "/api/dev/outbox",
  );
  const link = messages.find((message) => message.to === email && /reset-password\//.test(message.body));
  const token = link?.body.match(/reset-password\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link for ${email} in the developer outbox: is this a demo server?`);
  await apiJson(context, "POST", "/api/password-resets/confirm", { token, password });
}

/** Calls the API as the browser context's signed-in account; anything but 2xx fails the test. */
export async function apiJson<T>(
  context: BrowserContext,
  method: "GET" | "POST",
  url: string,
  data?: unknown,
): Promise<T> {
  const response =
    method === "GET" ? await context.request.get(url) : await context.request.post(url, { data: data ?? {} });
  if (!response.ok())
    throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Waits until the screen has loaded (no request in flight, no loading notice). */
export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page
    .locator("text=/^Loading/")
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * Resolves once a socket of `page` is told it is subscribed to `topic` (e.g. `user:<id>`, where direct
 * messages and mentions arrive). Call it before the navigation that opens the socket: what is sent
 * before the subscription is (rightly) never shown as new.
 */
export function subscribedTo(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload !== "string" || !payload.includes(topic)) return;
        const message = JSON.parse(payload) as { type?: string; topic?: string };
        if (message.type === "subscribed" && message.topic === topic) resolve();
      });
    });
  });
}
