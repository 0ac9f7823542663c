import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventMap } from "../../../contract/events";
import { postMessages } from "../../../contract/posts";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A channel with a message by the admin and a comment under it by a member. */
async function thread() {
  const admin = await createOrganization(t.app);
  const author = await createMember(t.app, admin.organizationId, { full_name: "Abena Owusu" });
  const other = await createMember(t.app, admin.organizationId, { full_name: "Kojo Antwi" });
  const channel = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel;
  const post = (
    await call(t.app, admin.cookie).post(`/api/channels/${channel.id}/posts`, { content: "Agenda" })
  ).json();
  const comment = (
    await call(t.app, author.cookie).post(`/api/posts/${post.id}/comments`, { content: "First point" })
  ).json().comment;
  return { admin, author, other, channel, post, comment };
}

const listed = async (cookie: string, postId: string) =>
  (await call(t.app, cookie).get(`/api/posts/${postId}/comments`)).json().comments as Array<{
    id: string;
    content: string;
    edited_at: string | null;
  }>;

function hear<E extends keyof EventMap>(event: E) {
  const heard: Array<EventMap[E]> = [];
  const stop = t.app.context.bus.onMessage((message) => {
    if (message.event === event) heard.push(message.payload as EventMap[E]);
  });
  return { heard, stop };
}

describe("editing a comment", () => {
  it("is for its author only: the text changes, is marked edited, and open screens hear it", async () => {
    const { author, post, comment, channel } = await thread();
    expect(comment.edited_at).toBeNull();
    const { heard, stop } = hear("comment.updated");
    t.clock.advance(60_000);
    const edited = await call(t.app, author.cookie).patch(`/api/comments/${comment.id}`, {
      content: "  First point, amended ",
    });
    stop();
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment).toMatchObject({ id: comment.id, content: "First point, amended" });
    expect(edited.json().comment.edited_at).toBe(t.clock.now().toISOString());
    expect(await listed(author.cookie, post.id)).toMatchObject([
      { id: comment.id, content: "First point, amended", edited_at: t.clock.now().toISOString() },
    ]);
    expect(heard).toEqual([{ channel_id: channel.id, post_id: post.id, comment: edited.json().comment }]);
  });

  it("is refused to another member and to an administrator, and nothing changes", async () => {
    const { admin, other, post, comment } = await thread();
    for (const cookie of [other.cookie, admin.cookie]) {
      const refused = await call(t.app, cookie).patch(`/api/comments/${comment.id}`, { content: "Hijacked" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(postMessages.commentNotYours);
    }
    expect((await listed(admin.cookie, post.id))[0]).toMatchObject({
      content: "First point",
      edited_at: null,
    });
  });

  it("needs text", async () => {
    const { author, comment } = await thread();
    const blank = await call(t.app, author.cookie).patch(`/api/comments/${comment.id}`, { content: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(postMessages.commentEmpty);
  });
});

describe("deleting a comment", () => {
  it("is for its author: it goes, the count falls, and open screens hear it", async () => {
    const { author, post, comment, channel } = await thread();
    const { heard, stop } = hear("comment.deleted");
    const removed = await call(t.app, author.cookie).delete(`/api/comments/${comment.id}`);
    stop();
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, comments_count: 0 });
    expect(await listed(author.cookie, post.id)).toEqual([]);
    const message = (await call(t.app, author.cookie).get(`/api/posts/${post.id}`)).json();
    expect(message.comments_count).toBe(0);
    expect(heard).toEqual([
      { channel_id: channel.id, post_id: post.id, comment_id: comment.id, comments_count: 0 },
    ]);
    const again = await call(t.app, author.cookie).delete(`/api/comments/${comment.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(postMessages.commentNotFound);
  });

  it("is refused to another member; an administrator of the organization removes any", async () => {
    const { admin, other, post, comment } = await thread();
    const refused = await call(t.app, other.cookie).delete(`/api/comments/${comment.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(postMessages.commentDeleteNotAllowed);
    expect(await listed(admin.cookie, post.id)).toHaveLength(1);
    const removed = await call(t.app, admin.cookie).delete(`/api/comments/${comment.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await listed(admin.cookie, post.id)).toEqual([]);
  });
});

describe("another organization's comment", () => {
  it("does not exist for its administrator or members: 404 to edit or delete, and it stays", async () => {
    const { author, post, comment } = await thread();
    const stranger = await createOrganization(t.app);
    const strangerMember = await createMember(t.app, stranger.organizationId);
    for (const cookie of [stranger.cookie, strangerMember.cookie]) {
      const edit = await call(t.app, cookie).patch(`/api/comments/${comment.id}`, { content: "x" });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().error.message).toBe(postMessages.commentNotFound);
      const remove = await call(t.app, cookie).delete(`/api/comments/${comment.id}`);
      expect(remove.statusCode).toBe(404);
    }
    expect(await listed(author.cookie, post.id)).toMatchObject([{ content: "First point" }]);
  });
});

describe("a comment sent again under its id", () => {
  it("is the same comment: written once, announced once, answered as it was written", async () => {
    const { author, post } = await thread();
    const id = crypto.randomUUID();
    const { heard, stop } = hear("comment.created");
    const send = () =>
      call(t.app, author.cookie).post(`/api/posts/${post.id}/comments`, { content: "Second point", id });
    // Sent twice at once (a double press), then again after its answer was lost.
    const [first, twin] = await Promise.all([send(), send()]);
    const again = await send();
    stop();
    for (const answer of [first, twin, again]) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ comment: { id, content: "Second point" }, comments_count: 2 });
    }
    expect(again.json()).toEqual(first.json());
    expect((await listed(author.cookie, post.id)).map((c) => c.content)).toEqual([
      "First point",
      "Second point",
    ]);
    expect(heard.map((event) => event.comment.id)).toEqual([id]);
  });

  it("edited since, answers with the comment as it now stands and announces nothing", async () => {
    const { author, post } = await thread();
    const id = crypto.randomUUID();
    await call(t.app, author.cookie).post(`/api/posts/${post.id}/comments`, { content: "Draft", id });
    await call(t.app, author.cookie).patch(`/api/comments/${id}`, { content: "Final" });
    const { heard, stop } = hear("comment.created");
    const again = await call(t.app, author.cookie).post(`/api/posts/${post.id}/comments`, {
      content: "Draft",
      id,
    });
    stop();
    expect(again.statusCode).toBe(201);
    expect(again.json().comment).toMatchObject({ id, content: "Final" });
    expect(heard).toEqual([]);
    expect((await listed(author.cookie, post.id)).map((c) => c.content)).toEqual(["First point", "Final"]);
  });

  it("is refused when the id is another's, another message's, or holds other text; nothing is written", async () => {
    const { author, other, post, comment, admin, channel } = await thread();
    const elsewhere = (
      await call(t.app, admin.cookie).post(`/api/channels/${channel.id}/posts`, { content: "Other" })
    ).json();
    const tries = [
      call(t.app, other.cookie).post(`/api/posts/${post.id}/comments`, {
        content: "First point",
        id: comment.id,
      }),
      call(t.app, author.cookie).post(`/api/posts/${elsewhere.id}/comments`, {
        content: "First point",
        id: comment.id,
      }),
      call(t.app, author.cookie).post(`/api/posts/${post.id}/comments`, {
        content: "Changed",
        id: comment.id,
      }),
    ];
    for (const answer of await Promise.all(tries)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(postMessages.commentIdTaken);
    }
    expect(await listed(author.cookie, post.id)).toMatchObject([{ id: comment.id, content: "First point" }]);
    expect(await listed(author.cookie, elsewhere.id)).toEqual([]);
  });
});
