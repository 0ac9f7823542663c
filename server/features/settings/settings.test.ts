import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventMap } from "../../../contract/events";
import { DEFAULT_SETTINGS } from "../../../contract/settings";
import { sessions } from "../../db/schema";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("member settings", () => {
  it("start from the spec's defaults, browser notifications off until chosen", async () => {
    const voter = await createVoter(t.app);
    expect((await call(t.app, voter.cookie).get("/api/settings")).json()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.notifications.browser).toBe(false);
  });

  it("are saved on the server and applied: the session timeout moves this session's idle expiry", async () => {
    const voter = await createVoter(t.app);
    const settings = {
      ...DEFAULT_SETTINGS,
      notifications: { ...DEFAULT_SETTINGS.notifications, sounds: false, browser: true },
      privacy: { ...DEFAULT_SETTINGS.privacy, showOnlineStatus: false },
      security: { ...DEFAULT_SETTINGS.security, sessionTimeout: 120 },
    };
    const saved = await call(t.app, voter.cookie).put("/api/settings", settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ settings, message: "Settings saved successfully!" });
    expect((await call(t.app, voter.cookie).get("/api/settings")).json()).toEqual(settings);

    t.clock.advance(100 * 60_000);
    expect((await call(t.app, voter.cookie).get("/api/session")).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, voter.id));
    expect(row && row.expiresAt.getTime() - row.lastSeenAt.getTime()).toBe(120 * 60_000);
  });

  it("save muted, hidden and favourite channels, which the channel list then shows", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "quiet", type: "text" })
    ).json().channel;
    const settings = {
      ...DEFAULT_SETTINGS,
      channels: { mutedChannels: [channel.id], hiddenChannels: [channel.id], favoriteChannels: [] },
    };
    expect((await call(t.app, member.cookie).put("/api/settings", settings)).statusCode).toBe(200);
    const listed = (
      await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/channels`)
    )
      .json()
      .channels.find((c: { id: string }) => c.id === channel.id);
    expect(listed.preferences).toMatchObject({ muted: true, hidden: true, favorite: false });
  });

  it("refuse channels the user cannot see and unknown values", async () => {
    const admin = await createOrganization(t.app);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "theirs", type: "text" })
    ).json().channel;
    const voter = await createVoter(t.app);
    const foreign = await call(t.app, voter.cookie).put("/api/settings", {
      ...DEFAULT_SETTINGS,
      channels: { mutedChannels: [channel.id], hiddenChannels: [], favoriteChannels: [] },
    });
    expect(foreign.statusCode).toBe(400);
    const badTimeout = await call(t.app, voter.cookie).put("/api/settings", {
      ...DEFAULT_SETTINGS,
      security: { ...DEFAULT_SETTINGS.security, sessionTimeout: 45 },
    });
    expect(badTimeout.statusCode).toBe(400);
  });
});

describe("sharing one's e-mail with members", () => {
  it("is told to each of the member's organizations as members see it, and only when it changes", async () => {
    const first = await createOrganization(t.app);
    const second = await createOrganization(t.app);
    const member = await createMember(t.app, first.organizationId);
    await call(t.app, member.cookie).post(`/api/organizations/${second.organizationId}/join`);
    const heard: Array<EventMap["member.updated"]> = [];
    const stop = t.app.context.bus.onMessage((message) => {
      if (message.event === "member.updated") heard.push(message.payload as EventMap["member.updated"]);
    });
    const save = (shareEmail: boolean) =>
      call(t.app, member.cookie).put("/api/settings", {
        ...DEFAULT_SETTINGS,
        privacy: { ...DEFAULT_SETTINGS.privacy, shareEmail },
      });
    try {
      expect((await save(true)).statusCode).toBe(200);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard.map((event) => event.organization_id).sort()).toEqual(
        [first.organizationId, second.organizationId].sort(),
      );
      expect(heard.map((event) => [event.member.user_id, event.member.email])).toEqual([
        [member.id, member.input.email],
        [member.id, member.input.email],
      ]);
      // Saved again unchanged: nothing to tell.
      expect((await save(true)).statusCode).toBe(200);
      // No longer shared: the address leaves the lists open elsewhere.
      expect((await save(false)).statusCode).toBe(200);
      await expect.poll(() => heard.length).toBe(4);
      expect(heard.slice(2).map((event) => event.member.email)).toEqual([null, null]);
    } finally {
      stop();
    }
  });
});
