// Over 300 lines: direct messages' rules (contacts, sending, conversations, read marks) on one shared organization and its sockets.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX, type ChatContact, chatMessages, type DirectMessage } from "../../../contract/chat";
import type { ServerMessage, Topic } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import type { UserSettings } from "../../../contract/settings";
import { directMessages, organizationMemberships, organizations, users } from "../../db/schema";
import { type BusMessage, topicsOf } from "../../realtime/bus";
import { TestSocket } from "../../realtime/test-fixtures/client";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { listContacts } from "./service";

let t: TestApp;
let baseUrl: string;
const published: BusMessage[] = [];

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.context.bus.onMessage((message) => published.push(message));
});
afterAll(() => t.close());

/** An organization with its admin and two voters. */
async function organization() {
  const admin = await createOrganization(t.app, { full_name: "Grace Admin" });
  const abena = await createMember(t.app, admin.organizationId, { full_name: "Abena Owusu" });
  const kojo = await createMember(t.app, admin.organizationId, { full_name: "Kojo Antwi" });
  return { admin, abena, kojo, organizationId: admin.organizationId };
}

const send = (cookie: string, to: string, content: unknown) =>
  call(t.app, cookie).post(`/api/chat/conversations/${to}`, { content });
const contacts = async (cookie: string, organizationId: string): Promise<ChatContact[]> => {
  const response = await call(t.app, cookie).get(`/api/chat/contacts?organizationId=${organizationId}`);
  expect(response.statusCode).toBe(200);
  return response.json().contacts;
};
const conversation = (cookie: string, other: string, query = "") =>
  call(t.app, cookie).get(`/api/chat/conversations/${other}${query}`);
const contents = (page: { messages: DirectMessage[] }) => page.messages.map((m) => m.content);
const unread = async (cookie: string, organizationId?: string): Promise<number> =>
  (
    await call(t.app, cookie).get(
      `/api/chat/unread${organizationId ? `?organizationId=${organizationId}` : ""}`,
    )
  ).json().total;

async function setPrivacy(cookie: string, privacy: Partial<UserSettings["privacy"]>) {
  const settings = (await call(t.app, cookie).get("/api/settings")).json();
  const saved = await call(t.app, cookie).put("/api/settings", {
    ...settings,
    privacy: { ...settings.privacy, ...privacy },
  });
  expect(saved.statusCode).toBe(200);
}

const eventsFor = (topic: string, event: string) =>
  published.filter((m) => topicsOf(m).includes(topic as Topic) && m.event === event).map((m) => m.payload);

