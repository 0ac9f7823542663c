import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import { settingsEndpoints } from "../../../contract/settings-endpoints";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { announcePresenceOf, seenOnline } from "../../realtime/presence";
import { requirePasswordIfChosen } from "../accounts/reconfirm";
import { announceMemberUpdated } from "../organizations/events";
import { readSettings, saveSettings } from "./service";

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, settingsEndpoints.read, ({ auth }) => readSettings(ctx.db, ctx.clock, auth.user));

  route(app, settingsEndpoints.save, async ({ body, auth, request }) => {
    const { password, ...settings } = body;
    // "Require Password" as saved before this change: turning it off asks for the password too.
    await requirePasswordIfChosen(ctx, auth.user, password, request.ip);
    const seen = await seenOnline(ctx.db, auth.user.id);
    const shared = auth.user.settings.privacy?.shareEmail === true;
    const saved = await saveSettings(ctx.db, ctx.clock, auth.user, auth.sessionId, settings);
    // Shown or hidden online: the member lists open elsewhere follow (only on a change they see).
    await announcePresenceOf(ctx.db, ctx.bus, auth.user.id, seen);
    // The e-mail shared or no longer: so do the members lists open elsewhere.
    if (saved.privacy.shareEmail !== shared) await announceMemberUpdated(ctx.db, ctx.bus, auth.user.id);
    return { settings: saved, message: messages.settingsSaved };
  });
}
