// Over 300 lines: the posts feature's rules against one shared organization and its seeded channel, one describe per behaviour.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorName, postMessages } from "../../../contract/posts";
import { channelReads, notifications, users } from "../../db/schema";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import type { User } from "../accounts/sessions";
import { createPost, listPosts } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function workspace() {
  const admin = await createOrganization(t.app);
  const member = await createMember(t.app, admin.organizationId, { full_name: "Abena Owusu" });
  const other = await createMember(t.app, admin.organizationId, { full_name: "Kojo Antwi" });
  const general = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel;
  const locked = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "news", type: "text", is_private: true })
  ).json().channel;
  return { admin, member, other, general, locked };
}

const send = (cookie: string, channelId: string, body: unknown) =>
  call(t.app, cookie).post(`/api/channels/${channelId}/posts`, body);

describe("messages", () => {
  it("are sent with text and listed oldest first with their authors", async () => {
    const { member, other, general } = await workspace();
    const first = await send(member.cookie, general.id, { content: "Hello everyone" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      content: "Hello everyone",
      author: { full_name: "Abena Owusu" },
      likes_count: 0,
    });
    await send(other.cookie, general.id, { content: "Hi Abena" });
    const page = (await call(t.app, member.cookie).get(`/api/channels/${general.id}/posts`)).json();
    expect(page.posts.map((p: { content: string }) => p.content)).toEqual(["Hello everyone", "Hi Abena"]);
    expect(page.has_more).toBe(false);
  });

  it("sent again under their id (the answer lost), are the same message, written and announced once", async () => {
    const { member, other, general } = await workspace();
    const heard: string[] = [];
    t.app.context.bus.onMessage((m) => {
      if (m.event === "post.created") heard.push((m.payload as { post_id: string }).post_id);
    });
    const id = randomUUID();
    const [first, again] = await Promise.all([
      send(member.cookie, general.id, { content: "Once only", id }),
      send(member.cookie, general.id, { content: "Once only", id }),
    ]);
    const third = await send(member.cookie, general.id, { content: "Once only", id });
    for (const answer of [first, again, third])
      expect(answer.json()).toMatchObject({ id, content: "Once only" });
    const page = (await call(t.app, other.cookie).get(`/api/channels/${general.id}/posts`)).json();
    expect(page.posts.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(heard.filter((postId) => postId === id)).toHaveLength(1);
    // Another's message id is no one's to send under, nor one of another channel's.
    const taken = await send(other.cookie, general.id, { content: "Mine", id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(postMessages.idTaken);
    // Nor is the sender's own id a repeat with other text: acknowledged, that text would be lost.
    const changed = await send(member.cookie, general.id, { content: "Twice, differently", id });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(postMessages.idTaken);
  });

  it("need text or an attachment", async () => {
    const { member, general } = await workspace();
    const empty = await send(member.cookie, general.id, { content: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(postMessages.empty);
  });

  it("are refused in a private channel for members, in the spec's words, and nothing is stored", async () => {
    const { admin, member, locked } = await workspace();
    const refused = await send(member.cookie, locked.id, { content: "Can I post?" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(postMessages.locked);
    expect((await send(admin.cookie, locked.id, { content: "Official notice" })).statusCode).toBe(201);
    const page = (await call(t.app, member.cookie).get(`/api/channels/${locked.id}/posts`)).json();
    expect(page.posts.map((p: { content: string }) => p.content)).toEqual(["Official notice"]);
  });

  it("page back 50 at a time", async () => {
    const { member, general } = await workspace();
    for (let i = 1; i <= 55; i++) {
      await send(member.cookie, general.id, { content: `message ${i}` });
      t.clock.advance(1000);
    }
    const latest = (await call(t.app, member.cookie).get(`/api/channels/${general.id}/posts`)).json();
    expect(latest.posts).toHaveLength(50);
    expect(latest.posts[0].content).toBe("message 6");
    expect(latest.has_more).toBe(true);
    const earlier = (
      await call(t.app, member.cookie).get(
        `/api/channels/${general.id}/posts?before=${encodeURIComponent(latest.posts[0].created_at)}`,
      )
    ).json();
    expect(earlier.posts.map((p: { content: string }) => p.content)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `message ${n}`),
    );
  });

  it("page by message without skipping messages sent at the same instant", async () => {
    const { member, general } = await workspace();
    for (let i = 1; i <= 53; i++) await send(member.cookie, general.id, { content: `same time ${i}` });
    const latest = (await call(t.app, member.cookie).get(`/api/channels/${general.id}/posts`)).json();
    const earlier = (
      await call(t.app, member.cookie).get(`/api/channels/${general.id}/posts?before=${latest.posts[0].id}`)
    ).json();
    const seen = new Set([...latest.posts, ...earlier.posts].map((p: { content: string }) => p.content));
    expect(seen.size).toBe(53);
  });

  it("load with a fixed number of queries whatever their number", async () => {
    const { member, other, general } = await workspace();
    const counted = async () => {
      let queries = 0;
      const db = t.database.observed(() => {
        queries++;
      });
      const [row] = await db.select().from(users).where(eq(users.id, member.id));
      queries = 0;
      if (row) await listPosts(db, row, general.id);
      return queries;
    };
    await send(member.cookie, general.id, { content: "one" });
    const few = await counted();
    for (let i = 0; i < 20; i++) {
      const sent = (await send(other.cookie, general.id, { content: `more ${i}` })).json();
      await call(t.app, member.cookie).put(`/api/posts/${sent.id}/like`);
      await call(t.app, member.cookie).put(`/api/posts/${sent.id}/bookmark`);
      await call(t.app, other.cookie).post(`/api/posts/${sent.id}/comments`, { content: "ok" });
    }
    expect(await counted()).toBe(few);
  });

  it("are written in one statement with their author's read mark, after one read of the channel", async () => {
    const { member, general } = await workspace();
    const [author] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    let statements = 0;
    const db = t.database.observed(() => {
      statements++;
    });
    const post = await createPost(db, t.clock, author as User, general.id, { content: "Counted" });
    expect(statements).toBe(2);
    const [read] = await t.database.db
      .select()
      .from(channelReads)
      .where(and(eq(channelReads.channelId, general.id), eq(channelReads.userId, member.id)));
    expect(read?.lastReadAt.toISOString()).toBe(post.post.created_at);
  });

  it("are edited by their author only and deleted by the author or an admin", async () => {
    const { admin, member, other, general } = await workspace();
    const post = (await send(member.cookie, general.id, { content: "Draft" })).json();
    expect(
      (await call(t.app, other.cookie).patch(`/api/posts/${post.id}`, { content: "Hacked" })).statusCode,
    ).toBe(403);
    const edited = await call(t.app, member.cookie).patch(`/api/posts/${post.id}`, { content: "Final" });
    expect(edited.json()).toMatchObject({ content: "Final", edited_at: expect.any(String) });
    expect((await call(t.app, other.cookie).delete(`/api/posts/${post.id}`)).statusCode).toBe(403);
    expect((await call(t.app, admin.cookie).delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await call(t.app, member.cookie).get(`/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it("show 'Unknown User' for an author whose account is gone (null author)", async () => {
    const { admin, member, general } = await workspace();
    const post = (await send(member.cookie, general.id, { content: "Bye" })).json();
    await t.database.db.delete(users).where(eq(users.id, member.id));
    const seen = (await call(t.app, admin.cookie).get(`/api/posts/${post.id}`)).json();
    expect(seen).toMatchObject({ content: "Bye", author: null });
    expect(authorName(seen.author)).toBe("Unknown User");
  });
});

describe("likes, pins and bookmarks", () => {
  it("likes toggle with a count; pins are for admins and seen by all; bookmarks are personal", async () => {
    const { admin, member, other, general } = await workspace();
    const post = (await send(other.cookie, general.id, { content: "Vote on Friday" })).json();
    const liked = await call(t.app, member.cookie).put(`/api/posts/${post.id}/like`);
    expect(liked.json()).toEqual({ likes_count: 1, user_liked: true });
    expect((await call(t.app, member.cookie).put(`/api/posts/${post.id}/like`)).json().likes_count).toBe(1);
    expect((await call(t.app, member.cookie).delete(`/api/posts/${post.id}/like`)).json().likes_count).toBe(
      0,
    );

    const refused = await call(t.app, member.cookie).put(`/api/posts/${post.id}/pin`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(postMessages.pinAdminOnly);
    await call(t.app, admin.cookie).put(`/api/posts/${post.id}/pin`);
    const pins = (await call(t.app, member.cookie).get(`/api/channels/${general.id}/pins`)).json().posts;
    expect(pins.map((p: { id: string }) => p.id)).toEqual([post.id]);

    await call(t.app, member.cookie).put(`/api/posts/${post.id}/bookmark`);
    expect(
      (await call(t.app, member.cookie).get(`/api/channels/${general.id}/bookmarks`)).json().posts,
    ).toHaveLength(1);
    expect(
      (await call(t.app, other.cookie).get(`/api/channels/${general.id}/bookmarks`)).json().posts,
    ).toHaveLength(0);
    const seen = (await call(t.app, member.cookie).get(`/api/posts/${post.id}`)).json();
    expect(seen).toMatchObject({ is_pinned: true, is_bookmarked: true, user_liked: false });
  });
});

describe("comments", () => {
  it("are added (not blank) and listed under the message with the count", async () => {
    const { member, other, general } = await workspace();
    const post = (await send(member.cookie, general.id, { content: "Ideas?" })).json();
    const blank = await call(t.app, other.cookie).post(`/api/posts/${post.id}/comments`, { content: "  " });
    expect(blank.json().error.message).toBe(postMessages.commentEmpty);
    const added = await call(t.app, other.cookie).post(`/api/posts/${post.id}/comments`, {
      content: "More debates",
    });
    expect(added.json()).toMatchObject({
      comments_count: 1,
      comment: { content: "More debates", author: { full_name: "Kojo Antwi" } },
    });
    expect(
      (await call(t.app, member.cookie).get(`/api/posts/${post.id}/comments`)).json().comments,
    ).toHaveLength(1);
  });

  it("are refused to members in a private channel", async () => {
    const { admin, member, locked } = await workspace();
    const post = (await send(admin.cookie, locked.id, { content: "Notice" })).json();
    const refused = await call(t.app, member.cookie).post(`/api/posts/${post.id}/comments`, {
      content: "Hi",
    });
    expect(refused.json().error.message).toBe(postMessages.locked);
  });
});

describe("forwarding and reports", () => {
  it("forwards to another channel where the user may post, naming the source", async () => {
    const { member, general, locked } = await workspace();
    const admin2 = await createOrganization(t.app);
    const elsewhere = (
      await call(t.app, admin2.cookie).post("/api/channels", { name: "x", type: "text" })
    ).json().channel;
    const post = (await send(member.cookie, general.id, { content: "Share this" })).json();
    expect(
      (await call(t.app, member.cookie).post(`/api/posts/${post.id}/forward`, { channel_id: locked.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, member.cookie).post(`/api/posts/${post.id}/forward`, { channel_id: elsewhere.id }))
        .statusCode,
    ).toBe(403);
    const second = (
      await call(t.app, member.cookie).post("/api/channels", { name: "random", type: "text" })
    ).json().channel;
    const forwarded = await call(t.app, member.cookie).post(`/api/posts/${post.id}/forward`, {
      channel_id: second.id,
    });
    expect(forwarded.json()).toMatchObject({
      content: "Share this",
      forwarded_from: { channel_name: "lobby" },
    });
  });

  it("stores reports the admin sees, dismisses, or acts on by deleting the message", async () => {
    const { admin, member, other, general } = await workspace();
    const post = (await send(other.cookie, general.id, { content: "Rude words" })).json();
    const reported = await call(t.app, member.cookie).post(`/api/posts/${post.id}/report`, {
      reason: "Insulting",
    });
    expect(reported.json().message).toBe(postMessages.reported);
    expect(
      (await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/reports`)).statusCode,
    ).toBe(403);
    const list = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports`)
    ).json().reports;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reason: "Insulting", channel_name: "lobby", post: { id: post.id } });
    await call(t.app, admin.cookie).post(`/api/reports/${list[0].id}/remove`);
    expect((await call(t.app, member.cookie).get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(
      (await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports`)).json()
        .reports,
    ).toHaveLength(0);
  });
});

describe("reports repeated", () => {
  it("stand once per member while open, however often or at once Report is pressed; each member's counts", async () => {
    const { admin, member, other, general } = await workspace();
    const post = (await send(admin.cookie, general.id, { content: "Disputed words" })).json();
    const report = (cookie: string) =>
      call(t.app, cookie).post(`/api/posts/${post.id}/report`, { reason: "Insulting" });
    const pressed = await Promise.all([...Array.from({ length: 5 }, () => report(member.cookie))]);
    pressed.push(await report(member.cookie));
    for (const answer of pressed) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json().message).toBe(postMessages.reported);
    }
    await report(other.cookie);
    const open = async () =>
      (await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports`)).json()
        .reports as Array<{ id: string; reporter: { id: string } }>;
    const list = await open();
    expect(list.map((r) => r.reporter.id).sort()).toEqual([member.id, other.id].sort());
    // Once dismissed, the member may report it again.
    const mine = list.find((r) => r.reporter.id === member.id);
    await call(t.app, admin.cookie).post(`/api/reports/${mine?.id}/dismiss`);
    expect(await open()).toHaveLength(1);
    await report(member.cookie);
    expect(await open()).toHaveLength(2);
  });
});

describe("the reports list", () => {
  it("holds the oldest open reports, 50 unless more are asked, and says how many are open in all", async () => {
    const { admin, member, general } = await workspace();
    const made = [];
    for (let i = 0; i < 55; i++) {
      const post = (await send(admin.cookie, general.id, { content: `Message ${i}` })).json();
      await call(t.app, member.cookie).post(`/api/posts/${post.id}/report`, { reason: `Reason ${i}` });
      made.push(post.id);
    }
    const list = (query = "") =>
      call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports${query}`);
    const first = (await list()).json();
    expect(first.open_count).toBe(55);
    expect(first.reports.map((r: { post: { id: string } }) => r.post.id)).toEqual(made.slice(0, 50));
    const all = (await list("?limit=100")).json();
    expect(all.reports.map((r: { post: { id: string } }) => r.post.id)).toEqual(made);
    // Deciding the oldest lets the next one in.
    await call(t.app, admin.cookie).post(`/api/reports/${first.reports[0].id}/dismiss`);
    const next = (await list()).json();
    expect(next.open_count).toBe(54);
    expect(next.reports.map((r: { post: { id: string } }) => r.post.id)).toEqual(made.slice(1, 51));
    for (const query of ["?limit=0", "?limit=501", "?limit=ten"])
      expect((await list(query)).statusCode).toBe(400);
  });
});

describe("search", () => {
  it("finds the channel's messages by words (full text), not other channels'", async () => {
    const { admin, member, general } = await workspace();
    await send(member.cookie, general.id, { content: "The budget meeting is on Monday" });
    await send(member.cookie, general.id, { content: "Lunch at noon" });
    const other = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "other", type: "text" })
    ).json().channel;
    await send(member.cookie, other.id, { content: "budget elsewhere" });
    const found = (await call(t.app, member.cookie).get(`/api/channels/${general.id}/search?q=budget`)).json()
      .posts;
    expect(found.map((p: { content: string }) => p.content)).toEqual(["The budget meeting is on Monday"]);
  });

  it("finds a message by a reply in its thread, with that reply, as the organization's search finds the reply", async () => {
    const { admin, member, general } = await workspace();
    const asked = (await send(member.cookie, general.id, { content: "Who brings the projector?" })).json();
    await send(member.cookie, general.id, { content: "Nothing to see here" });
    await call(t.app, admin.cookie).post(`/api/posts/${asked.id}/comments`, { content: "Fine" });
    await call(t.app, admin.cookie).post(`/api/posts/${asked.id}/comments`, {
      content: "I have the HDMI cables",
    });
    const other = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "elsewhere", type: "text" })
    ).json().channel;
    const there = (await send(member.cookie, other.id, { content: "Another question" })).json();
    await call(t.app, admin.cookie).post(`/api/posts/${there.id}/comments`, { content: "cables again" });
    const found = (
      await call(t.app, member.cookie).get(`/api/channels/${general.id}/search?q=cables`)
    ).json();
    expect(found.posts.map((p: { id: string }) => p.id)).toEqual([asked.id]);
    expect(found.replies).toEqual({ [asked.id]: "I have the HDMI cables" });
    // Found by its own words: no reply to show.
    const own = (
      await call(t.app, member.cookie).get(`/api/channels/${general.id}/search?q=projector`)
    ).json();
    expect(own).toMatchObject({ posts: [{ id: asked.id }], replies: {} });
  });

  it("matches as the organization's search does: accents, word starts, phrases and file names", async () => {
    const { member, general } = await workspace();
    const cafe = (await send(member.cookie, general.id, { content: "Please check the café menu" })).json();
    const other = (await send(member.cookie, general.id, { content: "The menu of the cafe" })).json();
    const search = async (q: string) =>
      (await call(t.app, member.cookie).get(`/api/channels/${general.id}/search?q=${encodeURIComponent(q)}`))
        .json()
        .posts.map((p: { id: string }) => p.id);
    expect(await search("CAFE")).toEqual([other.id, cafe.id]);
    expect(await search("caf")).toEqual([other.id, cafe.id]);
    expect(await search('"café menu"')).toEqual([cafe.id]);
    expect(await search("!?")).toEqual([]);
    const pdf = Buffer.from("%PDF-1.4\n%test\n");
    const file = (await upload(member.cookie, general.id, "Procès-verbal réunion.pdf", pdf)).json();
    const withFile = (await send(member.cookie, general.id, { attachment_id: file.id })).json();
    expect(await search("proces verbal")).toEqual([withFile.id]);
  });
});

