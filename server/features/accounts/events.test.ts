import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityItem } from "../../../contract/profile";
import { createVoter, signIn } from "../../test/factories";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** A request from a browser, signed in with `cookie` or not. */
const from =
  (userAgent: string, cookie?: string) =>
  (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { "user-agent": userAgent, ...(cookie && { cookie }) }, payload });

const activityOf = async (cookie: string) =>
  (await from(FIREFOX, cookie)("GET", "/api/profile/activity")).json().items as ActivityItem[];

describe("the account's security events in Recent Activity", () => {
  it("lists two-factor on and off, the others signed out and a password changed, each with the device that asked", async () => {
    const voter = await createVoter(t.app);
    const firefox = from(FIREFOX, voter.cookie);
    const chrome = from(CHROME, voter.cookie);
    const { secret } = (await firefox("POST", "/api/account/two-factor/setup")).json();
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: t.clock.now().getTime(),
      });
    expect((await firefox("POST", "/api/account/two-factor/enable", { code: code() })).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await chrome("POST", "/api/account/two-factor/disable", { code: code() })).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await firefox("DELETE", "/api/profile/sessions")).statusCode).toBe(200);
    t.clock.advance(1_000);
    const changed = await chrome("POST", "/api/account/password", {
      current_password: voter.input.password,
      new_password: "new-pass-42",
    });
    expect(changed.json()).toMatchObject({ success: true });

    const events = (await activityOf(voter.cookie)).filter((item) => item.kind !== "registered");
    expect(events.map((item) => [item.title, item.detail])).toEqual([
      ["Changed password", "From Chrome on Windows; other sessions signed out"],
      ["Signed out all other sessions", "From Firefox on Linux"],
      ["Turned off two-factor sign-in", "From Chrome on Windows"],
      ["Turned on two-factor sign-in", "From Firefox on Linux"],
    ]);
    // How the account signs in changed three times: each told to its address, with the device.
    const told = (await t.outbox.to(voter.input.email)).filter((m) => m.kind !== "registered");
    expect(told.map((m) => m.subject).sort()).toEqual([
      "Two-factor sign-in was turned off for your Votespace account",
      "Two-factor sign-in was turned on for your Votespace account",
      "Your Votespace password was changed",
    ]);
    expect(told.find((m) => m.kind === "two_factor_off")?.text).toContain("made from Chrome on Windows");
    expect(told.find((m) => m.kind === "password_changed")?.text).toContain("reset your password at once");
  });

  it("lists a password reset by e-mail link, from the device that opened it; a refused change records nothing", async () => {
    const voter = await createVoter(t.app);
    const wrong = await from(CHROME, voter.cookie)("POST", "/api/account/password", {
      current_password: "not-the-password",
      new_password: "new-pass-42",
    });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await from(FIREFOX)("POST", "/api/password-resets", { email: voter.input.email })).statusCode,
    ).toBe(202);
    const token =
      (await t.outbox.lastTo(voter.input.email))?.text.match(/reset-password\/([\w-]+)/)?.[1] ?? "";
    const reset = await from(FIREFOX)("POST", "/api/password-resets/confirm", {
      token,
      password: "reset-pas-42",
    });
    expect(reset.statusCode).toBe(200);
    const again = await signIn(t.app, voter.input.email, "reset-pas-42");
    const events = (await activityOf(again)).filter((item) => item.kind !== "registered");
    expect(events.map((item) => [item.title, item.detail])).toEqual([
      ["Reset password by e-mail link", "From Firefox on Linux; every session signed out"],
    ]);
  });
});
