import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { type SearchHit, searchMessages } from "../../../contract/search";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { excerpt } from "./excerpt";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function world() {
  const admin = await createOrganization(t.app);
  const ama = await createMember(t.app, admin.organizationId, { full_name: "Ama Owusu" });
  const kofi = await createMember(t.app, admin.organizationId, { full_name: "Kofi Mensah" });
  const channel = async (name: string, is_private = false) =>
    (await call(t.app, admin.cookie).post("/api/channels", { name, type: "text", is_private })).json()
      .channel;
  return { admin, ama, kofi, lobby: await channel("lobby"), board: await channel("board", true) };
}

const post = async (cookie: string, channelId: string, body: Record<string, unknown>) =>
  (await call(t.app, cookie).post(`/api/channels/${channelId}/posts`, body)).json();

const search = (cookie: string, organizationId: string, q: string, extra = "") =>
  call(t.app, cookie).get(`/api/organizations/${organizationId}/search?q=${encodeURIComponent(q)}${extra}`);

const found = async (cookie: string, organizationId: string, q: string): Promise<SearchHit[]> => {
  const response = await search(cookie, organizationId, q);
  expect(response.statusCode).toBe(200);
  return response.json().hits;
};

const matched = (hit: SearchHit) => hit.excerpt.filter((part) => part.match).map((part) => part.text);

