/** What went wrong, in words for the screen: an Error's message (the server's, for a refused request), or the value itself. */
export const messageOf = (failure: unknown): string =>
  failure instanceof Error ? failure.message : String(failure);
