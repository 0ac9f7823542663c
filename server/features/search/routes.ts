import type { FastifyInstance } from "fastify";
import { orgSearchQuery, type SearchPage } from "../../../contract/search";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse } from "../../http/errors";
import { idParam } from "../../http/params";
import { enforceLimits } from "../../lib/rate-limit";
import { searchOrganization } from "./service";

/** Organization-wide search for its members. */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  const user = { config: { access: "user" as const } };

  app.get("/api/organizations/:id/search", user, async (request): Promise<SearchPage> => {
    const me = currentUser(request);
    const organizationId = idParam(request.params);
    const input = parse(orgSearchQuery, request.query);
    await enforceLimits(db, clock, [{ key: `search:user:${me.id}`, limit: ctx.limits.searchPerUser }]);
    return searchOrganization(db, me, organizationId, input);
  });
}
