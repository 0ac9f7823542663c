import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import { settingsEndpoints } from "../../../contract/settings-endpoints";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { requirePasswordIfChosen } from "../accounts/reconfirm";
import { readSettings, saveSettings } from "./service";

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, settingsEndpoints.read, ({ auth }) => readSettings(ctx.db, ctx.clock, auth.user));

  route(app, settingsEndpoints.save, async ({ body, auth, request }) => {
    const { password, ...settings } = body;
    // "Require Password" as saved before this change: turning it off asks for the password too.
    await requirePasswordIfChosen(ctx, auth.user, password, request.ip);
    const saved = await saveSettings(ctx.db, ctx.clock, auth.user, auth.sessionId, settings);
    return { settings: saved, message: messages.settingsSaved };
  });
}
