/**
 * What modules keep in memory for the signed-in user (unread times, messages on their way), each
 * registered with what forgets it: AuthProvider forgets them all when another user, or none, signs
 * in. A module not loaded kept nothing, and accounts need not load it.
 */
const forgetters = new Set<() => void>();

export function keptForUser(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetKeptForUser(): void {
  for (const forget of forgetters) forget();
}
