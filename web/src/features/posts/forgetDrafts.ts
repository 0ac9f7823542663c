/**
 * The drafts' key prefix and their removal, on their own: sign-out (accounts/storage.ts, in every page's
 * first script) clears the drafts without loading the message limits and the rest of drafts.ts.
 */
export const DRAFT_PREFIX = "votespace_draft:";

/** Every draft in this browser, of any user. */
export function forgetDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
