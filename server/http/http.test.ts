import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { users } from "../db/schema";
import { createOrganization, createVoter, uniqueEmail, voterInput } from "../test/factories";
import { type TestApp, testApp } from "../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("health", () => {
  it("answers ok after checking the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: t.database.kind });
  });
});

describe("security headers", () => {
  it.each(["/api/health", "/api/nothing-here", "/api/session"])("are on every response (%s)", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("the error shape", () => {
  it("answers unknown API paths with 404 in the error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: messages.notFound } });
  });
});

describe("requests from another origin", () => {
  it("are refused for state changes and change nothing", async () => {
    const input = voterInput();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/accounts/voters",
      payload: input,
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(messages.crossOrigin);
    const found = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`);
    expect(found).toHaveLength(0);
  });

  it("are refused when the browser marks them cross-site", async () => {
    const voter = await createVoter(t.app);
    const response = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: voter.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
    const still = await t.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: voter.cookie },
    });
    expect(still.statusCode).toBe(200);
  });

  it("pass from our own origin", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/accounts/voters",
      payload: voterInput(),
      headers: { origin: "http://localhost:80", host: "localhost:80" },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe("every route states who may use it", () => {
  it("and refuses anonymous callers on every route that is not public", async () => {
    const closed = t.app.apiRoutes.filter((route) => route.access !== "public");
    expect(closed.length).toBeGreaterThan(0);
    for (const route of closed) {
      const response = await t.app.inject({ method: route.method as "GET", url: route.url, payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
    }
  });

  it("lets no one reach a route of the other user type", async () => {
    const voter = await createVoter(t.app);
    const admin = await createOrganization(t.app);
    for (const route of t.app.apiRoutes) {
      const outsider = route.access === "voter" ? admin : route.access === "organization" ? voter : null;
      if (!outsider) continue;
      const response = await t.app.inject({
        method: route.method as "GET",
        url: route.url,
        payload: {},
        headers: { cookie: outsider.cookie },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

/** Bodies no endpoint should accept: each gets a 4xx in the error shape, never a 5xx, and changes nothing. */
const MALFORMED: Array<{ name: string; payload: string; contentType: string }> = [
  { name: "broken JSON", payload: '{"email": ', contentType: "application/json" },
  { name: "a JSON array", payload: "[1,2,3]", contentType: "application/json" },
  { name: "a JSON string", payload: '"hello"', contentType: "application/json" },
  { name: "JSON null", payload: "null", contentType: "application/json" },
  {
    name: "wrong types",
    payload: '{"email": 42, "password": [], "full_name": {}}',
    contentType: "application/json",
  },
  {
    name: "an unknown field",
    payload: `{"email":"x@y.zz","password":"vs-secret12","role":"admin"}`,
    contentType: "application/json",
  },
  {
    name: "a form post",
    payload: "email=a%40b.co&password=vs-secret12",
    contentType: "application/x-www-form-urlencoded",
  },
  { name: "plain text", payload: "hello", contentType: "text/plain" },
  {
    name: "huge strings",
    payload: JSON.stringify({
      email: `${"a".repeat(5000)}@x.co`,
      password: "p".repeat(5000),
      full_name: "n".repeat(5000),
    }),
    contentType: "application/json",
  },
];

describe("malformed bodies", () => {
  it("get a 4xx in the error shape on every endpoint that takes a body, and change nothing", async () => {
    const voter = await createVoter(t.app);
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const withBody = t.app.apiRoutes.filter((route) => ["POST", "PUT", "PATCH"].includes(route.method));
    expect(withBody.length).toBeGreaterThan(0);
    for (const route of withBody) {
      for (const bad of MALFORMED) {
        const response = await t.app.inject({
          method: route.method as "POST",
          url: route.url,
          payload: bad.payload,
          headers: { "content-type": bad.contentType, cookie: voter.cookie },
        });
        const label = `${route.method} ${route.url} with ${bad.name}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        const body = response.json();
        expect(typeof body.error?.code, label).toBe("string");
        expect(typeof body.error?.message, label).toBe("string");
      }
    }
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    // Other test files may add users to a shared PostgreSQL database; none of these e-mails exist.
    if (t.database.kind === "pglite") expect(after?.n).toBe(before?.n);
    const [profile] = await t.database.db.select().from(users).where(sql`${users.id} = ${voter.id}`);
    expect(profile?.fullName).toBe(voter.input.full_name);
    expect(uniqueEmail()).toContain("@");
  });
});