describe("unread counts and mentions", () => {
  it("count others' messages since the last read, not in muted channels, and mentions notify", async () => {
    const { admin, member, other, general } = await workspace();
    const unread = async () =>
      (await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/unread`)).json()
        .unread;
    await send(member.cookie, general.id, { content: "mine" });
    await send(other.cookie, general.id, { content: "one" });
    await send(other.cookie, general.id, { content: "two, @abena owusu look" });
    expect(await unread()).toEqual({ [general.id]: 2 });

    await call(t.app, member.cookie).put(`/api/channels/${general.id}/preferences`, { notify: "mentions" });
    expect(await unread()).toEqual({ [general.id]: 1 });
    await call(t.app, member.cookie).put(`/api/channels/${general.id}/preferences`, {
      notify: "all",
      mute: null,
    });
    expect(await unread()).toEqual({});
    await call(t.app, member.cookie).put(`/api/channels/${general.id}/preferences`, { mute: false });
    t.clock.advance(1000);
    await call(t.app, member.cookie).post(`/api/channels/${general.id}/read`);
    expect(await unread()).toEqual({});
  });

  it("are read up to the newest message, even with the app's clock behind the database's", async () => {
    const { admin, member, other, general } = await workspace();
    const unread = async () =>
      (await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/unread`)).json()
        .unread;
    await send(other.cookie, general.id, { content: "written at the database's time" });
    expect(await unread()).toEqual({ [general.id]: 1 });
    const before = t.clock.now();
    t.clock.set(new Date(Date.now() - 60 * 60_000)); // messages take the database's time, an hour later
    try {
      await call(t.app, member.cookie).post(`/api/channels/${general.id}/read`);
      expect(await unread()).toEqual({});
    } finally {
      t.clock.set(before);
    }
  });
});

