import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { buildApp } from "../app";
import type { Database } from "../db/connect";
import { uploads } from "../db/schema";
import { ORPHAN_GRACE_MS, sweepUploads } from "../features/uploads/sweeper";
import { ManualClock } from "../lib/clock";
import { generousLimits, testConfig } from "../test/config";
import { createMember, createOrganization } from "../test/factories";
import { call } from "../test/http";
import { multipart } from "../test/multipart";
import { startS3 } from "../test/s3";
import { testDatabase } from "../test/support";
import { S3Storage } from "./s3";

/**
 * STORAGE=s3 against a real S3-protocol server (s3rver, started here): two app instances on one
 * database and one bucket, each with a data folder of its own, stand for two processes.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let database: Database;
let storage: S3Storage;
let bucket: S3Client;
const clock = new ManualClock(new Date());
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  s3 = await startS3();
  storage = new S3Storage(s3.config);
  bucket = new S3Client({
    region: s3.config.region,
    endpoint: s3.config.endpoint,
    forcePathStyle: true,
    credentials: s3.config.credentials,
  });
  database = await testDatabase();
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({
      config: testConfig({ storage: s3.config }),
      database,
      clock,
      logger: false,
      limits: generousLimits,
    });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  storage?.close();
  bucket?.destroy();
  await database?.close();
  await s3?.stop();
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function channelWithMember(app: FastifyInstance) {
  const admin = await createOrganization(app);
  const member = await createMember(app, admin.organizationId);
  const channel = (
    await call(app, admin.cookie).post("/api/channels", { name: `files-${Date.now() % 1e6}`, type: "text" })
  ).json().channel;
  return { admin, member, channel };
}

function attach(app: FastifyInstance, cookie: string, channelId: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipart(filename, bytes);
  return app.inject({
    method: "POST",
    url: `/api/channels/${channelId}/attachments`,
    payload,
    headers: { ...headers, cookie },
  });
}

const uploadsFolder = (app: FastifyInstance) => path.join(app.context.config.dataDir, "uploads");

describe("S3-compatible storage (s3rver)", () => {
  it("stores a stream in parts, reads it back whole, lists and removes it", async () => {
    // 12 MiB from a generator: three parts of a multipart upload, never one buffer.
    const part = Buffer.alloc(1024 * 1024, 7);
    async function* chunks() {
      for (let i = 0; i < 12; i++) yield part;
    }
    await storage.write("big-one", Readable.from(chunks()), "application/octet-stream");
    expect(await storage.exists("big-one")).toBe(true);
    const back = await storage.read("big-one");
    const bytes = await buffer(back as Readable);
    expect(bytes.length).toBe(12 * 1024 * 1024);
    expect(bytes.every((byte) => byte === 7)).toBe(true);
    const keys: string[] = [];
    for await (const file of storage.list()) keys.push(file.key);
    expect(keys).toContain("big-one");

    await storage.remove(["big-one", "never-stored"]);
    expect(await storage.exists("big-one")).toBe(false);
    expect(await storage.read("big-one")).toBeNull();
  });

  it("a write whose body fails stores nothing", async () => {
    async function* broken() {
      yield Buffer.from("the start of a file");
      throw new Error("the client went away");
    }
    await expect(storage.write("half", Readable.from(broken()), "text/plain")).rejects.toThrow();
    expect(await storage.exists("half")).toBe(false);
  });

  it("a file uploaded through one process downloads through another, with its type, and goes with its message", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { admin, member, channel } = await channelWithMember(first);
    const uploaded = await attach(first, member.cookie, channel.id, "dot.png", PNG);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json();
    // In the bucket with its type, in neither process's data folder.
    const head = await bucket.send(
      new HeadObjectCommand({ Bucket: s3.config.bucket, Key: `uploads/${file.id}` }),
    );
    expect(head.ContentType).toBe("image/png");
    expect(existsSync(uploadsFolder(first))).toBe(false);
    expect(existsSync(uploadsFolder(second))).toBe(false);

    const download = await call(second, admin.cookie).get(file.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.rawPayload.equals(PNG)).toBe(true);

    const text = Buffer.from("minutes of the meeting\n");
    const notes = (await attach(second, member.cookie, channel.id, "minutes.txt", text)).json();
    const notesDownload = await call(first, member.cookie).get(notes.url);
    expect(notesDownload.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(notesDownload.headers["content-disposition"]).toContain("attachment");
    expect(notesDownload.body).toBe(text.toString());

    const post = await call(first, member.cookie).post(`/api/channels/${channel.id}/posts`, {
      content: "",
      attachment_id: file.id,
    });
    expect(post.statusCode).toBe(201);
    expect((await call(second, member.cookie).delete(`/api/posts/${post.json().id}`)).statusCode).toBe(200);
    expect(await storage.exists(file.id)).toBe(false);
    expect((await call(first, admin.cookie).get(file.url)).statusCode).toBe(404);
  });

  it("a logo is stored in the bucket and served publicly by every process", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const admin = await createOrganization(first);
    const { payload, headers } = multipart("logo.png", PNG);
    const answer = await first.inject({
      method: "POST",
      url: `/api/organizations/${admin.organizationId}/logo`,
      payload,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(answer.statusCode).toBe(200);
    const logo = await second.inject({ method: "GET", url: answer.json().logo_url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.rawPayload.equals(PNG)).toBe(true);
  });

  it("a candidate's photo is stored in the bucket, not the data folder, and served to members by every process", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const admin = await createOrganization(first);
    const member = await createMember(first, admin.organizationId);
    const { payload, headers } = multipart("ada.png", PNG);
    const answer = await first.inject({
      method: "POST",
      url: `/api/organizations/${admin.organizationId}/candidate-photos`,
      payload,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(answer.statusCode).toBe(200);
    const url = answer.json().url as string;
    const id = url.split("/").pop() as string;
    await bucket.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: `uploads/${id}` }));
    expect(existsSync(path.join(uploadsFolder(first), id))).toBe(false);
    const photo = await call(second, member.cookie).get(url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.rawPayload.equals(PNG)).toBe(true);
  });

  it("a refused file leaves nothing in the bucket", async () => {
    const [first] = apps as [FastifyInstance];
    const { member, channel } = await channelWithMember(first);
    const before: string[] = [];
    for await (const file of storage.list()) before.push(file.key);
    const refused = await attach(
      first,
      member.cookie,
      channel.id,
      "tool.exe",
      Buffer.from("MZ\x90\x00binary"),
    );
    expect(refused.statusCode).toBe(400);
    const after: string[] = [];
    for await (const file of storage.list()) after.push(file.key);
    expect(after.sort()).toEqual(before.sort());
  });

  it("the sweeper deletes unsent attachments and files without a row from the bucket", async () => {
    const [first] = apps as [FastifyInstance];
    const { member, channel } = await channelWithMember(first);
    const orphan = (await attach(first, member.cookie, channel.id, "dot.png", PNG)).json();
    const stray = "00000000-0000-4000-8000-000000000000";
    await storage.write(stray, Readable.from([PNG]), "image/png");
    expect(await storage.exists(orphan.id)).toBe(true);

    // The bucket's own clock dates the stray: the sweep's cutoff is moved past it instead.
    clock.advance(ORPHAN_GRACE_MS + 60_000);
    const swept = await sweepUploads(first.context);
    expect(swept.orphans).toBeGreaterThanOrEqual(1);
    expect(swept.strays).toBeGreaterThanOrEqual(1);
    expect(await storage.exists(orphan.id)).toBe(false);
    expect(await storage.exists(stray)).toBe(false);
  });

  it("an unreachable bucket answers 503 (as an unreachable database does) and records nothing", async () => {
    const nowhere = await buildApp({
      // A closed port: nothing listens there.
      config: testConfig({ storage: { ...s3.config, endpoint: "http://127.0.0.1:9" } }),
      database,
      clock,
      logger: false,
      limits: generousLimits,
    });
    try {
      const { member, channel } = await channelWithMember(nowhere);
      const answer = await attach(nowhere, member.cookie, channel.id, "dot.png", PNG);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toBe(messages.serviceUnavailable);
      const mine = await database.db.select().from(uploads).where(eq(uploads.channelId, channel.id));
      expect(mine).toEqual([]);
    } finally {
      await nowhere.close();
    }
  });
});