describe("organization search", () => {
  it("finds words by their start, without regard to case or accents, and marks them", async () => {
    const w = await world();
    const sent = await post(w.ama.cookie, w.lobby.id, { content: "The Élection opens tomorrow" });
    for (const q of ["elec", "ELECTION", "élect", "opens tomor"]) {
      const hits = await found(w.kofi.cookie, w.admin.organizationId, q);
      expect(hits.map((hit) => hit.id)).toEqual([sent.id]);
    }
    const [hit] = await found(w.kofi.cookie, w.admin.organizationId, "elec");
    expect(hit).toMatchObject({
      kind: "message",
      post_id: sent.id,
      channel: { id: w.lobby.id, name: "lobby" },
      author: { id: w.ama.id, full_name: "Ama Owusu" },
      partner: null,
    });
    expect(hit && matched(hit)).toEqual(["Élection"]);
    expect(await found(w.kofi.cookie, w.admin.organizationId, "lection")).toEqual([]);
  });

  it("finds words in quotes one right after the other, and other words anywhere", async () => {
    const w = await world();
    const menu = await post(w.ama.cookie, w.lobby.id, { content: "Please check the Café menu" });
    await post(w.ama.cookie, w.lobby.id, { content: "The menu of the café, check it" });
    for (const q of ['"cafe menu"', "\u201ccafé men\u201d", '"cafe menu" check']) {
      expect((await found(w.kofi.cookie, w.admin.organizationId, q)).map((hit) => hit.id)).toEqual([menu.id]);
    }
    expect(await found(w.kofi.cookie, w.admin.organizationId, '"menu cafe"')).toEqual([]);
    expect(await found(w.kofi.cookie, w.admin.organizationId, "menu cafe")).toHaveLength(2);
  });

  it("finds comments under messages, labelled with their message and channel", async () => {
    const w = await world();
    const sent = await post(w.ama.cookie, w.lobby.id, { content: "Agenda" });
    const comment = (
      await call(t.app, w.kofi.cookie).post(`/api/posts/${sent.id}/comments`, { content: "Quorum reached" })
    ).json().comment;
    const hits = await found(w.ama.cookie, w.admin.organizationId, "quor");
    expect(hits).toMatchObject([
      {
        kind: "comment",
        id: comment.id,
        post_id: sent.id,
        channel: { name: "lobby" },
        author: { id: w.kofi.id },
      },
    ]);
  });

  it("shows members the messages of private channels (read-only to them) and outsiders nothing", async () => {
    const w = await world();
    const sent = await post(w.admin.cookie, w.board.id, { content: "Treasurer report" });
    expect((await found(w.ama.cookie, w.admin.organizationId, "treas")).map((hit) => hit.id)).toEqual([
      sent.id,
    ]);

    const other = await createOrganization(t.app);
    const outsider = await createMember(t.app, other.organizationId);
    await post(
      other.cookie,
      (await call(t.app, other.cookie).post("/api/channels", { name: "x", type: "text" })).json().channel.id,
      {
        content: "Treasury elsewhere",
      },
    );
    const refused = await search(outsider.cookie, w.admin.organizationId, "treas");
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(messages.organizationNotFound);
    // Their own organization's search never reaches into another organization.
    expect(
      (await found(outsider.cookie, other.organizationId, "treas")).map((hit) => hit.channel?.name),
    ).toEqual(["x"]);
    expect(await found(w.ama.cookie, w.admin.organizationId, "treasury")).toEqual([]);
  });

  it("finds one's own direct messages with the organization's members, never other people's", async () => {
    const w = await world();
    const dm = (
      await call(t.app, w.ama.cookie).post(`/api/chat/conversations/${w.kofi.id}`, {
        content: "Ballot papers ready?",
      })
    ).json();
    for (const who of [w.ama, w.kofi]) {
      const hits = await found(who.cookie, w.admin.organizationId, "ballot");
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatchObject({ kind: "direct", id: dm.id, channel: null, author: { id: w.ama.id } });
    }
    expect((await found(w.ama.cookie, w.admin.organizationId, "ballot"))[0]?.partner?.id).toBe(w.kofi.id);
    expect((await found(w.kofi.cookie, w.admin.organizationId, "ballot"))[0]?.partner?.id).toBe(w.ama.id);
    expect(await found(w.admin.cookie, w.admin.organizationId, "ballot")).toEqual([]);
  });

  it("finds attachments by their file name, in parts ('budget-2026.pdf' by 'budg' and '2026')", async () => {
    const w = await world();
    const file = (await upload(w.ama.cookie, w.lobby.id, "Budget-2026.pdf")).json();
    const sent = await post(w.ama.cookie, w.lobby.id, { attachment_id: file.id });
    for (const q of ["budg", "2026", "budget pdf"]) {
      const hits = await found(w.kofi.cookie, w.admin.organizationId, q);
      expect(hits.map((hit) => hit.id)).toEqual([sent.id]);
      expect(hits[0]?.file_name?.some((part) => part.match)).toBe(true);
    }
  });

  it("no longer finds a deleted message, nor its comments", async () => {
    const w = await world();
    const sent = await post(w.ama.cookie, w.lobby.id, { content: "Withdrawn motion" });
    await call(t.app, w.kofi.cookie).post(`/api/posts/${sent.id}/comments`, { content: "Withdrawn indeed" });
    expect(await found(w.kofi.cookie, w.admin.organizationId, "withdr")).toHaveLength(2);
    expect((await call(t.app, w.ama.cookie).delete(`/api/posts/${sent.id}`)).statusCode).toBeLessThan(300);
    expect(await found(w.kofi.cookie, w.admin.organizationId, "withdr")).toEqual([]);
  });

  it("pages newest first with a cursor", async () => {
    const w = await world();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      t.clock.advance(1000);
      ids.push((await post(w.ama.cookie, w.lobby.id, { content: `Minutes ${n}` })).id);
    }
    const first = (await search(w.kofi.cookie, w.admin.organizationId, "minutes", "&limit=2")).json();
    expect(first.hits.map((hit: SearchHit) => hit.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const next = (
      await search(
        w.kofi.cookie,
        w.admin.organizationId,
        "minutes",
        `&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`,
      )
    ).json();
    expect(next).toEqual({ hits: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
  });

  it("refuses searches too short, too long, without words, or with a broken cursor, in plain words", async () => {
    const w = await world();
    const cases: Array<[string, string, string]> = [
      ["e", "", searchMessages.tooShort],
      [" e ", "", searchMessages.tooShort],
      ["x".repeat(101), "", searchMessages.tooLong],
      ["!?", "", searchMessages.noWords],
      ["vote", "&cursor=abc", searchMessages.badCursor],
    ];
    for (const [q, extra, message] of cases) {
      const response = await search(w.ama.cookie, w.admin.organizationId, q, extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it("is rate limited per user", async () => {
    const limited = await testApp({ limits: { searchPerUser: { max: 2, windowSeconds: 60 } } });
    try {
      const admin = await createOrganization(limited.app);
      const go = () =>
        call(limited.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/search?q=vote`);
      expect((await go()).statusCode).toBe(200);
      expect((await go()).statusCode).toBe(200);
      expect((await go()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("excerpt", () => {
  it("keeps markup as plain text and cuts long messages around the first match", () => {
    expect(excerpt("<b>elect</b> me", ["elect"])).toEqual([
      { text: "<b>", match: false },
      { text: "elect", match: true },
      { text: "</b> me", match: false },
    ]);
    const long = `${"word ".repeat(60)}election ${"tail ".repeat(60)}`;
    const parts = excerpt(long, ["elec"]);
    expect(parts[0]?.text).toBe("…");
    expect(parts.at(-1)?.text).toBe("…");
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual(["election"]);
    expect(parts.map((part) => part.text).join("").length).toBeLessThanOrEqual(185);
  });
});

function upload(cookie: string, channelId: string, filename: string) {
  const boundary = "----votespace-search";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from("%PDF-1.4\n%test\n"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/channels/${channelId}/attachments`,
    payload,
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}
