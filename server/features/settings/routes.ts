import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import { saveSettingsInput } from "../../../contract/settings";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse, unauthorized } from "../../http/errors";
import { requirePasswordIfChosen } from "../accounts/reconfirm";
import { readSettings, saveSettings } from "./service";

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const user = { config: { access: "user" as const } };

  app.get("/api/settings", user, (request) => readSettings(ctx.db, ctx.clock, currentUser(request)));

  app.put("/api/settings", user, async (request) => {
    const { password, ...settings } = parse(saveSettingsInput, request.body);
    if (!request.auth) throw unauthorized();
    // "Require Password" as saved before this change: turning it off asks for the password too.
    await requirePasswordIfChosen(ctx, request.auth.user, password, request.ip);
    const saved = await saveSettings(ctx.db, ctx.clock, request.auth.user, request.auth.sessionId, settings);
    return { settings: saved, message: messages.settingsSaved };
  });
}
