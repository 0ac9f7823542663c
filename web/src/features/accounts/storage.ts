import type { Profile } from "../../../../contract/accounts";
import { forgetKeptOnDevice } from "./keptOnDevice";

/** The cached profile, for the first paint only; the server's session is the truth. */
export const USER_KEY = "votespace_user";

export function readCachedProfile(): Profile | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Profile>;
    if (value && typeof value.id === "string" && typeof value.email === "string" && value.user_type) {
      return value as Profile;
    }
  } catch {
    // unparseable: discarded below
  }
  localStorage.removeItem(USER_KEY);
  return null;
}

/**
 * When this browser last signed out (a time, nothing of the user's): its other tabs, signed out by
 * it, say so on the sign-in page rather than that their session expired (SignInPage).
 */
const SIGNED_OUT_KEY = "votespace_signed_out";

export function markSignedOut(): void {
  localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
}

/** Whether this browser signed out within the last minute (markSignedOut), in this tab or another. */
export function signedOutLately(): boolean {
  return Date.now() - Number(localStorage.getItem(SIGNED_OUT_KEY)) < 60_000;
}

export function writeCachedProfile(profile: Profile | null): void {
  if (profile) localStorage.setItem(USER_KEY, JSON.stringify(profile));
  else {
    localStorage.removeItem(USER_KEY);
    // What this device kept for the signed-in user goes with the record: drafts, receipts.
    forgetKeptOnDevice();
  }
}
