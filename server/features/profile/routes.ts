import type { FastifyInstance } from "fastify";
import { profileEndpoints, profileMessages } from "../../../contract/profile";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { recentActivity } from "./activity";
import { changePassword } from "./password";
import { pollingStations, voterProfile } from "./service";
import { profileSessionRoutes } from "./sessions";

/** The voter profile (/voters): any signed-in user's own facts, activity and security. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, profileEndpoints.profile, async ({ auth }) => ({ profile: await voterProfile(db, auth.user) }));

  route(app, profileEndpoints.activity, ({ auth, query }) => recentActivity(db, auth.user, query.page));

  route(app, profileEndpoints.pollingStations, async ({ auth }) => ({
    stations: await pollingStations(db, auth.user),
  }));

  route(app, profileEndpoints.changePassword, async ({ auth, body, request }) => {
    await changePassword(ctx, { ...auth, ip: request.ip, userAgent: request.headers["user-agent"] }, body);
    return { success: true, message: profileMessages.passwordChanged };
  });

  profileSessionRoutes(app, ctx);
}
