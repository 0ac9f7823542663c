/** The marker of a request to join that waits for an administrator: on search's cards and on the invite page alike. */
export const REQUEST_PENDING = "Request pending";

/** What the requester is told, where they asked, when an administrator decides their request. */
export const requestDecided = (name: string, status: "approved" | "declined") =>
  `Your request to join ${name} was ${status}.`;
