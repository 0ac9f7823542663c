import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { arrayRows } from "../../db/prepared";
import { sessions, users } from "../../db/schema";
import { createOrganization, createVoter, signIn } from "../../test/factories";
import { plansOf, rolledBack } from "../../test/plan";
import { type TestApp, testApp } from "../../test/support";
import { authenticate } from "./service";
import { resolveSession, sessionsByIdQuery } from "./sessions";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const me = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/session", headers: cookie ? { cookie } : {} });

describe("sign-in", () => {
  it("starts a server-side session in an httpOnly SameSite cookie and returns the user", async () => {
    const voter = await createVoter(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: voter.input.email.toUpperCase(), password: voter.input.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.user_data).toEqual({
      id: voter.id,
      email: voter.input.email,
      full_name: voter.input.full_name,
      user_type: "voter",
      id_type: "National ID",
      phone_number: voter.input.phone_number,
      organization_id: null,
    });
    const cookie = response.cookies.find((c) => c.name === "votespace_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, voter.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((s) => s.id)).not.toContain(cookie?.value);
  });

  it("returns the profile with real timestamps; organization users have no ID type or phone", async () => {
    const admin = await createOrganization(t.app);
    const { profile } = (await me(admin.cookie)).json();
    expect(profile).toMatchObject({
      id: admin.id,
      role: "organization",
      user_type: "organization",
      avatar_url: "",
      id_type: null,
      phone_number: null,
      voter_id_hash: null,
      organization_id: admin.organizationId,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(profile.created_at).toBe(row?.createdAt.toISOString());
  });

  it("says 'Invalid email or password' for a wrong password and for an unknown account alike", async () => {
    const voter = await createVoter(t.app);
    for (const payload of [
      { email: voter.input.email, password: "wrong-pass" },
      { email: "nobody@test.votespace.local", password: "whatever-9x" },
    ]) {
      const response = await t.app.inject({ method: "POST", url: "/api/session", payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "unauthorized", message: messages.invalidCredentials },
      });
      expect(response.cookies.find((c) => c.name === "votespace_session")).toBeUndefined();
    }
  });

  it("requires e-mail and password", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: "a@b.co" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.signInFieldsRequired);
  });

  it("gives a new session id at every sign-in and ends the browser's previous one", async () => {
    const voter = await createVoter(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: voter.input.email, password: voter.input.password },
      headers: { cookie: voter.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(voter.cookie)).statusCode).toBe(401);
  });
});

describe("the session", () => {
  it("carries the user without the account's secrets (password hash, TOTP secret and step)", async () => {
    const voter = await createVoter(t.app);
    await t.database.db
      .update(users)
      .set({ totpSecret: "sealed-secret", totpLastStep: 1 })
      .where(eq(users.id, voter.id));
    const token = voter.cookie.split(";")[0]?.split("=")[1] ?? "";
    const resolved = await resolveSession(t.database.db, t.clock, decodeURIComponent(token));
    expect(resolved?.user.id).toBe(voter.id);
    for (const secret of ["passwordHash", "totpSecret", "totpLastStep"])
      expect(resolved?.user).not.toHaveProperty(secret);
    const signedIn = await authenticate(t.database.db, voter.input.email, voter.input.password);
    for (const secret of ["passwordHash", "totpSecret", "totpLastStep"])
      expect(signedIn).not.toHaveProperty(secret);
  });

  it("is read as none without a cookie (a signed-out page's question), and refused once it has ended", async () => {
    const none = await me();
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ profile: null });
    const ended = await me("votespace_session=not-a-session");
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe(messages.sessionExpired);
    expect(ended.headers["set-cookie"]).toMatch(/votespace_session=;/);
  });

  it("ends on the server at sign-out", async () => {
    const voter = await createVoter(t.app);
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: voter.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(voter.cookie)).statusCode).toBe(401);
  });

  it("expires after the user's idle timeout (30 minutes by default) and activity extends it", async () => {
    const voter = await createVoter(t.app);
    t.clock.advance(20 * 60_000);
    expect((await me(voter.cookie)).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await me(voter.cookie)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    const expired = await me(voter.cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(messages.sessionExpired);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, voter.id));
    expect(left).toHaveLength(0);
  });

  it("follows the user's own timeout; 'Never' keeps it 30 days unused (DESIGN.md section 1)", async () => {
    const voter = await createVoter(t.app);
    await t.database.db.update(users).set({ sessionTimeoutMinutes: 0 }).where(eq(users.id, voter.id));
    const cookie = await signIn(t.app, voter.input.email, voter.input.password);
    t.clock.advance(30 * 24 * 60 * 60_000 - 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("profile update", () => {
  it("says 'No user' when nobody is signed in", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      payload: { full_name: "X" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(messages.noUser);
  });

  it("persists name and phone and moves updated_at", async () => {
    const voter = await createVoter(t.app);
    const before = (await me(voter.cookie)).json().profile;
    t.clock.advance(1000);
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      payload: {
        full_name: "Renamed Voter",
        phone_number: "+1 555 0199",
        current_password: voter.input.password,
      },
      headers: { cookie: voter.cookie },
    });
    expect(response.statusCode).toBe(200);
    const after = (await me(voter.cookie)).json().profile;
    expect(after).toMatchObject({ full_name: "Renamed Voter", phone_number: "+1 555 0199" });
    expect(after.updated_at > before.updated_at).toBe(true);
  });
});

describe("the session read every request makes", () => {
  it("takes each session and its user by their keys, never reading either table whole, however few they are", async () => {
    const plans = await rolledBack(t.database.db, async (tx) => {
      const ids = await arrayRows<[string]>(
        tx,
        sql`with people as (
            insert into users (email, password_hash, full_name, user_type)
            select 'plan-' || n || '@example.org', 'x', 'Plan ' || n, 'voter' from generate_series(1, 300) n
            returning id)
          insert into sessions (id, user_id, last_seen_at, expires_at)
          select md5(id::text) || md5(id::text), id, now(), now() + interval '1 day' from people returning id`,
      );
      await tx.execute(sql`analyze sessions`);
      await tx.execute(sql`analyze users`);
      const asked = `'{${ids
        .slice(0, 5)
        .map(([id]) => id)
        .join(",")}}'`;
      return plansOf(tx, sessionsByIdQuery(tx).toSQL().sql, [asked]);
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index Scan using sessions_pkey/);
      expect(plan).toMatch(/Index Scan using users_pkey/);
      expect(plan).not.toMatch(/Seq Scan on (sessions|users)/);
    }
  });
});