describe("chat contacts", () => {
  it("are the other members and the admins of the organization, never another organization's people", async () => {
    const { admin, abena, organizationId } = await organization();
    const elsewhere = await createOrganization(t.app, { full_name: "Other Admin" });
    await createMember(t.app, elsewhere.organizationId, { full_name: "Other Voter" });
    // Abena belongs to the other organization too: its people are still not contacts here.
    await call(t.app, abena.cookie).post(`/api/organizations/${elsewhere.organizationId}/join`);

    const list = await contacts(abena.cookie, organizationId);
    expect(list.map((c) => [c.full_name, c.role, c.user_type])).toEqual([
      ["Grace Admin", "admin", "organization"],
      ["Kojo Antwi", "member", "voter"],
    ]);
    expect(list[0]).toMatchObject({
      id: admin.id,
      last_message: null,
      unread_count: 0,
      accepts_messages: true,
    });
    const theirs = await contacts(abena.cookie, elsewhere.organizationId);
    expect(theirs.map((c) => c.full_name)).toEqual(["Other Admin", "Other Voter"]);
  });

  it("must be denied to outsiders (not found) and to anonymous callers", async () => {
    const { organizationId } = await organization();
    const outsider = await createOrganization(t.app);
    const refused = await call(t.app, outsider.cookie).get(
      `/api/chat/contacts?organizationId=${organizationId}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(messages.organizationNotFound);
    expect((await call(t.app).get(`/api/chat/contacts?organizationId=${organizationId}`)).statusCode).toBe(
      401,
    );
    expect((await call(t.app, outsider.cookie).get("/api/chat/contacts")).statusCode).toBe(400);
    expect(
      (await call(t.app, outsider.cookie).get(`/api/chat/unread?organizationId=${organizationId}`))
        .statusCode,
    ).toBe(404);
  });

  it("show who is online from presence, never someone who hides their status", async () => {
    const { abena, kojo, admin, organizationId } = await organization();
    await setPrivacy(admin.cookie, { showOnlineStatus: false });
    const sockets = await Promise.all([
      TestSocket.open(baseUrl, { cookie: kojo.cookie }),
      TestSocket.open(baseUrl, { cookie: admin.cookie }),
    ]);
    await t.app.realtime.presence.settled();
    const online = Object.fromEntries(
      (await contacts(abena.cookie, organizationId)).map((c) => [c.full_name, c.online]),
    );
    expect(online).toEqual({ "Grace Admin": false, "Kojo Antwi": true });
    for (const socket of sockets) await socket.close();
  });

  it("carry the latest message and unread count; the latest conversation comes first, then names", async () => {
    const { admin, abena, kojo, organizationId } = await organization();
    const zara = await createMember(t.app, organizationId, { full_name: "Zara Bello" });
    await send(zara.cookie, abena.id, "Hi Abena");
    await send(abena.cookie, zara.id, "Hello Zara");
    await send(kojo.cookie, abena.id, "Are you coming?");
    await send(kojo.cookie, abena.id, "The debate starts at 6");

    const list = await contacts(abena.cookie, organizationId);
    expect(list.map((c) => c.full_name)).toEqual(["Kojo Antwi", "Zara Bello", "Grace Admin"]);
    expect(list[0]).toMatchObject({
      unread_count: 2,
      last_message: { content: "The debate starts at 6", from_me: false },
    });
    expect(list[1]).toMatchObject({
      unread_count: 1,
      last_message: { content: "Hello Zara", from_me: true },
    });
    expect(list[2]).toMatchObject({ id: admin.id, unread_count: 0, last_message: null });
    expect(await unread(abena.cookie, organizationId)).toBe(3);
    expect(await unread(abena.cookie)).toBe(3);
  });

  it("load with a fixed number of queries whatever their number", async () => {
    const { abena, organizationId } = await organization();
    const counted = async () => {
      let queries = 0;
      const db = t.database.observed(() => {
        queries++;
      });
      const [me] = await db.select().from(users).where(eq(users.id, abena.id));
      queries = 0;
      if (me) await listContacts(db, me, organizationId);
      return queries;
    };
    const few = await counted();
    for (let i = 0; i < 5; i++) {
      const member = await createMember(t.app, organizationId, { full_name: `Member ${i}` });
      await send(member.cookie, abena.id, `hello ${i}`);
    }
    expect(await counted()).toBe(few);
  });
});

describe("sending a direct message", () => {
  it("stores it and delivers message.created to the recipient and to the sender's other tabs", async () => {
    const { abena, kojo } = await organization();
    const inbox = await TestSocket.open(baseUrl, { cookie: kojo.cookie });
    await inbox.subscribe(`user:${kojo.id}`);
    const sent = await send(abena.cookie, kojo.id, "  Hello Kojo  ");
    expect(sent.statusCode).toBe(201);
    const message = sent.json() as DirectMessage;
    expect(message).toMatchObject({
      sender_id: abena.id,
      recipient_id: kojo.id,
      content: "Hello Kojo",
      read_at: null,
    });
    const delivered = await inbox.next(
      (m: ServerMessage) => m.type === "event" && m.event === "message.created",
    );
    expect(delivered).toMatchObject({ topic: `user:${kojo.id}`, payload: message });
    expect(eventsFor(`user:${abena.id}`, "message.created")).toContainEqual(message);
    await inbox.close();
  });

  it("sent again under its id (its answer lost), is the same message, written and announced once", async () => {
    const { abena, kojo } = await organization();
    const id = randomUUID();
    const body = { content: "Once only", id };
    const say = () => call(t.app, abena.cookie).post(`/api/chat/conversations/${kojo.id}`, body);
    const [first, again] = await Promise.all([say(), say()]);
    const third = await say();
    for (const answer of [first, again, third])
      expect(answer.json()).toMatchObject({ id, content: "Once only" });
    expect(contents((await conversation(kojo.cookie, abena.id)).json())).toEqual(["Once only"]);
    expect(
      published.filter((m) => m.event === "message.created" && (m.payload as DirectMessage).id === id),
    ).toHaveLength(1);
    // Someone else's message id is no one's to send under.
    const taken = await call(t.app, kojo.cookie).post(`/api/chat/conversations/${abena.id}`, {
      content: "x",
      id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(chatMessages.idTaken);
    // Nor is the sender's own id a repeat with other text: acknowledged, that text would be lost.
    const changed = await call(t.app, abena.cookie).post(`/api/chat/conversations/${kojo.id}`, {
      content: "Twice, differently",
      id,
    });
    expect(changed.statusCode).toBe(409);
    expect(contents((await conversation(kojo.cookie, abena.id)).json())).toEqual(["Once only"]);
  });

  it("must refuse empty, too long, to oneself, to outsiders, to unknown users and anonymous senders", async () => {
    const { abena, kojo } = await organization();
    const outsider = await createOrganization(t.app);
    const cases: Array<[string, string | undefined, string, unknown, number, string | undefined]> = [
      ["empty", abena.cookie, kojo.id, "   \n ", 400, chatMessages.empty],
      ["missing", abena.cookie, kojo.id, undefined, 400, chatMessages.empty],
      ["too long", abena.cookie, kojo.id, "x".repeat(CHAT_MESSAGE_MAX + 1), 400, chatMessages.tooLong],
      ["self", abena.cookie, abena.id, "Note to self", 400, chatMessages.toSelf],
      ["outsider", outsider.cookie, kojo.id, "Hello stranger", 404, chatMessages.userNotFound],
      ["to outsider", abena.cookie, outsider.id, "Hello stranger", 404, chatMessages.userNotFound],
      [
        "unknown",
        abena.cookie,
        "00000000-0000-4000-8000-000000000000",
        "Anyone?",
        404,
        chatMessages.userNotFound,
      ],
      ["anonymous", undefined, kojo.id, "Hello", 401, messages.notSignedIn],
    ];
    for (const [name, cookie, to, content, status, message] of cases) {
      const response = await call(t.app, cookie).post(
        `/api/chat/conversations/${to}`,
        content === undefined ? {} : { content },
      );
      expect([name, response.statusCode, response.json().error?.message]).toEqual([name, status, message]);
    }
    expect(
      (await call(t.app, abena.cookie).post("/api/chat/conversations/nope", { content: "x" })).statusCode,
    ).toBe(400);
    expect((await send(abena.cookie, kojo.id, "x".repeat(CHAT_MESSAGE_MAX))).statusCode).toBe(201);
    const stored = await t.database.db
      .select()
      .from(directMessages)
      .where(eq(directMessages.senderId, abena.id));
    expect(stored).toHaveLength(1);
    expect(
      await t.database.db.select().from(directMessages).where(eq(directMessages.senderId, outsider.id)),
    ).toEqual([]);
  });

  it("must refuse a recipient who turned direct messages off, in clear words", async () => {
    const { abena, kojo, organizationId } = await organization();
    await setPrivacy(kojo.cookie, { allowDirectMessages: false });
    const refused = await send(abena.cookie, kojo.id, "Hello?");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(chatMessages.notAccepting);
    const kojoContact = (await contacts(abena.cookie, organizationId)).find((c) => c.id === kojo.id);
    expect(kojoContact?.accepts_messages).toBe(false);
    // Kojo may still write to others.
    expect((await send(kojo.cookie, abena.id, "I only read")).statusCode).toBe(201);
  });

  it("must refuse when the only organization they share is suspended", async () => {
    const { abena, kojo, organizationId } = await organization();
    await t.database.db
      .update(organizations)
      .set({ status: "suspended" })
      .where(eq(organizations.id, organizationId));
    const refused = await send(abena.cookie, kojo.id, "Still there?");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.organizationSuspended);
  });

  it("strips invisible control characters and keeps line breaks", async () => {
    const { abena, kojo } = await organization();
    const sent = await send(abena.cookie, kojo.id, "line one\u0007\nline two\tend");
    expect(sent.json().content).toBe("line one\nline two\tend");
  });

  it("refuses a NUL or half a surrogate pair, as every input does", async () => {
    const { abena, kojo } = await organization();
    for (const text of ["line one\u0000", "half \ud800 pair"]) {
      const refused = await send(abena.cookie, kojo.id, text);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(messages.textNotAllowed);
    }
  });

  it("fits the longest message of the widest characters in one realtime event", async () => {
    const { abena, kojo } = await organization();
    for (const widest of ['"', "\u4e2d", "\\"]) {
      const sent = await send(abena.cookie, kojo.id, widest.repeat(CHAT_MESSAGE_MAX));
      expect(sent.statusCode).toBe(201);
      expect(eventsFor(`user:${kojo.id}`, "message.created")).toContainEqual(sent.json());
    }
  });

  it("is rate-limited like channel messages", async () => {
    const limited = await testApp({ limits: { postsPerUser: { max: 2, windowSeconds: 60 } } });
    try {
      const admin = await createOrganization(limited.app);
      const voter = await createMember(limited.app, admin.organizationId);
      const to = (n: number) =>
        call(limited.app, voter.cookie).post(`/api/chat/conversations/${admin.id}`, { content: `m${n}` });
      expect((await to(1)).statusCode).toBe(201);
      expect((await to(2)).statusCode).toBe(201);
      const third = await to(3);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/^Too many attempts\. Please try again in /);
    } finally {
      await limited.close();
    }
  });
});

describe("conversations", () => {
  it("list the two people's messages oldest first, and nobody else's", async () => {
    const { admin, abena, kojo } = await organization();
    await send(abena.cookie, kojo.id, "one");
    await send(kojo.cookie, abena.id, "two");
    await send(abena.cookie, admin.id, "to the admin");
    await send(abena.cookie, kojo.id, "three");
    const page = (await conversation(kojo.cookie, abena.id)).json();
    expect(contents(page)).toEqual(["one", "two", "three"]);
    expect(page.has_more).toBe(false);
    expect(contents((await conversation(admin.cookie, kojo.id)).json())).toEqual([]);
  });

  it("page back 50 at a time, without skipping messages sent at the same instant", async () => {
    const { abena, kojo } = await organization();
    for (let i = 1; i <= 55; i++)
      await send(i % 2 ? abena.cookie : kojo.cookie, i % 2 ? kojo.id : abena.id, `m${i}`);
    const latest = (await conversation(abena.cookie, kojo.id)).json();
    expect(latest.messages).toHaveLength(50);
    expect(latest.messages[0].content).toBe("m6");
    expect(latest.messages[49].content).toBe("m55");
    expect(latest.has_more).toBe(true);
    const earlier = (await conversation(abena.cookie, kojo.id, `?before=${latest.messages[0].id}`)).json();
    expect(contents(earlier)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(earlier.has_more).toBe(false);
    const small = (await conversation(abena.cookie, kojo.id, "?limit=2")).json();
    expect(contents(small)).toEqual(["m54", "m55"]);
    expect((await conversation(abena.cookie, kojo.id, "?limit=500")).statusCode).toBe(400);
  });

  it("must be denied to strangers; the history stays readable after one of them leaves", async () => {
    const { abena, kojo, organizationId } = await organization();
    const outsider = await createOrganization(t.app);
    const refused = await conversation(outsider.cookie, kojo.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(chatMessages.userNotFound);
    expect((await conversation(abena.cookie, abena.id)).statusCode).toBe(404);
    expect((await call(t.app).get(`/api/chat/conversations/${kojo.id}`)).statusCode).toBe(401);

    await send(abena.cookie, kojo.id, "Before you go");
    await t.database.db
      .delete(organizationMemberships)
      .where(
        and(
          eq(organizationMemberships.userId, kojo.id),
          eq(organizationMemberships.organizationId, organizationId),
        ),
      );
    expect(contents((await conversation(kojo.cookie, abena.id)).json())).toEqual(["Before you go"]);
    // But no new message: they share no organization any more.
    expect((await send(kojo.cookie, abena.id, "Bye")).statusCode).toBe(404);
  });

  it("stay listed, read-only, after the other person leaves: the history is reached from the list", async () => {
    const { abena, kojo, organizationId } = await organization();
    const zara = await createMember(t.app, organizationId, { full_name: "Zara Bello" });
    await send(abena.cookie, kojo.id, "Before you go");
    await send(kojo.cookie, abena.id, "Bye for now");
    // Zara never talked with Abena: she is not kept once she leaves.
    for (const leaving of [kojo, zara]) {
      const left = await call(t.app, leaving.cookie).post(`/api/organizations/${organizationId}/leave`);
      expect(left.statusCode).toBe(200);
    }

    const list = await contacts(abena.cookie, organizationId);
    expect(list.map((c) => [c.full_name, c.shares_organization])).toEqual([
      ["Kojo Antwi", false],
      ["Grace Admin", true],
    ]);
    expect(list[0]).toMatchObject({
      id: kojo.id,
      online: false,
      unread_count: 1,
      last_message: { content: "Bye for now", from_me: false },
    });
    expect(contents((await conversation(abena.cookie, kojo.id)).json())).toEqual([
      "Before you go",
      "Bye for now",
    ]);
    // Someone Abena only shares another organization with is that organization's contact, not a former one.
    const elsewhere = await createOrganization(t.app, { full_name: "Other Admin" });
    await call(t.app, abena.cookie).post(`/api/organizations/${elsewhere.organizationId}/join`);
    expect((await send(elsewhere.cookie, abena.id, "Welcome")).statusCode).toBe(201);
    expect((await contacts(abena.cookie, organizationId)).map((c) => c.full_name)).not.toContain(
      "Other Admin",
    );
  });

  it("stay listed when the conversation was only ever received, and read", async () => {
    const { abena, kojo, organizationId } = await organization();
    await send(kojo.cookie, abena.id, "Thanks for organizing");
    await call(t.app, abena.cookie).post(`/api/chat/conversations/${kojo.id}/read`);
    const left = await call(t.app, kojo.cookie).post(`/api/organizations/${organizationId}/leave`);
    expect(left.statusCode).toBe(200);
    const list = await contacts(abena.cookie, organizationId);
    expect(list.find((c) => c.id === kojo.id)).toMatchObject({
      shares_organization: false,
      unread_count: 0,
      last_message: { content: "Thanks for organizing", from_me: false },
    });
  });
});

describe("read marks", () => {
  it("clear the unread counts and tell the sender and the reader's other tabs", async () => {
    const { abena, kojo, organizationId } = await organization();
    await send(abena.cookie, kojo.id, "one");
    await send(abena.cookie, kojo.id, "two");
    expect(await unread(kojo.cookie, organizationId)).toBe(2);

    const read = await call(t.app, kojo.cookie).post(`/api/chat/conversations/${abena.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().marked).toBe(2);
    expect(await unread(kojo.cookie, organizationId)).toBe(0);
    expect((await contacts(kojo.cookie, organizationId)).find((c) => c.id === abena.id)?.unread_count).toBe(
      0,
    );

    const payload = { reader_id: kojo.id, sender_id: abena.id, read_at: read.json().read_at };
    expect(eventsFor(`user:${abena.id}`, "message.read")).toContainEqual(payload);
    expect(eventsFor(`user:${kojo.id}`, "message.read")).toContainEqual(payload);
    // One bus message (one NOTIFY) for both.
    expect(
      published.filter(
        (m) => m.event === "message.read" && (m.payload as typeof payload).reader_id === kojo.id,
      ),
    ).toHaveLength(1);
    const seen = (await conversation(abena.cookie, kojo.id)).json();
    expect(seen.messages.every((m: DirectMessage) => m.read_at === payload.read_at)).toBe(true);

    // Nothing new to read: no event.
    const before = published.length;
    expect(
      (await call(t.app, kojo.cookie).post(`/api/chat/conversations/${abena.id}/read`)).json().marked,
    ).toBe(0);
    expect(published.length).toBe(before);
  });

  it("stay private when the reader does not show read receipts", async () => {
    const { abena, kojo } = await organization();
    await setPrivacy(kojo.cookie, { showReadReceipts: false });
    await send(abena.cookie, kojo.id, "Did you see this?");
    await call(t.app, kojo.cookie).post(`/api/chat/conversations/${abena.id}/read`);
    expect(eventsFor(`user:${abena.id}`, "message.read")).toEqual([]);
    expect(eventsFor(`user:${kojo.id}`, "message.read")).toHaveLength(1);
    // The sender never learns it was read; the reader sees their own read mark.
    expect((await conversation(abena.cookie, kojo.id)).json().messages[0].read_at).toBeNull();
    expect((await conversation(kojo.cookie, abena.id)).json().messages[0].read_at).not.toBeNull();
  });

  it("must be denied to strangers and anonymous callers", async () => {
    const { kojo } = await organization();
    const outsider = await createOrganization(t.app);
    expect(
      (await call(t.app, outsider.cookie).post(`/api/chat/conversations/${kojo.id}/read`)).statusCode,
    ).toBe(404);
    expect((await call(t.app).post(`/api/chat/conversations/${kojo.id}/read`)).statusCode).toBe(401);
    expect((await call(t.app).get("/api/chat/unread")).statusCode).toBe(401);
  });
});
