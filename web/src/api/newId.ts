import { ApiError, unreachable } from "./http";

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

/** A place's ids (useOutbox `ids`): the one kept to send again, and those sent again not yet answered. */
export interface PlaceIds {
  current: KeptId | null;
  /** Ids sent a second time (or more) after an answer that never came: refused again, they may still be written. */
  resent: Set<string>;
}

/**
 * The ids a composer sends its messages under, `kept` being the place's (useOutbox `ids`). A message
 * that came back unsent because the server could not be reached (it may have been written, its
 * answer lost) keeps its id while it waits in the box as it came back, in this box or the place's
 * next one: sent again unchanged, the server answers with the message it wrote. It stays "may be
 * written" however its next try is refused (the rate limit, say, which counts before the server
 * could find it written): only an answer, or a refusal of the id itself (409), settles that. A new
 * id goes with anything else: a first try refused, several messages back at once, an edit, a clear.
 */
export function sendIds(kept: PlaceIds) {
  return {
    /** The id to send the message `key` (its text and attachment) under. */
    take(key: string): string {
      const again = kept.current?.key === key ? kept.current.id : null;
      kept.current = null;
      if (!again) return newId();
      kept.resent.add(again);
      return again;
    },
    /**
     * Messages came back to a box that held `before`: a lone one that may have been written keeps its
     * id. Answers whether the first may have been written (its answer lost, now or on an earlier try).
     */
    back(items: KeptId[], failure: unknown, before: string): boolean {
      const [first] = items;
      const sentBefore = first !== undefined && kept.resent.has(first.id);
      for (const item of items) kept.resent.delete(item.id);
      const mayBeWritten =
        first !== undefined && (unreachable(failure) || (sentBefore && !idRefused(failure)));
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
