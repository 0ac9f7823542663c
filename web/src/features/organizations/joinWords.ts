/** The marker of a request to join that waits for an administrator: on search's cards and on the invite page alike. */
export const REQUEST_PENDING = "Request pending";
