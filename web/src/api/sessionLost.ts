/** Listeners, and a way to tell them all (what they are told, when anything). */
function signal<Told = void>() {
  const listeners = new Set<(told: Told) => void>();
  return {
    on(listener: (told: Told) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(told: Told): void {
      for (const listener of listeners) listener(told);
    },
  };
}

/**
 * Why a session may be gone: `elsewhere` when the server said it was ended on purpose from
 * elsewhere (signed out there, every other device signed out, a password changed); `unknown`
 * otherwise (a 401: it may also have run out).
 */
export type SessionLoss = "elsewhere" | "unknown";

/**
 * The session this tab signed in with may have ended elsewhere (signed out on another device, a
 * password changed or reset, or expired): a request was refused for want of one (401), or the
 * server closed the socket for it (4401, or 4402 when it was ended elsewhere on purpose). Whoever
 * holds the session (AuthProvider) listens and reads it again; if it is gone, the tab signs out and
 * its guards go to the sign-in page.
 */
const lost = signal<SessionLoss>();
export const onSessionLost = lost.on;
export const sessionLost = (why: SessionLoss = "unknown") => lost.emit(why);

/** The session was read again after a loss and is there (signed in anew in another tab, say). */
const kept = signal();
export const onSessionKept = kept.on;
export const sessionKept = kept.emit;

/**
 * The session ended and this tab signed out because of it: the sign-in page says so once, and
 * why when the server said ("ended from another device" rather than "expired"), rather than
 * appearing for no reason.
 */
let ended: SessionLoss | null = null;
export const noteSessionEnded = (why: SessionLoss) => {
  if (ended !== "elsewhere") ended = why;
};
export function takeSessionEnded(): SessionLoss | null {
  const why = ended;
  ended = null;
  return why;
}
