import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { MAX_UNSENT_ATTACHMENTS, postMessages } from "../../../contract/posts";
import { uploads } from "../../db/schema";
import { createMember, createOrganization, signIn } from "../../test/factories";
import { call } from "../../test/http";
import { multipart, TINY_PNG } from "../../test/multipart";
import { type TestApp, testApp } from "../../test/support";
import { ORPHAN_GRACE_MS, sweepUploads } from "./sweeper";

const UPLOADS_PER_WINDOW = 15;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    ownDatabase: true,
    limits: { uploadsPerUser: { max: UPLOADS_PER_WINDOW, windowSeconds: 600 } },
  });
});
afterAll(() => t.close());

async function channelWithMember() {
  const admin = await createOrganization(t.app);
  const member = await createMember(t.app, admin.organizationId);
  const channel = (
    await call(t.app, admin.cookie).post("/api/channels", { name: `files-${Date.now() % 1e6}`, type: "text" })
  ).json().channel;
  return { admin, member, channel };
}

const upload = (
  cookie: string,
  channelId: string,
  text: string | Buffer = "notes for the meeting\n",
  filename = "notes.txt",
) => {
  const { payload, headers } = multipart(filename, Buffer.from(text), "text/plain");
  return t.app.inject({
    method: "POST",
    url: `/api/channels/${channelId}/attachments`,
    payload,
    headers: { ...headers, cookie },
  });
};

const send = (cookie: string, channelId: string, attachmentId: string) =>
  call(t.app, cookie).post(`/api/channels/${channelId}/posts`, { content: "", attachment_id: attachmentId });

const stored = (id: string) => t.app.context.storage.exists(id);

describe("attachment names", () => {
  it("keep their extension when a long name is shortened, and the file is accepted", async () => {
    const { member, channel } = await channelWithMember();
    const long = `${"a".repeat(300)}.txt`;
    const response = await upload(member.cookie, channel.id, "minutes\n", long);
    expect(response.statusCode).toBe(201);
    expect(response.json().filename).toBe(`${"a".repeat(196)}.txt`);
  });

  it("refuse an empty file for what it is", async () => {
    const { member, channel } = await channelWithMember();
    const response = await upload(member.cookie, channel.id, "");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.fileEmpty);
  });

  it("of an image are of its type whatever it was called: a PNG sent as invoice.html is kept as invoice.png", async () => {
    const { member, channel } = await channelWithMember();
    const disguised = Buffer.concat([TINY_PNG, Buffer.from("<script>alert(1)</script>")]);
    const response = await upload(member.cookie, channel.id, disguised, "invoice.html");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ filename: "invoice.png", content_type: "image/png" });
    const served = await call(t.app, member.cookie).get(response.json().url);
    expect(served.headers["content-disposition"]).toBe("inline; filename*=UTF-8''invoice.png");
    // An image named for its type keeps its name, in any case.
    expect((await upload(member.cookie, channel.id, TINY_PNG, "photo.PNG")).json().filename).toBe(
      "photo.PNG",
    );
  });
});

describe("attachment uploads", () => {
  it("are throttled per user", async () => {
    const { admin, member, channel } = await channelWithMember();
    let refused = 0;
    for (let i = 0; i < UPLOADS_PER_WINDOW + 3; i++) {
      const answer = await upload(member.cookie, channel.id);
      if (answer.statusCode === 201) {
        // Sent at once, so the cap on unsent files is not what stops them.
        expect((await send(member.cookie, channel.id, answer.json().id)).statusCode).toBe(201);
      } else {
        expect(answer.statusCode).toBe(429);
        expect(answer.headers["retry-after"]).toBeTruthy();
        refused++;
      }
    }
    expect(refused).toBe(3);
    // Another user is not held back by this one.
    expect((await upload(admin.cookie, channel.id)).statusCode).toBe(201);
  });

  it("cap the files a user holds without sending them", async () => {
    const { member, channel } = await channelWithMember();
    const ids: string[] = [];
    for (let i = 0; i < MAX_UNSENT_ATTACHMENTS; i++) {
      const answer = await upload(member.cookie, channel.id);
      expect(answer.statusCode).toBe(201);
      ids.push(answer.json().id);
    }
    const over = await upload(member.cookie, channel.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(postMessages.tooManyUnsent);
    expect((await send(member.cookie, channel.id, ids[0] as string)).statusCode).toBe(201);
    expect((await upload(member.cookie, channel.id)).statusCode).toBe(201);
  });

  it("never attached are deleted, row and file, after the grace period", async () => {
    const { member, channel } = await channelWithMember();
    const orphan = (await upload(member.cookie, channel.id)).json();
    const sent = (await upload(member.cookie, channel.id)).json();
    expect((await send(member.cookie, channel.id, sent.id)).statusCode).toBe(201);
    expect(await stored(orphan.id)).toBe(true);

    t.clock.advance(ORPHAN_GRACE_MS - 60_000);
    await sweepUploads(t.app.context);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, orphan.id))).toHaveLength(1);
    expect(await stored(orphan.id)).toBe(true);

    t.clock.advance(2 * 60_000);
    const swept = await sweepUploads(t.app.context);
    expect(swept.orphans).toBeGreaterThanOrEqual(1);
    const again = await signIn(t.app, member.input.email, member.input.password);
    expect((await call(t.app, again).get(orphan.url)).statusCode).toBe(404);
    expect(await stored(orphan.id)).toBe(false);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, orphan.id))).toEqual([]);
    // The one in a message stays.
    expect((await call(t.app, again).get(sent.url)).statusCode).toBe(200);
    expect(await stored(sent.id)).toBe(true);
  });
});

