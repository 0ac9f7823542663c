/**
 * A random UUID (version 4) made in this browser, for a message's id chosen by its sender: sent
 * again after an answer that never came, the same id is the same message. `crypto.randomUUID` is
 * only in secure contexts (https, localhost); `getRandomValues` is everywhere, a server on a plain
 * http network address included.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
