/** Listeners, and a way to tell them all. */
function signal() {
  const listeners = new Set<() => void>();
  return {
    on(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(): void {
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The session this tab signed in with may have ended elsewhere (signed out on another device, a
 * password changed or reset, or expired): a request was refused for want of one (401), or the
 * server closed the socket for it (4401). Whoever holds the session (AuthProvider) listens and
 * reads it again; if it is gone, the tab signs out and its guards go to the sign-in page.
 */
const lost = signal();
export const onSessionLost = lost.on;
export const sessionLost = lost.emit;

/** The session was read again after a loss and is there (signed in anew in another tab, say). */
const kept = signal();
export const onSessionKept = kept.on;
export const sessionKept = kept.emit;

/**
 * The session ended elsewhere and this tab signed out because of it: the sign-in page says so once
 * ("Your session has expired. Please sign in again."), rather than appearing for no reason.
 */
let endedElsewhere = false;
export const noteSessionEnded = () => {
  endedElsewhere = true;
};
export function takeSessionEnded(): boolean {
  const ended = endedElsewhere;
  endedElsewhere = false;
  return ended;
}
