import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, organizations } from "../../db/schema";
import type { BusMessage } from "../../realtime/bus";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function workspace() {
  const admin = await createOrganization(t.app);
  const ama = await createMember(t.app, admin.organizationId, { full_name: "Ama" });
  const amaOwusu = await createMember(t.app, admin.organizationId, { full_name: "Ama Owusu" });
  const general = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel as { id: string };
  const send = (content: string) =>
    call(t.app, admin.cookie).post(`/api/channels/${general.id}/posts`, { content });
  const notified = async (userId: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).length;
  return { admin, ama, amaOwusu, general, send, notified };
}

describe("mentions notify", () => {
  it("the member whose whole name follows the @, not a member whose name begins it", async () => {
    const w = await workspace();
    const sent = await w.send("@Ama Owusu please review");
    expect(sent.statusCode).toBe(201);
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
    expect(await w.notified(w.ama.id)).toBe(0);
    await w.send("@Amanda is not here, @ama is");
    expect(await w.notified(w.ama.id)).toBe(1);
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
  });

  it("from a reply in a message's thread, as from a message", async () => {
    const w = await workspace();
    const post = (await w.send("Who brings the projector?")).json();
    const replied = await call(t.app, w.admin.cookie).post(`/api/posts/${post.id}/comments`, {
      content: "@Ama Owusu can you?",
    });
    expect(replied.statusCode).toBe(201);
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
    expect(await w.notified(w.ama.id)).toBe(0);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.amaOwusu.id));
    expect(notice).toMatchObject({ kind: "mention", postId: post.id, channelId: w.general.id });
    // Named again in another reply of the thread: not told twice.
    await call(t.app, w.admin.cookie).post(`/api/posts/${post.id}/comments`, { content: "@Ama Owusu ping" });
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
  });

  it("live, naming the channel and its organization (a mention may come from another than the one on screen)", async () => {
    const w = await workspace();
    const heard: BusMessage[] = [];
    const stop = t.app.context.bus.onMessage((message) => heard.push(message));
    const post = (await w.send("Who brings the projector?")).json();
    await call(t.app, w.admin.cookie).post(`/api/posts/${post.id}/comments`, { content: "@Ama can you?" });
    stop();
    const notices = heard.filter((m) => m.event === "notification.created" && m.topic === `user:${w.ama.id}`);
    expect(notices).toHaveLength(1);
    const [organization] = await t.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, w.admin.organizationId));
    expect(notices[0]?.payload).toMatchObject({
      kind: "mention",
      post_id: post.id,
      channel_id: w.general.id,
      channel_name: "lobby",
      organization_id: w.admin.organizationId,
      organization_name: organization?.name,
      excerpt: "@Ama can you?",
    });
  });

  it("from a reply edited to name a member", async () => {
    const w = await workspace();
    const post = (await w.send("Agenda for Thursday")).json();
    const reply = (
      await call(t.app, w.admin.cookie).post(`/api/posts/${post.id}/comments`, { content: "Looks good" })
    ).json().comment;
    expect(await w.notified(w.ama.id)).toBe(0);
    const edited = await call(t.app, w.admin.cookie).patch(`/api/comments/${reply.id}`, {
      content: "Looks good, @Ama add the budget",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await w.notified(w.ama.id)).toBe(1);
  });

  it("once a mute has ended by the app's clock", async () => {
    const w = await workspace();
    const muted = await call(t.app, w.amaOwusu.cookie).put(`/api/channels/${w.general.id}/preferences`, {
      mute: 15,
    });
    expect(muted.statusCode).toBe(200);
    await w.send("@Ama Owusu while muted");
    expect(await w.notified(w.amaOwusu.id)).toBe(0);
    // Less than the sessions' idle timeout (30 minutes), more than the mute.
    t.clock.advance(16 * 60_000);
    await w.send("@Ama Owusu after the quarter hour");
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
  });
});

