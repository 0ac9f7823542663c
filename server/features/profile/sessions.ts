import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { sessionMessages } from "../../../contract/sessions";
import type { AppContext } from "../../context";
import { parse, unauthorized } from "../../http/errors";
import { endSessionByHandle, listSessions } from "../accounts/session-list";
import { endOtherSessions } from "../accounts/sessions";

const sessionHandle = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, sessionMessages.notFound) });

/** The profile's security section: the user's own sessions, and ending the others. */
export function profileSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  const user = { config: { access: "user" as const } };

  const auth = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized();
    return request.auth;
  };

  app.get("/api/profile/sessions", user, async (request) => {
    const { user: me, sessionId } = auth(request);
    return { sessions: await listSessions(db, clock, me.id, sessionId) };
  });

  /** Ends one other session; the current one ends by signing out (DELETE /api/session). */
  app.delete("/api/profile/sessions/:id", user, async (request) => {
    const { id } = parse(sessionHandle, request.params);
    const { user: me, sessionId } = auth(request);
    await endSessionByHandle(db, me.id, id, sessionId);
    return { success: true, message: sessionMessages.ended };
  });

  app.delete("/api/profile/sessions", user, async (request) => {
    const { user: me, sessionId } = auth(request);
    await endOtherSessions(db, me.id, sessionId);
    return { success: true, message: sessionMessages.endedOthers };
  });
}