describe("the sweeper's later passes", () => {
  it("look only at what passed its grace since the last pass; the first pass of a process looks at all", async () => {
    const { member, channel } = await channelWithMember();
    const exists = async (id: string) =>
      (await t.database.db.select().from(uploads).where(eq(uploads.id, id))).length === 1;
    const early = (await upload(member.cookie, channel.id)).json();
    t.clock.advance(ORPHAN_GRACE_MS + 60 * 60_000);
    const lastPass = t.clock.now();
    // Signed in again: the first session went idle meanwhile.
    const again = await signIn(t.app, member.input.email, member.input.password);
    const late = (await upload(again, channel.id)).json();
    t.clock.advance(ORPHAN_GRACE_MS + 60_000);
    // The early one passed its grace before the last pass (which, say, failed to delete it): not looked at.
    const later = await sweepUploads(t.app.context, { lastPass, strays: false });
    expect(later).toEqual({ orphans: 1, strays: 0 });
    expect(await exists(late.id)).toBe(false);
    expect(await exists(early.id)).toBe(true);
    expect(await stored(late.id)).toBe(false);
    // A process's first pass looks at every upload.
    expect((await sweepUploads(t.app.context)).orphans).toBeGreaterThanOrEqual(1);
    expect(await exists(early.id)).toBe(false);
  });
});

describe("deleting a message", () => {
  it("deletes its file: the row and the stored bytes, and the link answers 404", async () => {
    const { admin, member, channel } = await channelWithMember();
    const file = (await upload(member.cookie, channel.id)).json();
    const post = (await send(member.cookie, channel.id, file.id)).json();
    expect((await call(t.app, admin.cookie).get(file.url)).statusCode).toBe(200);

    expect((await call(t.app, member.cookie).delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await call(t.app, admin.cookie).get(file.url)).statusCode).toBe(404);
    expect((await call(t.app, member.cookie).get(file.url)).statusCode).toBe(404);
    expect(await stored(file.id)).toBe(false);
  });

  it("keeps a file that a forwarded copy still shows", async () => {
    const { admin, member, channel } = await channelWithMember();
    const other = (
      await call(t.app, admin.cookie).post("/api/channels", {
        name: `copies-${Date.now() % 1e6}`,
        type: "text",
      })
    ).json().channel;
    const file = (await upload(member.cookie, channel.id)).json();
    const post = (await send(member.cookie, channel.id, file.id)).json();
    const copy = await call(t.app, member.cookie).post(`/api/posts/${post.id}/forward`, {
      channel_id: other.id,
    });
    expect(copy.statusCode).toBe(201);
    expect((await call(t.app, member.cookie).delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await call(t.app, member.cookie).get(file.url)).statusCode).toBe(200);
    expect(await stored(file.id)).toBe(true);
  });

  it("deleting a channel deletes its files, and a forwarded copy's file no other message shows", async () => {
    const { admin, member, channel } = await channelWithMember();
    const newChannel = async (name: string) =>
      (
        await call(t.app, admin.cookie).post("/api/channels", {
          name: `${name}-${Date.now() % 1e6}`,
          type: "text",
        })
      ).json().channel;
    const copies = await newChannel("copies");
    const file = (await upload(member.cookie, channel.id)).json();
    const post = (await send(member.cookie, channel.id, file.id)).json();
    await call(t.app, member.cookie).post(`/api/posts/${post.id}/forward`, { channel_id: copies.id });
    expect((await call(t.app, member.cookie).delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    const own = (await upload(member.cookie, copies.id)).json();
    expect((await send(member.cookie, copies.id, own.id)).statusCode).toBe(201);
    expect(await stored(file.id)).toBe(true);

    expect((await call(t.app, admin.cookie).delete(`/api/channels/${copies.id}`)).statusCode).toBe(200);
    for (const gone of [file, own]) {
      expect((await call(t.app, member.cookie).get(gone.url)).statusCode).toBe(404);
      expect(await stored(gone.id)).toBe(false);
    }
  });

  it("removed through a report deletes its file too", async () => {
    const { admin, member, channel } = await channelWithMember();
    const file = (await upload(member.cookie, channel.id)).json();
    const post = (await send(member.cookie, channel.id, file.id)).json();
    const reported = await call(t.app, admin.cookie).post(`/api/posts/${post.id}/report`, { reason: "spam" });
    expect(reported.statusCode).toBe(201);
    const reports = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/reports`)
    ).json();
    const report = reports.reports.find((r: { post: { id: string } }) => r.post.id === post.id);
    expect((await call(t.app, admin.cookie).post(`/api/reports/${report.id}/remove`)).statusCode).toBe(200);
    expect((await call(t.app, admin.cookie).get(file.url)).statusCode).toBe(404);
    expect(await stored(file.id)).toBe(false);
  });
});
