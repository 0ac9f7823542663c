/**
 * The messages a workspace page can show before anything else loads (a request refused, the
 * organization suspended or left, a channel gone): on their own so the web's first scripts carry
 * these and not every message. `messages` (messages.ts) includes them; the server takes them from there.
 */
export const firstMessages = {
  noUser: "No user",
  serviceUnavailable: "The server is briefly unavailable. Please try again.",
  connectionError: "Connection Error",
  organizationSuspended:
    "This organization has been suspended by the platform administrator. You can read, but not post, create or change channels and elections, join rooms or vote.",
  channelNotFound: "Channel not found",
  votingSessionBlocked:
    "Your voting session in this election was blocked by the organization's administrators after a security review. Your vote was not cast. Contact them to have it reviewed.",
  unexpected: "An unexpected error occurred",
  removedFromOrganization: (name: string) => `An administrator removed you from ${name}`,
} as const;
