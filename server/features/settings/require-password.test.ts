import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingsMessages } from "../../../contract/settings";
import { createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const PASSWORD = "vs-secret12";
const askingForPassword = {
  ...DEFAULT_SETTINGS,
  security: { ...DEFAULT_SETTINGS.security, requirePassword: true },
};

/** A user whose settings ask for the password before sensitive actions. */
async function carefulVoter() {
  const voter = await createVoter(t.app);
  expect((await call(t.app, voter.cookie).put("/api/settings", askingForPassword)).statusCode).toBe(200);
  return voter;
}

describe('"Require Password" before sensitive actions', () => {
  it("guards saving the settings, turning it off included", async () => {
    const voter = await carefulVoter();
    const as = call(t.app, voter.cookie);
    const relaxed = {
      ...askingForPassword,
      security: { ...askingForPassword.security, requirePassword: false },
    };

    const bare = await as.put("/api/settings", relaxed);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error).toEqual({
      code: "password_required",
      message: settingsMessages.passwordNeeded,
    });
    const wrong = await as.put("/api/settings", { ...relaxed, password: "not-it-at-all" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({ code: "forbidden", message: settingsMessages.passwordWrong });
    expect((await as.get("/api/settings")).json().security.requirePassword).toBe(true);

    const right = await as.put("/api/settings", { ...relaxed, password: PASSWORD });
    expect(right.statusCode).toBe(200);
    // Off now: the next save needs nothing.
    expect((await as.put("/api/settings", relaxed)).statusCode).toBe(200);
  });

  it("guards starting, confirming and turning off two-factor", async () => {
    const voter = await carefulVoter();
    const as = call(t.app, voter.cookie);
    const setup = await as.post("/api/account/two-factor/setup", {});
    expect(setup.statusCode).toBe(403);
    expect(setup.json().error.code).toBe("password_required");
    expect((await as.post("/api/account/two-factor/setup", { password: PASSWORD })).statusCode).toBe(200);

    const enable = await as.post("/api/account/two-factor/enable", { code: "123456" });
    expect(enable.json().error.code).toBe("password_required");
    const disable = await as.post("/api/account/two-factor/disable", {});
    expect(disable.json().error.code).toBe("password_required");
  });

  it("guards a new invite link", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const url = `/api/organizations/${admin.organizationId}/invite-code`;
    expect((await as.post(url)).statusCode).toBe(200);
    expect((await as.put("/api/settings", askingForPassword)).statusCode).toBe(200);

    const bare = await as.post(url);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe("password_required");
    expect((await as.post(url, { password: "not-it-at-all" })).statusCode).toBe(403);
    const right = await as.post(url, { password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().invite_code).toEqual(expect.any(String));
  });
});
