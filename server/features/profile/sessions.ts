import type { FastifyInstance } from "fastify";
import { profileEndpoints } from "../../../contract/profile";
import { sessionMessages } from "../../../contract/sessions";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { recordAccountEvent } from "../accounts/events";
import { endSessionByHandle, listSessions } from "../accounts/session-list";
import { endOtherSessions } from "../accounts/sessions";

/** The profile's security section: the user's own sessions, and ending the others. */
export function profileSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  route(app, profileEndpoints.sessions, async ({ auth }) => ({
    sessions: await listSessions(db, clock, auth.user.id, auth.sessionId),
  }));

  route(app, profileEndpoints.endSession, async ({ auth, params }) => {
    await endSessionByHandle(ctx, auth.user.id, params.id, auth.sessionId);
    return { success: true, message: sessionMessages.ended };
  });

  route(app, profileEndpoints.endOtherSessions, async ({ auth, request }) => {
    await endOtherSessions(ctx, auth.user.id, auth.sessionId);
    await recordAccountEvent(db, {
      user: auth.user,
      kind: "signed_out_others",
      userAgent: request.headers["user-agent"],
      at: clock.now(),
    });
    return { success: true, message: sessionMessages.endedOthers };
  });
}
