import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import { activityQuery, changePasswordInput, profileMessages } from "../../../contract/profile";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse, unauthorized } from "../../http/errors";
import { recentActivity } from "./activity";
import { changePassword } from "./password";
import { pollingStations, voterProfile } from "./service";
import { profileSessionRoutes } from "./sessions";

/** The voter profile (/voters): any signed-in user's own facts, activity and security. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const user = { config: { access: "user" as const } };

  app.get("/api/profile", user, async (request) => ({
    profile: await voterProfile(db, currentUser(request)),
  }));

  app.get("/api/profile/activity", user, async (request) => {
    const { page } = parse(activityQuery, request.query);
    return recentActivity(db, currentUser(request), page);
  });

  app.get("/api/profile/polling-stations", user, async (request) => ({
    stations: await pollingStations(db, currentUser(request)),
  }));

  app.post("/api/account/password", user, async (request) => {
    const input = parse(changePasswordInput, request.body);
    if (!request.auth) throw unauthorized(messages.noUser);
    await changePassword(ctx, { ...request.auth, ip: request.ip }, input);
    return { success: true, message: profileMessages.passwordChanged };
  });

  profileSessionRoutes(app, ctx);
}
