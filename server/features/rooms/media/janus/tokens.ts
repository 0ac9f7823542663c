import { createHmac, timingSafeEqual } from "node:crypto";

/** The plugin every Votespace token opens (Janus's core checks it when a handle attaches). */
export const VIDEOROOM_PLUGIN = "janus.plugin.videoroom";

/**
 * A Janus signed token (token_auth_secret): `expiry,janus,plugin...:signature`, the signature
 * being the base64 HMAC-SHA1 of everything before the colon. Janus's core refuses every request
 * (keepalives included) without an unexpired one, and lets a handle attach only to a plugin the
 * token names.
 */
export function signJanusToken(secret: string, expiresAt: Date, descriptors: string[]): string {
  for (const descriptor of descriptors) {
    if (!/^[^,:\s]+$/.test(descriptor)) throw new Error(`a token descriptor cannot hold "${descriptor}"`);
  }
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  const data = [String(expiry), "janus", ...descriptors].join(",");
  return `${data}:${signature(secret, data)}`;
}

function signature(secret: string, data: string): string {
  return createHmac("sha1", secret).update(data).digest("base64");
}

/** What Janus checks, done here for our tests: the signature, the expiry and the descriptors. */
export function verifyJanusToken(
  secret: string,
  token: string,
  now: Date,
): { expiresAt: Date; descriptors: string[] } | undefined {
  const colon = token.lastIndexOf(":");
  if (colon < 0) return undefined;
  const data = token.slice(0, colon);
  const expected = Buffer.from(signature(secret, data));
  const given = Buffer.from(token.slice(colon + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [expiry, realm, ...descriptors] = data.split(",");
  if (realm !== "janus" || !expiry || !/^\d+$/.test(expiry)) return undefined;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (now.getTime() > expiresAt.getTime()) return undefined;
  return { expiresAt, descriptors };
}

/**
 * A participant's token: the VideoRoom plugin only. It does not name the room: VideoRoom's own
 * room tokens (signed_tokens) need a second token of another realm; the room's pin does that job.
 */
export function participantToken(secret: string, expiresAt: Date): string {
  return signJanusToken(secret, expiresAt, [VIDEOROOM_PLUGIN]);
}
