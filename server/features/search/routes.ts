import type { FastifyInstance } from "fastify";
import { searchEndpoints } from "../../../contract/search";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { enforceLimits } from "../../lib/rate-limit";
import { searchOrganization } from "./service";

/** Organization-wide search for its members. */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  route(app, searchEndpoints.search, async ({ auth, params, query }) => {
    await enforceLimits(db, clock, [{ key: `search:user:${auth.user.id}`, limit: ctx.limits.searchPerUser }]);
    return searchOrganization(db, auth.user, params.id, query);
  });
}
