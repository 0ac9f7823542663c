import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../../../contract/channels";
import { messages } from "../../../contract/messages";
import { channels, users } from "../../db/schema";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { joinSession } from "../rooms/participants";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const off = {
  twoFactor: false,
  biometric: false,
  passkey: false,
  emailVerification: false,
  phoneVerification: false,
};

/** A new organization, a member, and its default channels by type. */
async function workspace() {
  const admin = await createOrganization(t.app);
  const member = await createMember(t.app, admin.organizationId);
  const listed = (
    await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/channels`)
  ).json().channels as Channel[];
  const byType = (type: string) => listed.find((c) => c.type === type) as Channel;
  return { admin, member, text: byType("text"), airing: byType("airing") };
}

const requireTwoFactor = (cookie: string, channelId: string) =>
  call(t.app, cookie).patch(`/api/channels/${channelId}`, { security_settings: { ...off, twoFactor: true } });

const turnOnTwoFactor = (userId: string) =>
  t.database.db.update(users).set({ totpEnabled: true }).where(eq(users.id, userId));

describe("a channel's two-factor switch", () => {
  it("lets a member without two-factor sign-in read a text channel but not post, comment or react", async () => {
    const { admin, member, text } = await workspace();
    const first = await call(t.app, admin.cookie).post(`/api/channels/${text.id}/posts`, {
      content: "Welcome",
    });
    const postId = first.json().id;
    expect((await requireTwoFactor(admin.cookie, text.id)).statusCode).toBe(200);

    const as = call(t.app, member.cookie);
    const seen = (await as.get(`/api/channels/${text.id}`)).json();
    expect(seen.can).toMatchObject({ post: true, two_factor_needed: true });
    expect((await as.get(`/api/channels/${text.id}/posts`)).statusCode).toBe(200);
    for (const refused of [
      await as.post(`/api/channels/${text.id}/posts`, { content: "Hello" }),
      await as.post(`/api/posts/${postId}/comments`, { content: "Hi" }),
      await as.put(`/api/posts/${postId}/like`),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(messages.channelTwoFactorNeeded);
    }

    await turnOnTwoFactor(member.id);
    expect((await as.get(`/api/channels/${text.id}`)).json().can.two_factor_needed).toBe(false);
    expect((await as.post(`/api/channels/${text.id}/posts`, { content: "Hello" })).statusCode).toBe(201);
  });

  it("keeps a member without two-factor sign-in out of an airing channel's room", async () => {
    const { admin, member, airing } = await workspace();
    await turnOnTwoFactor(admin.id);
    const opened = await call(t.app, admin.cookie).post(`/api/channels/${airing.id}/room`);
    expect(opened.statusCode).toBe(200);
    await requireTwoFactor(admin.cookie, airing.id);

    const refused = await call(t.app, member.cookie).post(`/api/channels/${airing.id}/room`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.channelTwoFactorNeeded);
    // The socket's join is refused too, whoever knows the session's id.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    if (!row) throw new Error("member missing");
    await expect(joinSession(t.database.db, t.clock, row, opened.json().session.id, "test")).rejects.toThrow(
      messages.channelTwoFactorNeeded,
    );
    await turnOnTwoFactor(member.id);
    expect((await call(t.app, member.cookie).post(`/api/channels/${airing.id}/room`)).statusCode).toBe(200);
  });
});

describe("e-mail and phone verification", () => {
  it("are refused outside election channels, and a stored one that never acted shows as off", async () => {
    const { admin, text } = await workspace();
    for (const key of ["emailVerification", "phoneVerification"]) {
      const refused = await call(t.app, admin.cookie).patch(`/api/channels/${text.id}`, {
        security_settings: { ...off, [key]: true },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(messages.verificationElectionOnly);
      const created = await call(t.app, admin.cookie).post("/api/channels", {
        name: `talk-${key}`,
        type: "live",
        security_settings: { ...off, [key]: true },
      });
      expect(created.statusCode).toBe(400);
    }
    await t.database.db
      .update(channels)
      .set({ securitySettings: { ...off, emailVerification: true } })
      .where(eq(channels.id, text.id));
    expect(
      (await call(t.app, admin.cookie).get(`/api/channels/${text.id}`)).json().security_settings,
    ).toEqual(off);
  });
});
