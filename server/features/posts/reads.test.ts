import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** The unread divider: a channel's page says when its viewer last read it. */
describe("a channel's page", () => {
  it("says when the viewer last read it (null before the first read), for each viewer apart", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
    ).json().channel;
    const page = async (cookie: string) =>
      (await call(t.app, cookie).get(`/api/channels/${channel.id}/posts`)).json();

    await call(t.app, admin.cookie).post(`/api/channels/${channel.id}/posts`, { content: "Before" });
    expect((await page(member.cookie)).last_read_at).toBeNull();

    t.clock.advance(1000);
    const readAt = t.clock.now().toISOString();
    expect((await call(t.app, member.cookie).post(`/api/channels/${channel.id}/read`)).statusCode).toBe(200);

    const seen = await page(member.cookie);
    expect(seen.last_read_at).toBe(readAt);
    expect((await page(admin.cookie)).last_read_at).toBeNull();
  });

  it("of another organization's channel is 404, and reading it is too", async () => {
    const admin = await createOrganization(t.app);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
    ).json().channel;
    const stranger = await createOrganization(t.app);
    expect((await call(t.app, stranger.cookie).get(`/api/channels/${channel.id}/posts`)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, stranger.cookie).post(`/api/channels/${channel.id}/read`)).statusCode).toBe(
      404,
    );
  });
});
