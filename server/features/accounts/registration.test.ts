import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { organizationMemberships, organizations, users } from "../../db/schema";
import { organizationInput, uniqueEmail, voterInput } from "../../test/factories";
import { type TestApp, testApp } from "../../test/support";
import { hashIdNumber } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, payload: payload as object });
const usersWithEmail = (email: string) =>
  t.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));

describe("voter registration", () => {
  it("creates a voter and keeps the ID number only as a keyed hash", async () => {
    const input = voterInput({ id_number: "A1234567" });
    const response = await post("/api/accounts/voters", input);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: messages.accountCreated,
      user_id: expect.any(String),
    });

    const [user] = await usersWithEmail(input.email);
    expect(user?.userType).toBe("voter");
    expect(user?.voterIdHash).toBe(hashIdNumber("test-secret-key-0123456789abcdef0123456789", "A1234567"));
    expect(JSON.stringify(user)).not.toContain("A1234567");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("hashes an ID number whatever spaces, dashes or invisible characters came with it", () => {
    const key = "test-secret-key-0123456789abcdef0123456789";
    for (const typed of ["a12-345 67", "A1234567\u200e", "\u200bA123\u00ad4567"])
      expect(hashIdNumber(key, typed)).toBe(hashIdNumber(key, "A1234567"));
  });

  it("defaults the ID type to National ID", async () => {
    const { id_type: _omitted, ...input } = voterInput();
    expect((await post("/api/accounts/voters", input)).statusCode).toBe(201);
    const [user] = await usersWithEmail(input.email);
    expect(user?.idType).toBe("National ID");
  });

  it.each([
    ["full_name", "", messages.fullNameRequired],
    ["email", "", messages.emailRequired],
    ["email", "not-an-email", messages.emailInvalid],
    ["password", "12345", messages.passwordLength],
    ["password", "1234567890123", messages.passwordLength],
    ["phone_number", "  ", messages.phoneRequired],
    ["id_type", "Library Card", messages.idTypeInvalid],
    ["id_number", "", messages.idNumberRequired],
  ])("refuses %s = %j with the spec's words and creates nothing", async (field, value, message) => {
    const input = { ...voterInput(), [field]: value };
    const response = await post("/api/accounts/voters", input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "bad_request", message, field } });
    if (field !== "email") expect(await usersWithEmail(input.email)).toHaveLength(0);
  });

  it("accepts passwords of exactly 6 and 12 characters", async () => {
    for (const password of ["kw4m3n", "kw4m3n-ab-9z"]) {
      expect((await post("/api/accounts/voters", voterInput({ password }))).statusCode).toBe(201);
    }
  });

  it("keeps e-mail addresses unique without regard to case, and never says an address is taken", async () => {
    const email = uniqueEmail("case");
    const first = await post("/api/accounts/voters", voterInput({ email }));
    expect(first.statusCode).toBe(201);
    const organization = `Taken Address Club ${email}`;
    const again = await post(
      "/api/accounts/organizations",
      organizationInput({ email: email.toUpperCase(), organization }),
    );
    // The same answer a new account gets: status, body, and an id (that belongs to nobody).
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      success: true,
      message: messages.accountCreated,
      user_id: expect.any(String),
    });
    expect(again.json().user_id).not.toBe(first.json().user_id);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const created = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, organization));
    expect(created).toEqual([]);

    // The owner of the address hears of it, by e-mail only, with no password in it.
    const [told] = await t.outbox.to(email.toLowerCase());
    expect(told).toMatchObject({
      kind: "registration_attempt",
      subject: "Someone tried to register with your e-mail",
    });
    expect(told?.text).toContain("/forgot-password");
    expect(told?.text).not.toContain(organizationInput().password);
  });

  it("tells a taken address at most three times an hour, and answers the same every time", async () => {
    const email = uniqueEmail("again");
    await post("/api/accounts/voters", voterInput({ email }));
    for (let i = 0; i < 5; i++) {
      const again = await post("/api/accounts/voters", voterInput({ email }));
      expect(again.statusCode).toBe(201);
      expect(again.json().message).toBe(messages.accountCreated);
    }
    expect(await t.outbox.to(email.toLowerCase())).toHaveLength(3);
    t.clock.advance(3_600_000 + 1);
    await post("/api/accounts/voters", voterInput({ email }));
    expect(await t.outbox.to(email.toLowerCase())).toHaveLength(4);
  });
});

