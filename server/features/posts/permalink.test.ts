import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMessages } from "../../../contract/posts";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A permalink (`/text?channelId=…&message=…`) opens a message through GET /api/posts/:id. */
describe("a message's permalink", () => {
  it("opens for members of the organization (private channels too), and names the message's channel", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const board = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "board", type: "text", is_private: true })
    ).json().channel;
    const post = (
      await call(t.app, admin.cookie).post(`/api/channels/${board.id}/posts`, { content: "Notice" })
    ).json();
    const opened = await call(t.app, member.cookie).get(`/api/posts/${post.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: post.id, channel_id: board.id, content: "Notice" });
  });

  it("is 404 to another organization's administrator and members, and once the message is deleted", async () => {
    const admin = await createOrganization(t.app);
    const general = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
    ).json().channel;
    const post = (
      await call(t.app, admin.cookie).post(`/api/channels/${general.id}/posts`, { content: "Ours" })
    ).json();
    const stranger = await createOrganization(t.app);
    const strangerMember = await createMember(t.app, stranger.organizationId);
    for (const cookie of [stranger.cookie, strangerMember.cookie]) {
      const refused = await call(t.app, cookie).get(`/api/posts/${post.id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(postMessages.notFound);
    }
    await call(t.app, admin.cookie).delete(`/api/posts/${post.id}`);
    expect((await call(t.app, admin.cookie).get(`/api/posts/${post.id}`)).statusCode).toBe(404);
  });
});
