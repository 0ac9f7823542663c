import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { users } from "../../db/schema";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { enableTwoFactor } from "./two-factor";

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
    t.clock.advance(30_000);
    const ok = await call(t.app).post("/api/session", { ...credentials, code: codeFor(setup.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile.two_factor_enabled).toBe(true);

    t.clock.advance(30_000);
    expect(
      (await as.post("/api/account/two-factor/disable", { code: codeFor(setup.secret) })).statusCode,
    ).toBe(200);
    expect((await call(t.app).post("/api/session", credentials)).statusCode).toBe(200);
  });

  it("is enabled with one read of the secret", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const setup = (await as.post("/api/account/two-factor/setup")).json();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, admin.input.email));
    const statements: string[] = [];
    const db = t.database.observed((query) => statements.push(query));
    const { context } = t.app;
    if (!user) throw new Error("no user");
    await enableTwoFactor(
      {
        guard: { db, clock: context.clock, limits: context.limits },
        secretKey: context.config.secretKey,
        ip: "127.0.0.1",
      },
      user,
      codeFor(setup.secret),
    );
    expect(statements.filter((query) => /select .*"totp_secret"/.test(query))).toHaveLength(1);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.totpEnabled).toBe(true);
  });

  it("is not turned on when the setup was started again while the code was being checked", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const setup = (await as.post("/api/account/two-factor/setup")).json();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, admin.input.email));
    if (!user) throw new Error("no user");
    const { context } = t.app;
    const real = t.database.db;
    // The confirming write finds the secret replaced (a setup started again in another tab).
    const db = new Proxy(real, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof real.transaction>) => {
          await real.update(users).set({ totpSecret: "replaced" }).where(eq(users.id, user.id));
          return real.transaction(...args);
        };
      },
    });
    const enabling = enableTwoFactor(
      {
        guard: { db, clock: context.clock, limits: context.limits },
        secretKey: context.config.secretKey,
        ip: "127.0.0.1",
      },
      user,
      codeFor(setup.secret),
    );
    await expect(enabling).rejects.toThrow(messages.totpNotStarted);
    const [after] = await real.select().from(users).where(eq(users.id, user.id));
    expect(after?.totpEnabled).toBe(false);
  });

  it("cannot be enabled before setup", async () => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app, admin.cookie).post("/api/account/two-factor/enable", {
      code: "123456",
    });
    expect(response.json().error.message).toBe(messages.totpNotStarted);
  });

  it("accepts a code once: replayed at sign-in or to turn two-factor off, it is refused", async () => {
    const { secret, credentials, as } = await enrolled();
    t.clock.advance(30_000);
    const code = codeFor(secret);
    expect((await call(t.app).post("/api/session", { ...credentials, code })).statusCode).toBe(200);
    const replayed = await call(t.app).post("/api/session", { ...credentials, code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.message).toBe(messages.totpCodeUsed);
    const offWithIt = await as.post("/api/account/two-factor/disable", { code });
    expect(offWithIt.json().error.message).toBe(messages.totpCodeUsed);
    expect((await as.get("/api/profile")).json().profile.two_factor_enabled).toBe(true);
  });

  it("cannot be re-enrolled or turned off with the session alone: the current code or the password is required", async () => {
    const { secret, admin, as } = await enrolled();
    t.clock.advance(30_000);
    const sessionOnly = await as.post("/api/account/two-factor/setup");
    expect(sessionOnly.statusCode).toBe(400);
    expect(sessionOnly.json().error.message).toBe(messages.totpProofRequired);
    expect((await as.post("/api/account/two-factor/disable", {})).json().error.message).toBe(
      messages.totpProofRequired,
    );
    const wrongPassword = await as.post("/api/account/two-factor/setup", { password: "not-mine-1" });
    expect(wrongPassword.statusCode).toBe(403);
    // The factor is unchanged: its code still signs in.
    const credentials = { email: admin.input.email, password: admin.input.password };
    expect(
      (await call(t.app).post("/api/session", { ...credentials, code: codeFor(secret) })).statusCode,
    ).toBe(200);
    t.clock.advance(30_000);
    const renewed = await as.post("/api/account/two-factor/setup", { code: codeFor(secret) });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().secret).not.toBe(secret);
    t.clock.advance(30_000);
    expect(
      (await as.post("/api/account/two-factor/disable", { password: admin.input.password })).statusCode,
    ).toBe(200);
  });

  it("throttles guesses at the code to turn it on or off, as sign-in is throttled", async () => {
    const limited = await testApp({ limits: { signInPerAccountAddress: { max: 3, windowSeconds: 900 } } });
    try {
      const admin = await createOrganization(limited.app);
      const as = call(limited.app, admin.cookie);
      const { secret } = (await as.post("/api/account/two-factor/setup")).json();
      const now = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: limited.clock.now().getTime(),
      });
      const wrong = now === "000000" ? "000001" : "000000";
      for (let i = 0; i < 3; i++) {
        expect((await as.post("/api/account/two-factor/enable", { code: wrong })).statusCode).toBe(400);
      }
      const refused = await as.post("/api/account/two-factor/enable", { code: now });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/^Too many attempts\. Please try again in /);
    } finally {
      await limited.close();
    }
  });
});

/** An organization admin with two-factor on (its first code spent on enrolment). */
async function enrolled() {
  const admin = await createOrganization(t.app);
  const as = call(t.app, admin.cookie);
  const { secret } = (await as.post("/api/account/two-factor/setup")).json();
  expect((await as.post("/api/account/two-factor/enable", { code: codeFor(secret) })).statusCode).toBe(200);
  return { admin, as, secret, credentials: { email: admin.input.email, password: admin.input.password } };
}