describe("organization registration", () => {
  it("creates the user, an active organization they own and their admin membership", async () => {
    const input = organizationInput({ organization: "Lakeside Cooperative", country: "Ghana" });
    const response = await post("/api/accounts/organizations", input);
    expect(response.statusCode).toBe(201);

    const [user] = await usersWithEmail(input.email);
    expect(user?.userType).toBe("organization");
    expect(user?.voterIdHash).toBeNull();
    const [organization] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.ownerId, user?.id ?? ""));
    expect(organization).toMatchObject({
      name: "Lakeside Cooperative",
      country: "Ghana",
      // The profile's location until the admin writes another (search shows and matches it).
      location: "Ghana",
      status: "active",
    });
    expect(user?.organizationId).toBe(organization?.id);
    const memberships = await t.database.db
      .select()
      .from(organizationMemberships)
      .where(eq(organizationMemberships.userId, user?.id ?? ""));
    expect(memberships).toEqual([
      expect.objectContaining({ organizationId: organization?.id, role: "admin" }),
    ]);
  });

  it.each([
    ["organization", "", messages.organizationRequired],
    ["country", "", messages.countryRequired],
    ["full_name", "   ", messages.fullNameRequired],
  ])("refuses %s = %j and creates nothing", async (field, value, message) => {
    const input = { ...organizationInput(), [field]: value };
    const response = await post("/api/accounts/organizations", input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await usersWithEmail(input.email)).toHaveLength(0);
  });
});

describe("registration rate limit", () => {
  it("answers 429 with a clear message past the limit", async () => {
    const limited = await testApp({ limits: { registerPerIp: { max: 2, windowSeconds: 3600 } } });
    try {
      const send = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/accounts/voters",
          payload: voterInput(),
          remoteAddress: "203.0.113.9",
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      // It says when to try again, as its retry-after does (the window's hour).
      const wait = Number(refused.headers["retry-after"]);
      expect(wait).toBeGreaterThan(3500);
      expect(refused.json()).toEqual({
        error: { code: "rate_limited", message: "Too many attempts. Please try again in 1 hour." },
      });
      const said = [2, 45, 3304, 3590, 3601, 7200].map((s) => messages.tooManyAttempts(s).slice(36, -1));
      expect(said).toEqual([
        "in a few seconds",
        "in a minute",
        "in 56 minutes",
        "in 1 hour",
        "in 1 hour",
        "in 2 hours",
      ]);
      limited.clock.advance(3600_000);
      expect((await send()).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("the password policy", () => {
  it("refuses common and breached passwords, whatever their case, and keeps the spec's length rule", async () => {
    for (const password of ["123456", "password", "PassWord1", "QWERTY123", "iloveyou"]) {
      const voter = await post("/api/accounts/voters", voterInput({ password }));
      expect(voter.statusCode, password).toBe(400);
      expect(voter.json().error.message, password).toBe(messages.passwordCommon);
      const organization = await post("/api/accounts/organizations", organizationInput({ password }));
      expect(organization.json().error.message, password).toBe(messages.passwordCommon);
    }
    for (const password of ["12345", "1234567890123"]) {
      const response = await post("/api/accounts/voters", voterInput({ password }));
      expect(response.json().error.message, password).toBe(messages.passwordLength);
    }
    expect((await post("/api/accounts/voters", voterInput({ password: "Kumasi-1957" }))).statusCode).toBe(
      201,
    );
  });

  it("holds for a new password chosen at a reset or in the profile too", async () => {
    const input = voterInput();
    expect((await post("/api/accounts/voters", input)).statusCode).toBe(201);
    const signedIn = await post("/api/session", { email: input.email, password: input.password });
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: {
        cookie: `votespace_session=${signedIn.cookies.find((c) => c.name === "votespace_session")?.value}`,
      },
      payload: { current_password: input.password, new_password: "abc123" },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.message).toBe(messages.passwordCommon);
    const reset = await post("/api/password-resets/confirm", { token: "whatever-token", password: "111111" });
    expect(reset.json().error.message).toBe(messages.passwordCommon);
  });
});
