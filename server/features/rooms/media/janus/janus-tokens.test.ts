import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { participantToken, signJanusToken, VIDEOROOM_PLUGIN, verifyJanusToken } from "./tokens";

const secret = "token-secret-0123456789abcdef0123456789";
const now = new Date("2026-03-01T12:00:00Z");

describe("Janus signed tokens", () => {
  it("have Janus's shape: expiry,janus,plugin:base64 HMAC-SHA1 of what precedes the colon", () => {
    const token = signJanusToken(secret, new Date(now.getTime() + 60_000), [VIDEOROOM_PLUGIN]);
    const expiry = Math.floor(now.getTime() / 1000) + 60;
    const data = `${expiry},janus,janus.plugin.videoroom`;
    expect(token).toBe(`${data}:${createHmac("sha1", secret).update(data).digest("base64")}`);
  });

  it("verify until they expire, and not after", () => {
    const token = participantToken(secret, new Date(now.getTime() + 10 * 60_000));
    expect(verifyJanusToken(secret, token, now)?.descriptors).toEqual([VIDEOROOM_PLUGIN]);
    expect(verifyJanusToken(secret, token, new Date(now.getTime() + 10 * 60_000))).toBeDefined();
    expect(verifyJanusToken(secret, token, new Date(now.getTime() + 10 * 60_000 + 1000))).toBeUndefined();
  });

  it("do not verify with another secret or when altered", () => {
    const token = participantToken(secret, new Date(now.getTime() + 60_000));
    expect(verifyJanusToken(`${secret}x`, token, now)).toBeUndefined();
    const later = token.replace(/^\d+/, (expiry) => String(Number(expiry) + 3600));
    expect(verifyJanusToken(secret, later, now)).toBeUndefined();
    const otherPlugin = token.replace(VIDEOROOM_PLUGIN, "janus.plugin.streaming");
    expect(verifyJanusToken(secret, otherPlugin, now)).toBeUndefined();
  });

  it("refuse descriptors that would change the token's fields", () => {
    expect(() => signJanusToken(secret, now, ["a,b"])).toThrow();
    expect(() => signJanusToken(secret, now, ["a:b"])).toThrow();
  });
});
