import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, deliveredCodes, loadConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "votespace-config-"));

describe("configuration", () => {
  it("has working defaults for the embedded setup", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true, trustProxy: false });
    // The generated secret is kept in the data folder, readable by its owner only, and reused.
    const file = path.join(dir, "secret.key");
    expect(readFileSync(file, "utf8").trim()).toBe(config.secretKey);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
  });

  it("says clearly which variable is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
  });

  it("requires a shared SECRET_KEY with a PostgreSQL server and turns demo data off there", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://localhost/x" })).toThrow(/SECRET_KEY/);
    const config = loadConfig({ DATABASE_URL: "postgres://localhost/x", SECRET_KEY: "k".repeat(40) });
    expect(config.demo).toBe(false);
  });

  it("shares rate limits on messages through Redis only when REDIS_URL names one", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redisUrl).toBeUndefined();
    for (const url of ["redis://127.0.0.1:6379", "rediss://:secret@cache.example.org:6380/2"])
      expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: url }).redisUrl).toBe(url);
    for (const url of ["127.0.0.1:6379", "http://cache", "redis://host/db"]) {
      const failure = (() => {
        try {
          loadConfig({ DATA_DIR: dataDir(), REDIS_URL: url });
        } catch (error) {
          return String(error);
        }
      })();
      expect(failure).toMatch(/REDIS_URL: must be a URL such as redis:/);
    }
  });

  it("keeps files in the data folder unless STORAGE=s3 names a bucket", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ kind: "folder" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE: "s3" })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "files" })).toThrow(/STORAGE=s3/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), STORAGE: "s3", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "key" }),
    ).toThrow(/set both, or neither/);
    // AWS itself: virtual-hosted style, the SDK's own credentials.
    expect(
      loadConfig({ DATA_DIR: dataDir(), STORAGE: "s3", S3_BUCKET: "files", S3_REGION: "eu-west-1" }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "files",
      region: "eu-west-1",
      forcePathStyle: false,
    });
    // A server of one's own (MinIO, Ceph RGW): path style unless told otherwise.
    const own = {
      DATA_DIR: dataDir(),
      STORAGE: "s3",
      S3_BUCKET: "files",
      S3_ENDPOINT: "http://minio.internal:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig(own).storage).toEqual({
      kind: "s3",
      bucket: "files",
      region: "us-east-1",
      endpoint: "http://minio.internal:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    expect(loadConfig({ ...own, S3_FORCE_PATH_STYLE: "off" }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it("keeps messages in the developer outbox unless a transport is configured, each complete", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).delivery).toEqual({
      email: { kind: "outbox" },
      sms: { kind: "outbox" },
    });
    const smtp = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_HOST: "smtp.example.org",
      SMTP_SECURITY: "tls",
      SMTP_USER: "votes",
      SMTP_PASSWORD: "pw",
      MAIL_FROM: "Votespace <vote@example.org>",
    }).delivery.email;
    expect(smtp).toEqual({
      kind: "smtp",
      host: "smtp.example.org",
      port: 465,
      security: "tls",
      user: "votes",
      password: "pw",
      from: "Votespace <vote@example.org>",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_HOST: "smtp.example.org" })).toThrow(/MAIL_FROM/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SMTP_HOST: "h", MAIL_FROM: "a@b.c", SMTP_USER: "u" }),
    ).toThrow(/SMTP_USER and SMTP_PASSWORD/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: "twilio" })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: "webhook" })).toThrow(/SMS_WEBHOOK_URL/);
    const twilio = loadConfig({
      DATA_DIR: dataDir(),
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15551234567",
    }).delivery.sms;
    expect(twilio).toMatchObject({ kind: "twilio", apiUrl: "https://api.twilio.com", from: "+15551234567" });
  });

  it("warns a server that faces the network and has no mail server or SMS provider, not a demo server", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://localhost/x", SECRET_KEY: "k".repeat(40) });
    expect(config.warnings?.join("\n")).toMatch(/SMTP_HOST is not set/);
    expect(config.warnings?.join("\n")).toMatch(/SMS_PROVIDER is not set: .* not offered Phone verification/);
    expect(loadConfig({ DATA_DIR: dataDir() }).warnings?.join("\n") ?? "").not.toMatch(/is not set/);
  });

  it("offers codes by a way that reaches voters: a provider, SMS_PROVIDER=outbox, or a demo server; not none", () => {
    const facing = { DATABASE_URL: "postgres://localhost/x", SECRET_KEY: "k".repeat(40) };
    expect(loadConfig(facing).delivery).toEqual({ email: { kind: "none" }, sms: { kind: "none" } });
    expect(deliveredCodes(loadConfig(facing))).toEqual({ email: false, phone: false });
    const kept = loadConfig({ ...facing, SMS_PROVIDER: "outbox" });
    expect(deliveredCodes(kept).phone).toBe(true);
    expect(kept.warnings?.join("\n") ?? "").not.toMatch(/SMS_PROVIDER/);
    const mailed = loadConfig({ ...facing, SMTP_HOST: "smtp.example.org", MAIL_FROM: "vote@example.org" });
    expect(deliveredCodes(mailed).email).toBe(true);
    expect(deliveredCodes(loadConfig({ DATA_DIR: dataDir() }))).toEqual({ email: true, phone: true });
  });
});
