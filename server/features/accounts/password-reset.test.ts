import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { createVoter, signIn } from "../../test/factories";
import { type TestApp, testApp } from "../../test/support";

/** Asks for a reset of a new voter's password on an app of its own, sending forged host headers. */
async function resetLinkOf(options: Parameters<typeof testApp>[0]): Promise<string> {
  const own = await testApp(options);
  try {
    const voter = await createVoter(own.app);
    const response = await own.app.inject({
      method: "POST",
      url: "/api/password-resets",
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      payload: { email: voter.input.email },
    });
    expect(response.statusCode).toBe(202);
    return (await own.outbox.lastTo(voter.input.email))?.text.match(/\S+\/reset-password\/\S+/)?.[0] ?? "";
  } finally {
    await own.close();
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/password-resets", payload: { email } });
const confirm = (token: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/password-resets/confirm", payload: { token, password } });
const tokenFrom = (text: string) => text.match(/reset-password\/([\w-]+)/)?.[1] ?? "";

describe("password reset", () => {
  it("sends a one-time link that sets a new password and ends every session", async () => {
    const voter = await createVoter(t.app);
    const response = await requestReset(voter.input.email);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(messages.resetRequested);
    const token = tokenFrom((await t.outbox.lastTo(voter.input.email))?.text ?? "");
    expect(token).not.toBe("");

    // The page asks whether its link works before a password is typed.
    const check = (value: string) =>
      t.app.inject({ method: "GET", url: `/api/password-resets/${encodeURIComponent(value)}` });
    expect((await check(token)).statusCode).toBe(200);
    expect((await confirm(token, "newpass99")).statusCode).toBe(200);
    for (const dead of [token, "not-a-token", "x".repeat(201)]) {
      const answer = await check(dead);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toBe(messages.resetInvalid);
    }
    const session = await t.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: voter.cookie },
    });
    expect(session.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: voter.input.email, password: "newpass99" },
    });
    expect(signIn.statusCode).toBe(200);

    const again = await confirm(token, "another99");
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.resetInvalid);
  });

  it("voids every other unused link once a new password is set, by a link or by Change Password", async () => {
    const voter = await createVoter(t.app);
    const links = async (count: number) => {
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        await requestReset(voter.input.email);
        tokens.push(tokenFrom((await t.outbox.lastTo(voter.input.email))?.text ?? ""));
      }
      return tokens;
    };
    const [older, newer] = await links(2);
    expect((await confirm(newer as string, "newpass99")).statusCode).toBe(200);
    const stale = await confirm(older as string, "taken-over1");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(messages.resetInvalid);

    const [left] = await links(1);
    const cookie = await signIn(t.app, voter.input.email, "newpass99");
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: { cookie },
      payload: { current_password: "newpass99", new_password: "newpass77" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(left as string, "taken-over1")).json().error.message).toBe(messages.resetInvalid);
  });

  it("gives the same answer for an unknown e-mail and sends nothing", async () => {
    const response = await requestReset("nobody-here@test.votespace.local");
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(messages.resetRequested);
    expect(await t.outbox.to("nobody-here@test.votespace.local")).toEqual([]);
  });

  it("refuses an expired link and a too-short password", async () => {
    const voter = await createVoter(t.app);
    await requestReset(voter.input.email);
    const token = tokenFrom((await t.outbox.lastTo(voter.input.email))?.text ?? "");
    expect((await confirm(token, "123")).json().error.message).toBe(messages.passwordLength);
    t.clock.advance(31 * 60_000);
    expect((await confirm(token, "newpass99")).json().error.message).toBe(messages.resetInvalid);
  });

  it("builds the link from PUBLIC_URL, never from the request's Host or forwarded headers", async () => {
    const link = await resetLinkOf({ config: { publicUrl: "https://vote.example.org/" } });
    expect(link).toMatch(/^https:\/\/vote\.example\.org\/reset-password\/[\w-]+$/);
  });

  it("without PUBLIC_URL, builds it from the address the server was started on, even behind a proxy", async () => {
    const link = await resetLinkOf({ config: { port: 3456, host: "0.0.0.0", trustProxy: 1 } });
    expect(link).toMatch(/^http:\/\/localhost:3456\/reset-password\/[\w-]+$/);
    expect(link).not.toContain("evil.example");
  });
});
