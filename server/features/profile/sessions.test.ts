import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionInfo } from "../../../contract/sessions";
import { createVoter } from "../../test/factories";
import { sessionCookie, type TestApp, testApp } from "../../test/support";
import { describeDevice } from "../accounts/device";
import { SESSION_LIFETIME_MS } from "../accounts/sessions";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function signInFrom(email: string, password: string, userAgent: string, ip: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email, password },
    headers: { "user-agent": userAgent },
    remoteAddress: ip,
  });
  return sessionCookie(response);
}

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const del = (url: string, cookie: string) => t.app.inject({ method: "DELETE", url, headers: { cookie } });
const list = async (cookie: string) =>
  (await get("/api/profile/sessions", cookie)).json().sessions as SessionInfo[];

describe("absolute session lifetime", () => {
  it("keeps a 'Never' session 30 days however active it stays, then ends it", async () => {
    const voter = await createVoter(t.app);
    const cookie = await signInFrom(voter.input.email, voter.input.password, CHROME_WINDOWS, "10.0.0.1");
    const settings = (await get("/api/settings", cookie)).json();
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie },
      payload: { ...settings, security: { ...settings.security, sessionTimeout: 0 } },
    });
    expect(saved.statusCode).toBe(200);
    // Used every day, never idle long: signed in to the last minute of the 30th day.
    const day = 24 * 60 * 60_000;
    for (let elapsed = day; elapsed < SESSION_LIFETIME_MS; elapsed += day) {
      t.clock.advance(day);
      expect((await get("/api/session", cookie)).statusCode).toBe(200);
    }
    expect(SESSION_LIFETIME_MS).toBe(30 * day);
    t.clock.advance(day - 60_000);
    expect((await get("/api/session", cookie)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await get("/api/session", cookie)).statusCode).toBe(401);
  });

  it("ends a timed session after its idle time, however young", async () => {
    const voter = await createVoter(t.app);
    const cookie = await signInFrom(voter.input.email, voter.input.password, CHROME_WINDOWS, "10.0.0.1");
    t.clock.advance(29 * 60_000);
    expect((await get("/api/session", cookie)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await get("/api/session", cookie)).statusCode).toBe(401);
  });
});

describe("my sessions", () => {
  it("lists each device with what a person recognises it by, this one marked", async () => {
    const voter = await createVoter(t.app);
    const { email, password } = voter.input;
    const phone = await signInFrom(email, password, FIREFOX_ANDROID, "203.0.113.7");
    t.clock.advance(5 * 60_000);
    const laptop = await signInFrom(email, password, CHROME_WINDOWS, "198.51.100.20");
    const sessions = await list(laptop);
    const mine = sessions.filter((s) => s.ip === "203.0.113.7" || s.ip === "198.51.100.20");
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ current: true, device: "Chrome on Windows", ip: "198.51.100.20" });
    expect(mine[1]).toMatchObject({ current: false, device: "Firefox on Android", ip: "203.0.113.7" });
    expect(mine[1]?.created_at).toBe(new Date(t.clock.now().getTime() - 5 * 60_000).toISOString());
    expect(mine[1]?.last_seen_at).toBeTruthy();
    // Neither the cookie's token nor its stored hash is on the wire.
    for (const s of sessions) {
      expect(phone).not.toContain(s.id);
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    }
    expect((await get("/api/session", phone)).statusCode).toBe(200);
  });

  it("ends another session, which is then signed out; not this one, nor another user's", async () => {
    const voter = await createVoter(t.app);
    const { email, password } = voter.input;
    const phone = await signInFrom(email, password, FIREFOX_ANDROID, "203.0.113.7");
    const laptop = await signInFrom(email, password, CHROME_WINDOWS, "198.51.100.20");
    const sessions = await list(laptop);
    const other = sessions.find((s) => !s.current && s.device === "Firefox on Android");
    const current = sessions.find((s) => s.current);
    if (!other || !current) throw new Error("sessions missing");

    const stranger = await createVoter(t.app);
    expect((await del(`/api/profile/sessions/${other.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await del(`/api/profile/sessions/${current.id}`, laptop)).statusCode).toBe(404);
    expect((await get("/api/session", phone)).statusCode).toBe(200);

    expect((await del(`/api/profile/sessions/${other.id}`, laptop)).statusCode).toBe(200);
    expect((await get("/api/session", phone)).statusCode).toBe(401);
    expect((await get("/api/session", laptop)).statusCode).toBe(200);
    expect((await list(laptop)).some((s) => s.id === other.id)).toBe(false);
  });

  it("ends all other sessions at once and keeps this one", async () => {
    const voter = await createVoter(t.app);
    const { email, password } = voter.input;
    const phone = await signInFrom(email, password, FIREFOX_ANDROID, "203.0.113.7");
    const laptop = await signInFrom(email, password, CHROME_WINDOWS, "198.51.100.20");
    expect((await del("/api/profile/sessions", laptop)).statusCode).toBe(200);
    expect((await get("/api/session", phone)).statusCode).toBe(401);
    expect((await get("/api/session", voter.cookie)).statusCode).toBe(401);
    expect((await get("/api/session", laptop)).statusCode).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
  });

  it("refuses anonymous callers", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/profile/sessions" })).statusCode).toBe(401);
  });
});

describe("device description", () => {
  it.each([
    [CHROME_WINDOWS, "Chrome on Windows"],
    [FIREFOX_ANDROID, "Firefox on Android"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on macOS",
    ],
    ["", "Unknown device"],
  ])("%s → %s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });
});
