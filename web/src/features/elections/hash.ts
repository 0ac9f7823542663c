/**
 * SHA-256 as lowercase hex, computed in this browser so a receipt never leaves it. Web Crypto does
 * it where the page is a secure context (https, localhost); elsewhere (plain http on a network
 * address, where `crypto.subtle` is absent) the maintained @noble/hashes implementation runs
 * instead, loaded only then, so the check never depends on the server.
 */
export async function sha256Hex(message: string): Promise<string> {
  const bytes = new TextEncoder().encode(message);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(new Uint8Array(await subtle.digest("SHA-256", bytes)));
  const { sha256 } = await import("@noble/hashes/sha2.js");
  return toHex(sha256(bytes));
}

function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
