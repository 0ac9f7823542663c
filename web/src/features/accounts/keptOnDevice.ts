/**
 * What this browser keeps in local storage for the signed-in user, under keys that begin with these
 * prefixes and the user's id: unsent message drafts (posts/drafts.ts) and vote receipts with the
 * choices they carry (elections/receipts.ts). All of it goes when the signed-in record on this device
 * ends (sign-out or an ended session: storage.ts, in every page's first script), so the next person
 * at a shared device finds none of it. Here on their own, so that sign-out loads neither feature.
 */
export const DRAFT_PREFIX = "votespace_draft:";
export const RECEIPTS_PREFIX = "votespace_receipts:";
/** Receipts as this browser kept them before they were kept per user: one key for everyone's. */
const SHARED_RECEIPTS = "votespace_receipts";

/** Every draft and receipt in this browser, of any user; nothing else. */
export function forgetKeptOnDevice(): void {
  try {
    const keys = [SHARED_RECEIPTS];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(DRAFT_PREFIX) || key?.startsWith(RECEIPTS_PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
