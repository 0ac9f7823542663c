import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import { changePasswordInput, profileMessages } from "../../../contract/profile";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse, unauthorized } from "../../http/errors";
import { enforceLimits } from "../../lib/rate-limit";
import { recentActivity } from "./activity";
import { changePassword } from "./password";
import { pollingStations, voterProfile } from "./service";

/** The voter profile (/voters): any signed-in user's own facts, activity and security. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, limits } = ctx;
  const user = { config: { access: "user" as const } };

  app.get("/api/profile", user, async (request) => ({
    profile: await voterProfile(db, currentUser(request)),
  }));

  app.get("/api/profile/activity", user, async (request) => ({
    items: await recentActivity(db, currentUser(request)),
  }));

  app.get("/api/profile/polling-stations", user, async (request) => ({
    stations: await pollingStations(db, currentUser(request)),
  }));

  app.post("/api/account/password", user, async (request) => {
    const input = parse(changePasswordInput, request.body);
    if (!request.auth) throw unauthorized(messages.noUser);
    await enforceLimits(db, clock, [
      { key: `password:ip:${request.ip}`, limit: limits.signInPerIp },
      { key: `password:account:${request.auth.user.id}`, limit: limits.signInPerAccount },
    ]);
    await changePassword(db, clock, request.auth.user, request.auth.sessionId, input);
    return { success: true, message: profileMessages.passwordChanged };
  });
}
