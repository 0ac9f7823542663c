import { endpoint, idParams, typedAnswer } from "./endpoint";

/**
 * The unread counts' endpoint, declared on its own: the workspace's shell reads it on every page,
 * the ballot page included, and importing it from `postsEndpoints` (which spreads it in) brought
 * every message endpoint into the first load.
 */
export const unreadEndpoints = {
  unread: endpoint({
    method: "GET",
    path: "/api/organizations/:id/unread",
    access: "user",
    params: idParams,
    response: typedAnswer<{ unread: Record<string, number> }>(),
  }),
};
