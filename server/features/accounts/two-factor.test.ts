import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: t.clock.now().getTime(),
  });

describe("two-factor sign-in", () => {
  it("is enrolled with a confirmed code, then required at sign-in, and shows on the organization", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const setup = (await as.post("/api/account/two-factor/setup")).json();
    expect(setup.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauth_url).toContain("otpauth://totp/");

    const wrong = await as.post("/api/account/two-factor/enable", { code: "000000" });
    expect(wrong.json().error.message).toBe(messages.totpCodeInvalid);
    expect(
      (await as.post("/api/account/two-factor/enable", { code: codeFor(setup.secret) })).statusCode,
    ).toBe(200);
    expect((await as.get(`/api/organizations/${admin.organizationId}`)).json().two_factor_required).toBe(
      true,
    );

    const credentials = { email: admin.input.email, password: admin.input.password };
    const withoutCode = await call(t.app).post("/api/session", credentials);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().error).toEqual({ code: "two_factor_required", message: messages.totpRequired });
    const badCode = await call(t.app).post("/api/session", { ...credentials, code: "123456" });
    expect(badCode.json().error.message).toBe(messages.totpCodeInvalid);
    const ok = await call(t.app).post("/api/session", { ...credentials, code: codeFor(setup.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile.two_factor_enabled).toBe(true);

    expect(
      (await as.post("/api/account/two-factor/disable", { code: codeFor(setup.secret) })).statusCode,
    ).toBe(200);
    expect((await call(t.app).post("/api/session", credentials)).statusCode).toBe(200);
  });

  it("cannot be enabled before setup", async () => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app, admin.cookie).post("/api/account/two-factor/enable", {
      code: "123456",
    });
    expect(response.json().error.message).toBe(messages.totpNotStarted);
  });
});
