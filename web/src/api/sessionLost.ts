/**
 * The session this tab signed in with may have ended elsewhere (signed out on another device, a
 * password changed or reset, or expired): a request was refused for want of one (401), or the
 * server closed the socket for it (4401). Whoever holds the session (AuthProvider) listens and
 * reads it again; if it is gone, the tab signs out and its guards go to the sign-in page.
 */
const listeners = new Set<() => void>();

export function onSessionLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionLost(): void {
  for (const listener of listeners) listener();
}

const keepers = new Set<() => void>();

/** The session was read again after a loss and is there (signed in anew in another tab, say). */
export function onSessionKept(listener: () => void): () => void {
  keepers.add(listener);
  return () => keepers.delete(listener);
}

export function sessionKept(): void {
  for (const listener of keepers) listener();
}
