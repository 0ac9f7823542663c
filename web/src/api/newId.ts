import { ApiError } from "./http";

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

/** A message that came back unanswered, under the id it was sent with (`key`: what it is). */
export interface KeptId {
  key: string;
  id: string;
}

/**
 * The ids a composer sends its messages under, `kept` being the place's (useOutbox `ids`). A message
 * that came back keeps its id while it waits in the box as it came back, in this box or the place's
 * next one: sent again unchanged, it is the same message, and if an earlier try was written (its
 * answer lost, or a failure after its commit: a 500 from announcing it, a proxy's 504) the server
 * answers with the message it wrote rather than writing it twice. A try refused before anything was
 * written (the rate limit, say) loses nothing by the id staying. Only a refusal of the id itself
 * (409: it belongs to another message) settles that it was not written. A new id goes with anything
 * else: several messages back at once, text already in the box, an edit, a clear.
 */
export function sendIds(kept: { current: KeptId | null }) {
  return {
    /** The id to send the message `key` (its text and attachment) under. */
    take(key: string): string {
      const id = kept.current?.key === key ? kept.current.id : newId();
      kept.current = null;
      return id;
    },
    /**
     * Messages came back to a box that held `before`: a lone one keeps its id. Answers whether the
     * first may have been written (any failure but a refusal of its id).
     */
    back(items: KeptId[], failure: unknown, before: string): boolean {
      const [first] = items;
      const mayBeWritten = first !== undefined && !idRefused(failure);
      kept.current = items.length === 1 && first && before === "" && mayBeWritten ? first : null;
      return mayBeWritten;
    },
    /** The box was edited, or what came back was written after all: what is sent next is another message. */
    forget(): void {
      kept.current = null;
    },
  };
}

/** The server refused the id itself (it belongs to another message): whatever was sent under it was not this. */
const idRefused = (failure: unknown) => failure instanceof ApiError && failure.status === 409;
