import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** An organization's administrator, a member and a text channel. */
async function lobby() {
  const admin = await createOrganization(t.app);
  const member = await createMember(t.app, admin.organizationId);
  const channel = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel;
  return { admin, member, channel };
}

/** The unread divider: a channel's page says when its viewer last read it. */
describe("a channel's page", () => {
  it("says when the viewer last read it (null before the first read), for each viewer apart", async () => {
    const { admin, member, channel } = await lobby();
    const page = async (cookie: string) =>
      (await call(t.app, cookie).get(`/api/channels/${channel.id}/posts`)).json();

    const before = (
      await call(t.app, admin.cookie).post(`/api/channels/${channel.id}/posts`, { content: "Before" })
    ).json();
    expect((await page(member.cookie)).last_read_at).toBeNull();

    t.clock.advance(1000);
    const readAt = t.clock.now().toISOString();
    expect((await call(t.app, member.cookie).post(`/api/channels/${channel.id}/read`)).statusCode).toBe(200);

    // Up to now: the app's clock, or the newest message's (database) time when that is later.
    const seen = await page(member.cookie);
    expect(seen.last_read_at).toBe([readAt, before.created_at].sort().at(-1));
    // The admin wrote "Before": read up to it.
    expect((await page(admin.cookie)).last_read_at).toBe(before.created_at);
  });

  it("read in one tab, tells the reader's other tabs (channel.read on their own topic) to clear its badge", async () => {
    const { admin, member, channel } = await lobby();
    const heard: Array<{ topic: string; event: string; payload: unknown }> = [];
    t.app.context.bus.onMessage((m) => heard.push(m));
    t.clock.advance(1000);
    await call(t.app, member.cookie).post(`/api/channels/${channel.id}/read`);
    expect(heard.filter((m) => m.event === "channel.read")).toEqual([
      {
        topic: `user:${member.id}`,
        event: "channel.read",
        payload: {
          organization_id: admin.organizationId,
          channel_id: channel.id,
          read_at: t.clock.now().toISOString(),
        },
      },
    ]);
  });

  it("is read up to one's own message once one writes in it, wherever it is opened next", async () => {
    const { admin, member, channel } = await lobby();
    const posts = `/api/channels/${channel.id}/posts`;
    await call(t.app, admin.cookie).post(posts, { content: "While you were away" });
    const unread = async () =>
      (await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/unread`)).json()
        .unread;
    expect((await unread())[channel.id]).toBe(1);

    const reply = (await call(t.app, member.cookie).post(posts, { content: "Read them all" })).json();
    const page = (await call(t.app, member.cookie).get(posts)).json();
    expect(page.last_read_at).toBe(reply.created_at);
    expect((await unread())[channel.id]).toBeUndefined();
  });

  it("of another organization's channel is 404, and reading it is too", async () => {
    const { channel } = await lobby();
    const stranger = await createOrganization(t.app);
    expect((await call(t.app, stranger.cookie).get(`/api/channels/${channel.id}/posts`)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, stranger.cookie).post(`/api/channels/${channel.id}/read`)).statusCode).toBe(
      404,
    );
  });
});
