import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformAdminMessages } from "../../../contract/platform-admin";
import type { Limits } from "../../context";
import { generousLimits } from "../../test/config";
import { createVoter } from "../../test/factories";
import { type TestApp, testApp } from "../../test/support";
import { createAdmin } from "../platform-admin/accounts";
import { guessDelayMs } from "./guesses";

/**
 * Tight limits per account, and delays short enough for a test. The per-address ceiling stays
 * generous: the factories sign in from 127.0.0.1, which every test file shares on PostgreSQL.
 */
const tight: Partial<Limits> = {
  signInPerIp: generousLimits.signInPerIp,
  signInPerAccountAddress: { max: 3, windowSeconds: 900 },
  signInPerAccount: { max: 3, windowSeconds: 900 },
  guessDelay: { stepMs: 20, maxMs: 80 },
};

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ limits: tight });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/session", payload: { email, password }, remoteAddress });
const adminSignIn = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    payload: { username, password },
    remoteAddress,
  });

describe("guessing at a voter's password", () => {
  it("never locks the owner out: ten wrong guesses from ten addresses, then the right password from a fresh one", async () => {
    const voter = await createVoter(t.app);
    for (let i = 1; i <= 10; i++) {
      const wrong = await signIn(voter.input.email, "wrong-pass", `198.51.100.${i}`);
      expect(wrong.statusCode).toBe(401);
    }
    const owner = await signIn(voter.input.email, voter.input.password, "203.0.113.77");
    expect(owner.statusCode).toBe(200);
  });

  it("refuses one address that keeps guessing at one account, and only that address", async () => {
    const voter = await createVoter(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(voter.input.email, "wrong-pass", "198.51.100.50")).statusCode).toBe(401);
    }
    const refused = await signIn(voter.input.email, voter.input.password, "198.51.100.50");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many attempts\. Please try again in /);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signIn(voter.input.email, voter.input.password, "198.51.100.51")).statusCode).toBe(200);
  });

  it("lets the owner in at once after a password reset, from the address that was refused", async () => {
    const voter = await createVoter(t.app);
    const address = "198.51.100.55";
    for (let i = 0; i < 4; i++) await signIn(voter.input.email, "wrong-pass", address);
    expect((await signIn(voter.input.email, voter.input.password, address)).statusCode).toBe(429);
    await t.app.inject({
      method: "POST",
      url: "/api/password-resets",
      payload: { email: voter.input.email },
    });
    const token = (await t.outbox.lastTo(voter.input.email))?.text.match(/reset-password\/([\w-]+)/)?.[1];
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/password-resets/confirm",
      payload: { token, password: "N3w-river#1" },
      remoteAddress: address,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(voter.input.email, "N3w-river#1", address)).statusCode).toBe(200);
  });

  it("forgives the owner's right answers: signing in again and again is never refused", async () => {
    const voter = await createVoter(t.app);
    for (let i = 0; i < 6; i++) {
      expect((await signIn(voter.input.email, voter.input.password, "198.51.100.60")).statusCode).toBe(200);
    }
  });

  it("never refuses an address for its voters' right passwords: a polling station signs in 40 voters", async () => {
    // A database of its own: the factories' address (127.0.0.1) is then this test's alone.
    const own = await testApp({
      ownDatabase: true,
      limits: { ...tight, signInPerIp: { max: 5, windowSeconds: 900 } },
    });
    try {
      const station = "198.51.100.90";
      const signInThere = (email: string, password: string) =>
        own.app.inject({
          method: "POST",
          url: "/api/session",
          payload: { email, password },
          remoteAddress: station,
        });
      const voters = [];
      for (let i = 0; i < 8; i++) voters.push(await createVoter(own.app));
      for (let round = 0; round < 5; round++) {
        for (const voter of voters) {
          expect((await signInThere(voter.input.email, voter.input.password)).statusCode).toBe(200);
        }
      }
      // Its budget of wrong guesses is the same: five, then refused, right password or not.
      for (let i = 0; i < 5; i++)
        expect((await signInThere(`guess-${i}@test.votespace.local`, "wrong-pass")).statusCode).toBe(401);
      const [first] = voters;
      expect((await signInThere(first?.input.email ?? "", first?.input.password ?? "")).statusCode).toBe(429);
    } finally {
      await own.close();
    }
    // A database of its own and 54 argon2 hashes, on threads at nice 19 that any other load on
    // the machine comes before (lib/argon2-threads.ts): 3 s alone, 20 s beside the browser tests.
  }, 90_000);

  it("answers an unknown account exactly as a known one, refusals included", async () => {
    const voter = await createVoter(t.app);
    const statuses = async (email: string) => {
      const seen: Array<[number, string]> = [];
      for (let i = 0; i < 5; i++) {
        const response = await signIn(email, "wrong-pass", "198.51.100.70");
        seen.push([response.statusCode, response.json().error.message]);
      }
      return seen;
    };
    const known = await statuses(voter.input.email);
    const unknown = await statuses("nobody-at-all@test.votespace.local");
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([401, 401, 401, 429, 429]);
  });

  it("makes attempts wait once the account's free wrong guesses are spent, doubling up to a cap", async () => {
    const delay = { stepMs: 250, maxMs: 2000 };
    expect([0, 3, 4, 5, 6, 7, 8, 20, 1000].map((n) => guessDelayMs(n, 3, delay))).toEqual([
      0, 0, 250, 500, 1000, 2000, 2000, 2000, 2000,
    ]);
    const voter = await createVoter(t.app);
    for (let i = 1; i <= 7; i++) await signIn(voter.input.email, "wrong-pass", `198.51.100.${80 + i}`);
    const started = performance.now();
    const owner = await signIn(voter.input.email, voter.input.password, "203.0.113.90");
    expect(owner.statusCode).toBe(200);
    // Slowed by the flood (a timer, so it is a lower bound), but let in.
    expect(performance.now() - started).toBeGreaterThanOrEqual(tight.guessDelay?.maxMs ?? 0);
  });
});

describe("guessing at the platform admin's password (the same throttle)", () => {
  it("never locks the admin out, and refuses only the address that keeps guessing", async () => {
    const username = `flooded-${Date.now()}`;
    await createAdmin(t.database.db, t.clock, { username, password: "correct horse battery" }, "command");
    for (let i = 1; i <= 10; i++) {
      const wrong = await adminSignIn(username, "not the password", `192.0.2.${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe(platformAdminMessages.invalidCredentials);
    }
    expect((await adminSignIn(username, "correct horse battery", "203.0.113.5")).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await adminSignIn(username, "not the password", "192.0.2.200");
    expect((await adminSignIn(username, "correct horse battery", "192.0.2.200")).statusCode).toBe(429);
  });
});
