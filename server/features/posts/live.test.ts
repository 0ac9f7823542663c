import type { AddressInfo } from "node:net";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventMap, ServerMessage } from "../../../contract/events";
import { posts, rateLimits } from "../../db/schema";
import type { BusMessage } from "../../realtime/bus";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

/**
 * The write path of a message as the realtime side sees it: one bus message per post, in the order
 * the posts were written; unread-count activity only to the organization's members, batched; a
 * flood refused.
 */
let t: TestApp;
let baseUrl: string;
const published: BusMessage[] = [];
beforeAll(async () => {
  t = await testApp({ limits: { postsPerUser: { max: 40, windowSeconds: 60 } } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.context.bus.onMessage((message) => published.push(message));
});
afterAll(() => t.close());

async function workspace() {
  const admin = await createOrganization(t.app);
  const member = await createMember(t.app, admin.organizationId, { full_name: "Abena Owusu" });
  const channel = (
    await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
  ).json().channel as { id: string };
  return { admin, member, channel };
}

const send = (cookie: string, channelId: string, content: string) =>
  call(t.app, cookie).post(`/api/channels/${channelId}/posts`, { content });

async function subscribed(cookie: string, topic: string): Promise<TestSocket> {
  const socket = await TestSocket.open(baseUrl, { cookie });
  socket.send({ type: "subscribe", topic });
  await socket.next((m) => (m.type === "subscribed" || m.type === "error") && "topic" in m);
  return socket;
}

const activities = (socket: TestSocket) =>
  socket.received
    .filter(
      (m): m is Extract<ServerMessage, { type: "event" }> =>
        m.type === "event" && m.event === "channel.activity",
    )
    .map((m) => m.payload as EventMap["channel.activity"]);

describe("a new message", () => {
  it("is one bus message, carrying what unread counts need", async () => {
    const { member, channel } = await workspace();
    const from = published.length;
    const sent = await send(member.cookie, channel.id, "hello");
    expect(sent.statusCode).toBe(201);
    const mine = published.slice(from);
    expect(mine.map((m) => m.event)).toEqual(["post.created"]);
    expect(mine[0]?.payload).toMatchObject({
      post_id: sent.json().id,
      author_id: member.id,
      author_is_voter: true,
      mentioned_user_ids: [],
    });
  });

  it("is announced in the order messages were written, however many come at once", async () => {
    const { member, admin, channel } = await workspace();
    const from = published.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(i % 2 ? admin.cookie : member.cookie, channel.id, `m-${i}`)),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const announced = published
      .slice(from)
      .filter((m) => m.event === "post.created")
      .map((m) => (m.payload as EventMap["post.created"]).post_id);
    const written = await t.database.db
      .select({ id: posts.id, content: posts.content, authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.channelId, channel.id))
      .orderBy(asc(posts.createdAt), asc(posts.id));
    expect(announced).toEqual(written.map((p) => p.id));
    // Each sender's messages in the order they were sent, on PostgreSQL too, where requests sent
    // together pass the session check on different pool connections (http/sender-order.ts).
    for (const author of [member.id, admin.id]) {
      const seqs = written.filter((p) => p.authorId === author).map((p) => Number(p.content.slice(2)));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });

  it("is refused with 429 once a sender floods, without a row per message", async () => {
    const { member, channel } = await workspace();
    const answers = [];
    for (let i = 0; i < 45; i++)
      answers.push((await send(member.cookie, channel.id, `flood ${i}`)).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(40);
    expect(answers.slice(40)).toEqual([429, 429, 429, 429, 429]);
    const rows = await t.database.db.select().from(rateLimits).where(like(rateLimits.key, "posts:%"));
    expect(rows).toEqual([]);
    // The window ends: the sender may write again.
    t.clock.advance(61_000);
    expect((await send(member.cookie, channel.id, "later")).statusCode).toBe(201);
  });
});

describe("unread-count activity", () => {
  it("reaches the organization's members only, batched, never an outsider or a member who left", async () => {
    const { admin, member, channel } = await workspace();
    const leaving = await createMember(t.app, admin.organizationId, { full_name: "Kofi Leaves" });
    const outsider = await createOrganization(t.app);
    const organizationTopic = `org:${admin.organizationId}`;
    const reader = await subscribed(member.cookie, organizationTopic);
    const gone = await subscribed(leaving.cookie, organizationTopic);
    const stranger = await subscribed(outsider.cookie, organizationTopic);
    expect(stranger.received.some((m) => m.type === "error")).toBe(true);
    const left = await call(t.app, leaving.cookie).post(
      `/api/organizations/${admin.organizationId}/leave`,
      {},
    );
    expect(left.statusCode).toBeLessThan(300);
    await gone.next((m) => m.type === "event" && m.event === "member.left");

    const written: string[] = [];
    for (let i = 0; i < 12; i++) {
      const sent = await send(admin.cookie, channel.id, `news ${i}`);
      expect(sent.statusCode).toBe(201);
      written.push(sent.json().created_at);
    }
    // The first message goes out at once, the rest gathered into the next second's batch.
    await reader.next(() => activities(reader).reduce((n, a) => n + (a.channels[0]?.posts ?? 0), 0) === 12, {
      timeoutMs: 4000,
    });
    const batches = activities(reader);
    expect(batches.length).toBeLessThanOrEqual(2);
    expect(batches.at(-1)?.channels).toEqual([
      expect.objectContaining({
        channel_id: channel.id,
        authors: [expect.objectContaining({ author_id: admin.id, by_voter: false })],
      }),
    ]);
    // Each batch says when its messages were written, so a tab can leave out those read elsewhere.
    expect(batches[0]?.channels[0]?.first_at).toBe(written[0]);
    expect(batches.at(-1)?.channels[0]?.last_at).toBe(written.at(-1));
    expect(activities(gone)).toEqual([]);
    expect(activities(stranger)).toEqual([]);
    for (const socket of [reader, gone, stranger]) socket.ws.terminate();
  });

  it("deleted is told to the organization's members in the batch, so a count that may hold it is read again", async () => {
    const { admin, member, channel } = await workspace();
    const reader = await subscribed(member.cookie, `org:${admin.organizationId}`);
    const ids: string[] = [];
    for (const text of ["one", "two"]) ids.push((await send(admin.cookie, channel.id, text)).json().id);
    await reader.next(() => activities(reader).reduce((n, a) => n + (a.channels[0]?.posts ?? 0), 0) === 2, {
      timeoutMs: 4000,
    });
    for (const id of ids)
      expect((await call(t.app, admin.cookie).delete(`/api/posts/${id}`)).statusCode).toBe(200);
    await reader.next(() => activities(reader).reduce((n, a) => n + (a.channels[0]?.deleted ?? 0), 0) === 2, {
      timeoutMs: 4000,
    });
    const deletions = activities(reader).filter((a) => a.channels[0]?.deleted);
    expect(deletions.at(-1)?.channels).toEqual([
      expect.objectContaining({ channel_id: channel.id, posts: 0, authors: [] }),
    ]);
    reader.ws.terminate();
  });
});

describe("a report", () => {
  it("that goes with its message (deleted, or its channel deleted) is told decided to the administrators", async () => {
    const { admin, member, channel } = await workspace();
    const report = async (content: string) => {
      const post = (await send(admin.cookie, channel.id, content)).json();
      await call(t.app, member.cookie).post(`/api/posts/${post.id}/report`, { reason: "Rude" });
      const open = (
        await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports`)
      ).json();
      return { post, id: open.reports.find((r: { post: { id: string } }) => r.post.id === post.id).id };
    };
    const decided = (from: number) =>
      published
        .slice(from)
        .filter((m) => m.event === "report.decided")
        .map((m) => [m.topic, (m.payload as EventMap["report.decided"]).report_id]);
    const admins = `admins:${admin.organizationId}`;
    const first = await report("Deleted by its author");
    let from = published.length;
    await call(t.app, admin.cookie).delete(`/api/posts/${first.post.id}`);
    expect(decided(from)).toEqual([[admins, first.id]]);
    const second = await report("Its channel deleted");
    from = published.length;
    await call(t.app, admin.cookie).delete(`/api/channels/${channel.id}`);
    expect(decided(from)).toEqual([[admins, second.id]]);
  });

  it("is told to the administrators only, and so is its decision", async () => {
    const { admin, member, channel } = await workspace();
    const post = (await send(admin.cookie, channel.id, "Disputed words")).json();
    const from = published.length;
    await call(t.app, member.cookie).post(`/api/posts/${post.id}/report`, { reason: "Rude" });
    const [report] = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports`)
    ).json().reports;
    await call(t.app, admin.cookie).post(`/api/reports/${report.id}/dismiss`);
    const admins = `admins:${admin.organizationId}`;
    expect(published.slice(from).map((m) => [m.topic, m.event, m.payload])).toEqual([
      [admins, "report.created", { organization_id: admin.organizationId, report_id: report.id }],
      [admins, "report.decided", { organization_id: admin.organizationId, report_id: report.id }],
    ]);
  });
});
