import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventMap } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import { postMessages, REACTION_EMOJI, REACTIONS_PER_POST_MAX } from "../../../contract/posts";
import { channels, organizations, postReactions } from "../../db/schema";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function message() {
  const admin = await createOrganization(t.app);
  const abena = await createMember(t.app, admin.organizationId, { full_name: "Abena Owusu" });
  const kojo = await createMember(t.app, admin.organizationId, { full_name: "Kojo Antwi" });
  const channel = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel;
  const post = (
    await call(t.app, admin.cookie).post(`/api/channels/${channel.id}/posts`, { content: "Vote!" })
  ).json();
  return { admin, abena, kojo, channel, post };
}

const react = (cookie: string, postId: string, emoji: string, on = true) =>
  on
    ? call(t.app, cookie).put(`/api/posts/${postId}/reactions/${encodeURIComponent(emoji)}`)
    : call(t.app, cookie).delete(`/api/posts/${postId}/reactions/${encodeURIComponent(emoji)}`);

const seen = async (cookie: string, postId: string) =>
  (await call(t.app, cookie).get(`/api/posts/${postId}`)).json();

describe("emoji reactions", () => {
  it("count each member once per emoji, show who reacted and the viewer's own, and leave the Like alone", async () => {
    const { abena, kojo, post } = await message();
    const first = await react(abena.cookie, post.id, "👍");
    expect(first.statusCode).toBe(200);
    expect(first.json().reactions).toEqual([
      { emoji: "👍", count: 1, mine: true, people: [{ id: abena.id, full_name: "Abena Owusu" }] },
    ]);
    // Again: still one.
    expect((await react(abena.cookie, post.id, "👍")).json().reactions[0].count).toBe(1);
    await react(kojo.cookie, post.id, "👍");
    await react(kojo.cookie, post.id, "🎉");
    const asAbena = await seen(abena.cookie, post.id);
    expect(asAbena.reactions).toEqual([
      {
        emoji: "👍",
        count: 2,
        mine: true,
        people: [
          { id: abena.id, full_name: "Abena Owusu" },
          { id: kojo.id, full_name: "Kojo Antwi" },
        ],
      },
      { emoji: "🎉", count: 1, mine: false, people: [{ id: kojo.id, full_name: "Kojo Antwi" }] },
    ]);
    expect(asAbena).toMatchObject({ likes_count: 0, user_liked: false });
    // Taken back: the count falls, an emoji nobody holds goes.
    await react(abena.cookie, post.id, "👍", false);
    const after = (await react(kojo.cookie, post.id, "🎉", false)).json();
    expect(after.reactions).toEqual([
      { emoji: "👍", count: 1, mine: true, people: [{ id: kojo.id, full_name: "Kojo Antwi" }] },
    ]);
  });

  it("are announced to the channel as anyone sees them", async () => {
    const { abena, channel, post } = await message();
    const heard: Array<EventMap["post.reacted"]> = [];
    const stop = t.app.context.bus.onMessage((m) => {
      if (m.event === "post.reacted") heard.push(m.payload as EventMap["post.reacted"]);
    });
    await react(abena.cookie, post.id, "🔥");
    stop();
    expect(heard).toEqual([
      {
        channel_id: channel.id,
        post_id: post.id,
        user_id: abena.id,
        emoji: "🔥",
        reacted: true,
        reactions: [
          { emoji: "🔥", count: 1, mine: false, people: [{ id: abena.id, full_name: "Abena Owusu" }] },
        ],
      },
    ]);
  });

  it("take only the offered emoji, in plain words, and store nothing else", async () => {
    const { abena, post } = await message();
    for (const emoji of ["❤️", "💩", "hello", "👍👍"]) {
      const refused = await react(abena.cookie, post.id, emoji);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(postMessages.reactionNotOffered);
    }
    expect(await t.database.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toEqual(
      [],
    );
  });

  it(`hold at most ${REACTIONS_PER_POST_MAX} different emoji per message, while more of one already there is fine`, async () => {
    const { abena, kojo, post } = await message();
    for (const emoji of REACTION_EMOJI.slice(0, REACTIONS_PER_POST_MAX)) {
      expect((await react(abena.cookie, post.id, emoji)).statusCode).toBe(200);
    }
    const refused = await react(kojo.cookie, post.id, REACTION_EMOJI[REACTIONS_PER_POST_MAX] as string);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(postMessages.tooManyReactions);
    expect((await react(kojo.cookie, post.id, REACTION_EMOJI[0])).json().reactions[0].count).toBe(2);
    expect((await seen(kojo.cookie, post.id)).reactions).toHaveLength(REACTIONS_PER_POST_MAX);
  });

  it("are for members who may take part: not outsiders, not where reactions are off, not in a suspended organization", async () => {
    const { admin, abena, channel, post } = await message();
    const outsider = await createOrganization(t.app);
    expect((await react(outsider.cookie, post.id, "👍")).statusCode).toBe(404);

    await t.database.db
      .update(channels)
      .set({ permissions: { membersCanComment: false, membersCanAttach: true } })
      .where(eq(channels.id, channel.id));
    const off = await react(abena.cookie, post.id, "👍");
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(postMessages.reactionsOff);
    expect((await react(admin.cookie, post.id, "👍")).statusCode).toBe(200);

    await t.database.db
      .update(organizations)
      .set({ status: "suspended" })
      .where(eq(organizations.id, admin.organizationId));
    const suspended = await react(admin.cookie, post.id, "👍", false);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.message).toBe(messages.organizationSuspended);
    expect((await seen(admin.cookie, post.id)).reactions[0].count).toBe(1);
  });

  it("are refused in a private channel to members who may not post there", async () => {
    const { admin, abena } = await message();
    const locked = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "news", type: "text", is_private: true })
    ).json().channel;
    const post = (
      await call(t.app, admin.cookie).post(`/api/channels/${locked.id}/posts`, { content: "Notice" })
    ).json();
    const refused = await react(abena.cookie, post.id, "👍");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(postMessages.locked);
  });
});