describe("must be denied", () => {
  it("to a member of another organization: nothing of the channel's messages", async () => {
    const { member, general } = await workspace();
    const post = (await send(member.cookie, general.id, { content: "Inside" })).json();
    const outsider = await createOrganization(t.app);
    const as = call(t.app, outsider.cookie);
    for (const response of [
      await as.get(`/api/channels/${general.id}/posts`),
      await as.post(`/api/channels/${general.id}/posts`, { content: "in" }),
      await as.get(`/api/posts/${post.id}`),
      await as.put(`/api/posts/${post.id}/like`),
      await as.get(`/api/posts/${post.id}/comments`),
      await as.post(`/api/posts/${post.id}/report`, {}),
      await as.get(`/api/channels/${general.id}/search?q=Inside`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function upload(cookie: string, channelId: string, filename: string, bytes: Buffer) {
  const boundary = "----votespace-post";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/channels/${channelId}/attachments`,
    payload,
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

describe("attachments", () => {
  it("send images inline (Media) and files as downloads (Files), checked by extension and content", async () => {
    const { member, other, general } = await workspace();
    const image = (await upload(member.cookie, general.id, "photo.png", PNG)).json();
    expect(image).toMatchObject({ content_type: "image/png", is_image: true });
    const pdf = (
      await upload(member.cookie, general.id, "agenda.pdf", Buffer.from("%PDF-1.4\n%test\n"))
    ).json();
    expect(pdf).toMatchObject({ content_type: "application/pdf", is_image: false, filename: "agenda.pdf" });
    await send(member.cookie, general.id, { attachment_id: image.id });
    await send(member.cookie, general.id, { content: "The agenda", attachment_id: pdf.id });

    const media = (await call(t.app, other.cookie).get(`/api/channels/${general.id}/media`)).json().posts;
    expect(media).toHaveLength(1);
    expect(media[0].image_url).toBe(image.url);
    const files = (await call(t.app, other.cookie).get(`/api/channels/${general.id}/files`)).json().posts;
    expect(files.map((p: { attachment: { filename: string } }) => p.attachment.filename)).toEqual([
      "agenda.pdf",
    ]);
    const served = await call(t.app, other.cookie).get(pdf.url);
    expect(served.headers["content-disposition"]).toMatch(/^attachment/);

    // Used once; another user's upload cannot be claimed.
    expect((await send(member.cookie, general.id, { attachment_id: pdf.id })).json().error.message).toBe(
      postMessages.attachmentMissing,
    );
    const theirs = (await upload(other.cookie, general.id, "x.png", PNG)).json();
    expect((await send(member.cookie, general.id, { attachment_id: theirs.id })).statusCode).toBe(400);
  });

  it("refuse what the name or the content does not allow, and send nothing", async () => {
    const { member, general } = await workspace();
    // A name not allowed: the rule; an allowed name whose contents are something else: that.
    for (const [name, bytes, said] of [
      ["tool.exe", Buffer.from("MZ\x90\x00binary"), postMessages.attachmentRefused],
      [
        "notes.pdf",
        Buffer.from("not really a pdf \x00\x01"),
        "This file's contents are not a PDF file, as its name says",
      ],
      ["script.txt", Buffer.from([0x00, 0xff, 0x10]), postMessages.attachmentNotAsNamed("txt")],
      [
        "fake.png",
        Buffer.from("just a few words of text"),
        "This file's contents are not a PNG file, as its name says",
      ],
      ["photo.JPG", Buffer.from("MZ\x90\x00binary"), postMessages.attachmentNotAsNamed("JPG")],
    ] as const) {
      const refused = await upload(member.cookie, general.id, name, Buffer.from(bytes));
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error.message).toBe(said);
    }
    expect(
      (await call(t.app, member.cookie).get(`/api/channels/${general.id}/files`)).json().posts,
    ).toHaveLength(0);
  });

  it("are refused in a locked channel", async () => {
    const { member, locked } = await workspace();
    expect((await upload(member.cookie, locked.id, "photo.png", PNG)).json().error.message).toBe(
      postMessages.locked,
    );
  });
});

describe("mentions", () => {
  it("notify the member named, unless their settings turn mentions off", async () => {
    const { member, other, general } = await workspace();
    const countFor = async (userId: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).length;
    await send(other.cookie, general.id, { content: "@Abena Owusu please review" });
    expect(await countFor(member.id)).toBe(1);
    const settings = (await call(t.app, member.cookie).get("/api/settings")).json();
    await call(t.app, member.cookie).put("/api/settings", {
      ...settings,
      notifications: { ...settings.notifications, mentions: false },
    });
    await send(other.cookie, general.id, { content: "@Abena Owusu again" });
    expect(await countFor(member.id)).toBe(1);
  });
});
