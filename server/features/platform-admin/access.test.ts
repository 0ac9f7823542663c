import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_IDLE_MINUTES, ADMIN_MAX_HOURS, platformAdminMessages } from "../../../contract/platform-admin";
import { loadConfig } from "../../config";
import { adminActions, adminSessions } from "../../db/schema";
import { createOrganization, createVoter } from "../../test/factories";
import { type TestApp, testApp } from "../../test/support";
import {
  authenticateAdmin,
  countAdmins,
  createAdmin,
  createDemoAdmin,
  demoAdminCredentials,
  ensureInitialAdmin,
  findAdminByUsername,
} from "./accounts";
import { resolveAdminSession } from "./sessions";
import { adminCookie, signedInAdmin, withId } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const signIn = (app: TestApp["app"], payload: unknown, cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/admin/session",
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

/** Every admin route, each called with the cookie given; returns those that did not answer 401. */
async function openAdminRoutes(cookie: string | undefined) {
  const routes = t.app.apiRoutes.filter((route) => route.access === "admin");
  const open: string[] = [];
  for (const route of routes) {
    const response = await t.app.inject({
      method: route.method as "GET",
      url: withId(route.url),
      payload: route.method === "GET" ? undefined : { status: "suspended" },
      headers: cookie ? { cookie } : {},
    });
    if (response.statusCode !== 401 || response.json().error.code !== "unauthorized")
      open.push(`${route.method} ${route.url}: ${response.statusCode}`);
  }
  return { routes, open };
}

describe("every admin endpoint", () => {
  it("is declared admin-only: overview, organizations, status, members, monitoring, actions", () => {
    const urls = t.app.apiRoutes.filter((r) => r.access === "admin").map((r) => `${r.method} ${r.url}`);
    expect(urls.sort()).toEqual(
      [
        "GET /api/admin/overview",
        "GET /api/admin/organizations",
        "PUT /api/admin/organizations/:id/status",
        "GET /api/admin/members",
        "GET /api/admin/monitoring",
        "GET /api/admin/actions",
      ].sort(),
    );
  });

  it("says who is signed in to the portal: no one (null) without an admin cookie, whatever other session", async () => {
    const voter = await createVoter(t.app);
    for (const headers of [{}, { cookie: voter.cookie }]) {
      const none = await t.app.inject({ method: "GET", url: "/api/admin/session", headers });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
    }
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/admin/session",
      headers: { cookie: "votespace_admin=not-a-real-token" },
    });
    expect(forged.statusCode).toBe(401);
    const { cookie } = await signedInAdmin(t);
    const admin = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
    expect(admin.json()).toMatchObject({ is_valid: true, is_admin: true });
  });

  it("must refuse anonymous callers", async () => {
    const { routes, open } = await openAdminRoutes(undefined);
    expect(routes.length).toBeGreaterThan(5);
    expect(open).toEqual([]);
  });

  it("must refuse a signed-in voter", async () => {
    const voter = await createVoter(t.app);
    expect((await openAdminRoutes(voter.cookie)).open).toEqual([]);
  });

  it("must refuse an organization admin", async () => {
    const owner = await createOrganization(t.app);
    expect((await openAdminRoutes(owner.cookie)).open).toEqual([]);
  });

  it("must refuse a forged admin cookie", async () => {
    expect((await openAdminRoutes("votespace_admin=not-a-real-token")).open).toEqual([]);
  });

  it("must refuse an admin session idle for longer than the timeout, and says it expired", async () => {
    const { cookie } = await signedInAdmin(t);
    const ok = await t.app.inject({ method: "GET", url: "/api/admin/overview", headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    t.clock.advance((ADMIN_IDLE_MINUTES + 1) * 60_000);
    const expired = await t.app.inject({ method: "GET", url: "/api/admin/overview", headers: { cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(platformAdminMessages.sessionExpired);
    expect((await openAdminRoutes(cookie)).open).toEqual([]);
  });

  it("keeps an active admin session alive, but never past its maximum age", async () => {
    const { cookie } = await signedInAdmin(t);
    const steps = Math.floor((ADMIN_MAX_HOURS * 60) / (ADMIN_IDLE_MINUTES - 5));
    for (let i = 0; i < steps; i++) {
      t.clock.advance((ADMIN_IDLE_MINUTES - 5) * 60_000);
      const alive = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
      expect(alive.statusCode, `step ${i}`).toBe(200);
    }
    t.clock.advance((ADMIN_IDLE_MINUTES - 5) * 60_000);
    expect((await openAdminRoutes(cookie)).open).toEqual([]);
  });

  it("answers a valid admin session", async () => {
    const { cookie, input } = await signedInAdmin(t);
    const session = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ is_valid: true, is_admin: true, username: input.username });
  });

  it("carries the admin without the password hash", async () => {
    const { admin, cookie, input } = await signedInAdmin(t);
    expect(admin).not.toHaveProperty("passwordHash");
    const token = decodeURIComponent(cookie.split("=")[1] ?? "");
    const resolved = await resolveAdminSession(t.database.db, t.clock, token);
    expect(resolved?.admin.username).toBe(input.username);
    expect(resolved?.admin).not.toHaveProperty("passwordHash");
    const signedIn = await authenticateAdmin(t.database.db, input.username, input.password);
    expect(signedIn.admin?.id).toBe(admin.id);
    expect(signedIn.admin).not.toHaveProperty("passwordHash");
  });
});

describe("admin sign-in", () => {
  it("needs a username and a password of at least 12 characters, in the spec's words", async () => {
    const empty = await signIn(t.app, { username: "", password: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(platformAdminMessages.fieldsRequired);
    const missing = await signIn(t.app, { username: "someone" });
    expect(missing.json().error.message).toBe(platformAdminMessages.fieldsRequired);
    const short = await signIn(t.app, { username: "someone", password: "elevenchars" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("Password must be at least 12 characters long");
  });

  it("refuses a wrong password and an unknown username alike, and records both (an unknown name unkept)", async () => {
    const { admin, input } = await signedInAdmin(t);
    const wrong = await signIn(t.app, { username: input.username, password: "wrong password here" });
    const unknown = await signIn(t.app, { username: "nobody-at-all", password: "wrong password here" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe("Invalid username or password");
      expect(response.cookies.find((c) => c.name === "votespace_admin")?.value ?? "").toBe("");
    }
    const failures = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, "session.sign_in_failed"))
      .orderBy(desc(adminActions.createdAt));
    const mine = failures.filter((f) => f.detail.username === input.username);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.adminId).toBe(admin.id);
    // An unknown username is recorded without what was typed (it may have been a password).
    expect(failures.some((f) => f.adminId === null && f.detail.username === undefined)).toBe(true);
    expect(JSON.stringify(failures)).not.toContain("nobody-at-all");
    // The password typed is never kept.
    expect(JSON.stringify(failures)).not.toContain("wrong password here");
  });

  it("records a sign-in the throttle refused, once per window, even with the right password", async () => {
    const limited = await testApp({ limits: { signInPerAccountAddress: { max: 2, windowSeconds: 900 } } });
    try {
      const { admin, input } = await signedInAdmin(limited);
      const wrong = { username: input.username, password: "wrong password here" };
      for (let i = 0; i < 2; i++) expect((await signIn(limited.app, wrong)).statusCode).toBe(401);
      const right = { username: input.username, password: input.password };
      for (const attempt of [wrong, right, wrong]) {
        const refused = await signIn(limited.app, attempt);
        expect(refused.statusCode).toBe(429);
      }
      const refusals = await limited.database.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.action, "session.sign_in_refused"), eq(adminActions.adminId, admin.id)));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({ adminId: admin.id, detail: { username: input.username } });
    } finally {
      await limited.close();
    }
  });

  it("accepts the username in any case, sets a strict httpOnly cookie for the admin API only, and records it", async () => {
    const { admin, input } = await signedInAdmin(t);
    const response = await signIn(t.app, {
      username: input.username.toUpperCase(),
      password: input.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      is_valid: true,
      user_data: { id: admin.id, username: input.username, full_name: "Platform Admin" },
    });
    const cookie = response.cookies.find((c) => c.name === "votespace_admin");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/admin" });
    // A user session is no admin session and an admin session no user session.
    const asUser = await t.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: adminCookie(response).replace("votespace_admin", "votespace_session") },
    });
    expect(asUser.statusCode).toBe(401);
    const recorded = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.adminId, admin.id));
    // Once by signedInAdmin, once here.
    expect(recorded.filter((r) => r.action === "session.signed_in")).toHaveLength(2);
  });

  it("gives a new session at every sign-in and ends the one the browser had", async () => {
    const { input, cookie: first } = await signedInAdmin(t);
    const again = await signIn(t.app, { username: input.username, password: input.password }, first);
    const second = adminCookie(again);
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: "GET",
      url: "/api/admin/session",
      headers: { cookie: second },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("signs out on the server: the session row is gone and the cookie opens nothing", async () => {
    const { admin, cookie } = await signedInAdmin(t);
    const out = await t.app.inject({ method: "DELETE", url: "/api/admin/session", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(
      await t.database.db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id)),
    ).toEqual([]);
    const after = await t.app.inject({ method: "GET", url: "/api/admin/overview", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const actions = await t.database.db.select().from(adminActions).where(eq(adminActions.adminId, admin.id));
    expect(actions.map((a) => a.action)).toContain("session.signed_out");
  });
});

describe("admin accounts", () => {
  it("need a password of at least 12 characters and a unique username whatever its case", async () => {
    await expect(
      createAdmin(t.database.db, t.clock, { username: "shortpass", password: "short" }, "command"),
    ).rejects.toThrow(platformAdminMessages.passwordTooShort);
    await createAdmin(
      t.database.db,
      t.clock,
      { username: "Unique-One", password: "long enough password" },
      "command",
    );
    await expect(
      createAdmin(
        t.database.db,
        t.clock,
        { username: "unique-one", password: "long enough password" },
        "command",
      ),
    ).rejects.toThrow(platformAdminMessages.usernameTaken);
  });
});

describe("the first admin from the environment", () => {
  it("is read from ADMIN_USERNAME and ADMIN_PASSWORD (both or neither, 12 characters at least)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "votespace-admin-config-"));
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_USERNAME: "ops" })).toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD/,
    );
    const config = loadConfig({ DATA_DIR: dir, ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "twelve chars!" });
    expect(config.initialAdmin).toEqual({ username: "ops", password: "twelve chars!" });
    expect(loadConfig({ DATA_DIR: dir }).initialAdmin).toBeUndefined();
  });

  it("is created at start only when no admin exists yet", async () => {
    // The shared PostgreSQL test database holds other files' admins: this needs an empty one.
    if (t.database.kind === "postgres") return;
    const fresh = await testApp();
    try {
      const initial = { username: "first-ops", password: "twelve chars!" };
      expect(await ensureInitialAdmin(fresh.database.db, fresh.clock, initial)).toBe("first-ops");
      expect(await ensureInitialAdmin(fresh.database.db, fresh.clock, initial)).toBeNull();
      expect(
        await ensureInitialAdmin(fresh.database.db, fresh.clock, { ...initial, username: "second" }),
      ).toBeNull();
      expect(await countAdmins(fresh.database.db)).toBe(1);
      const signedIn = await signIn(fresh.app, initial);
      expect(signedIn.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("demo credentials", () => {
  it("are not given by a server without demo data", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/demo-credentials" });
    expect([response.statusCode, response.json()]).toEqual([200, null]);
  });

  it("are given by a demo server once the demo superadmin exists, and sign in", async () => {
    const demo = await testApp({ config: { demo: true } });
    try {
      const before = await demo.app.inject({ method: "GET", url: "/api/admin/demo-credentials" });
      // On a shared PostgreSQL database another file (dev/outbox) may have made the demo superadmin.
      const made = await findAdminByUsername(
        demo.database.db,
        demoAdminCredentials("test-secret-key-0123456789abcdef0123456789").username,
      );
      expect(before.json() === null).toBe(!made);
      await createDemoAdmin(demo.database.db, demo.clock, "test-secret-key-0123456789abcdef0123456789");
      const response = await demo.app.inject({ method: "GET", url: "/api/admin/demo-credentials" });
      expect(response.statusCode).toBe(200);
      const credentials = response.json();
      expect(credentials).toEqual(demoAdminCredentials("test-secret-key-0123456789abcdef0123456789"));
      expect(credentials.password.length).toBeGreaterThanOrEqual(12);
      const signedIn = await signIn(demo.app, credentials);
      expect(signedIn.statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