describe("an edited message", () => {
  it("is marked edited at the app's clock", async () => {
    const w = await workspace();
    const post = (await w.send("first words")).json();
    t.clock.advance(20 * 60_000);
    const edited = await call(t.app, w.admin.cookie).patch(`/api/posts/${post.id}`, {
      content: "second words",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().edited_at).toBe(t.clock.now().toISOString());
  });

  it("tells those it names anew, as a new message would, and no one twice", async () => {
    const w = await workspace();
    const post = (await w.send("@Ama the minutes are up")).json();
    expect(await w.notified(w.ama.id)).toBe(1);
    const edit = (content: string) => call(t.app, w.admin.cookie).patch(`/api/posts/${post.id}`, { content });
    expect((await edit("@Ama the minutes are up, @Ama Owusu please look")).statusCode).toBe(200);
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
    expect(await w.notified(w.ama.id)).toBe(1);
    await edit("@Ama the minutes are up. @Ama Owusu please look now");
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
    // Taken out and put back: told once all the same.
    await edit("@Ama the minutes are up");
    await edit("@Ama the minutes are up, @Ama Owusu");
    expect(await w.notified(w.amaOwusu.id)).toBe(1);
  });
});

describe("the Mentions view", () => {
  const mentionsOf = async (cookie: string, organizationId: string) =>
    call(t.app, cookie).get(`/api/organizations/${organizationId}/mentions`);

  it("lists, newest first, the messages of every channel that mention the member by their whole name", async () => {
    const w = await workspace();
    const board = (
      await call(t.app, w.admin.cookie).post("/api/channels", {
        name: "board",
        type: "text",
        is_private: true,
      })
    ).json().channel as { id: string };
    await w.send("@Ama please bring the minutes");
    t.clock.advance(1000);
    await w.send("@Amanda is someone else; @Ama Owusu too");
    await call(t.app, w.admin.cookie).post(`/api/channels/${board.id}/posts`, { content: "Thanks @ama!" });
    // Her own message never counts.
    await call(t.app, w.ama.cookie).post(`/api/channels/${w.general.id}/posts`, { content: "I am @Ama" });
    // A muted channel still shows its mentions here.
    const muted = await call(t.app, w.ama.cookie).put(`/api/channels/${w.general.id}/preferences`, {
      mute: null,
    });
    expect(muted.statusCode).toBe(200);
    await w.send("Hello @AMA, the budget");

    const answer = await mentionsOf(w.ama.cookie, w.admin.organizationId);
    expect(answer.statusCode).toBe(200);
    const listed = answer.json().mentions as Array<{ post: { content: string }; channel_name: string }>;
    expect(listed.map((m) => [m.post.content, m.channel_name])).toEqual([
      ["Hello @AMA, the budget", "lobby"],
      ["Thanks @ama!", "board"],
      ["@Ama please bring the minutes", "lobby"],
    ]);
    const owusu = (await mentionsOf(w.amaOwusu.cookie, w.admin.organizationId)).json().mentions;
    expect(owusu.map((m: { post: { content: string } }) => m.post.content)).toEqual([
      "@Amanda is someone else; @Ama Owusu too",
    ]);
  });

  it("lists a message once, at its latest mention, with the reply in its thread that made it", async () => {
    const w = await workspace();
    const reply = (postId: string, content: string, cookie = w.admin.cookie) =>
      call(t.app, cookie).post(`/api/posts/${postId}/comments`, { content });
    const agenda = (await w.send("Agenda for Monday")).json();
    t.clock.advance(1000);
    const budget = (await w.send("@Ama the budget, please")).json();
    t.clock.advance(1000);
    expect((await reply(agenda.id, "@Ama can you take the minutes?")).statusCode).toBe(201);
    t.clock.advance(1000);
    // Her own reply, and a reply naming someone else, are not hers to see here.
    await reply(agenda.id, "@Ama I can", w.ama.cookie);
    await reply(budget.id, "@Ama Owusu has the figures");

    const listed = (await mentionsOf(w.ama.cookie, w.admin.organizationId)).json().mentions as Array<{
      post: { id: string };
      reply: { content: string; author: { full_name: string } } | null;
    }>;
    expect(listed.map((m) => [m.post.id, m.reply?.content ?? null])).toEqual([
      [agenda.id, "@Ama can you take the minutes?"],
      [budget.id, null],
    ]);
    expect(listed[0]?.reply?.author.full_name).toBe(w.admin.input.full_name);

    // A later reply naming her in the budget's thread puts the budget first, with that reply.
    t.clock.advance(1000);
    await reply(budget.id, "thanks @Ama");
    const again = (await mentionsOf(w.ama.cookie, w.admin.organizationId)).json().mentions as typeof listed;
    expect(again.map((m) => [m.post.id, m.reply?.content ?? null])).toEqual([
      [budget.id, "thanks @Ama"],
      [agenda.id, "@Ama can you take the minutes?"],
    ]);
  });

  it("of another organization is 404", async () => {
    const w = await workspace();
    const stranger = await createOrganization(t.app);
    const refused = await mentionsOf(stranger.cookie, w.admin.organizationId);
    expect(refused.statusCode).toBe(404);
  });
});
