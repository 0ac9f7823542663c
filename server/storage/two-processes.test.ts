import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMember, createOrganization } from "../test/factories";
import { startS3 } from "../test/s3";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import { type TestApp, testApp } from "../test/support";
import { S3Storage } from "./s3";

/**
 * Two real server processes (server/main.ts) on the run's PostgreSQL database and one bucket of a
 * real S3-protocol server (s3rver): a file uploaded through one downloads through the other. The
 * embedded database allows one process only, so this runs on PostgreSQL alone.
 */
describe.skipIf(process.env.TEST_DB !== "postgres")("two server processes on one bucket", () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let storage: S3Storage;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    // Accounts are made in this process (generous rate limits); their sessions live in the database.
    t = await testApp();
    s3 = await startS3();
    storage = new S3Storage(s3.config);
    const env = {
      STORAGE: "s3",
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ENDPOINT: s3.config.endpoint ?? "",
      S3_ACCESS_KEY_ID: s3.config.credentials?.accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: s3.config.credentials?.secretAccessKey ?? "",
    };
    [a, b] = await Promise.all([
      startServerProcess(inject("postgresUrl"), env),
      startServerProcess(inject("postgresUrl"), env),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    storage?.close();
    await s3?.stop();
    await t?.close();
  });

  it("uploads through A, downloads through B with its type, and deletes with the message", {
    timeout: 30_000,
  }, async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const as = (cookie: string) => ({ cookie });
    const channel = await (
      await fetch(`${a.baseUrl}/api/channels`, {
        method: "POST",
        headers: { ...as(admin.cookie), "content-type": "application/json" },
        body: JSON.stringify({ organization_id: admin.organizationId, name: "files", type: "text" }),
      })
    ).json();
    const text = "the agenda of the general assembly\n";
    const form = new FormData();
    form.append("file", new Blob([text], { type: "text/plain" }), "agenda.txt");
    const uploaded = await fetch(`${a.baseUrl}/api/channels/${channel.channel.id}/attachments`, {
      method: "POST",
      headers: as(member.cookie),
      body: form,
    });
    expect(uploaded.status, a.output()).toBe(201);
    const file = (await uploaded.json()) as { id: string; url: string };
    expect(await storage.exists(file.id)).toBe(true);

    const download = await fetch(`${b.baseUrl}${file.url}`, { headers: as(admin.cookie) });
    expect(download.status, b.output()).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await download.text()).toBe(text);

    const post = await fetch(`${a.baseUrl}/api/channels/${channel.channel.id}/posts`, {
      method: "POST",
      headers: { ...as(member.cookie), "content-type": "application/json" },
      body: JSON.stringify({ content: "", attachment_id: file.id }),
    });
    expect(post.status).toBe(201);
    const { id: postId } = (await post.json()) as { id: string };
    const deleted = await fetch(`${b.baseUrl}/api/posts/${postId}`, {
      method: "DELETE",
      headers: as(member.cookie),
    });
    expect(deleted.status).toBe(200);
    expect(await storage.exists(file.id)).toBe(false);
    expect((await fetch(`${a.baseUrl}${file.url}`, { headers: as(admin.cookie) })).status).toBe(404);
  });
});
