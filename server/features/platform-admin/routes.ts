import type { FastifyInstance } from "fastify";
import {
  type AdminSessionInfo,
  platformAdminEndpoints,
  platformAdminMessages,
} from "../../../contract/platform-admin";
import type { AppContext } from "../../context";
import { ADMIN_COOKIE, adminSessionOf, clearAdminCookie, setAdminCookie } from "../../http/access";
import { route } from "../../http/endpoint";
import { unauthorized } from "../../http/errors";
import { mayShowDemoSecrets } from "../../http/loopback";
import { beginGuess } from "../accounts/guesses";
import { authenticateAdmin, findAdminByUsername, presentDemoCredentials, touchSignIn } from "./accounts";
import { listAdminActions, recordAdminAction } from "./audit";
import { adminMonitoring, adminOverview } from "./dashboard";
import { listMembers, listOrganizations } from "./directory";
import {
  type AdminSession,
  createAdminSession,
  endAdminSession,
  type PlatformAdmin,
  resolveAdminSession,
} from "./sessions";
import { setOrganizationStatus } from "./status";

function sessionInfo(
  admin: PlatformAdmin,
  session: Pick<AdminSession, "createdAt" | "expiresAt">,
): AdminSessionInfo {
  return {
    is_valid: true,
    is_admin: true,
    username: admin.username,
    user_data: {
      id: admin.id,
      username: admin.username,
      full_name: admin.fullName,
      last_sign_in_at: admin.lastSignInAt?.toISOString() ?? null,
    },
    login_time: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
  };
}

/**
 * The platform admin portal's API. Signing in and out, and the demo box, are public; everything
 * else is "admin" access: the admin session cookie, checked on the server at every call.
 */
export function platformAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  /**
   * A sign-in that failed, or that the throttle refused, in the audit log. What was typed into an
   * unknown username may be a password: only a real admin's name is kept (`account`: already
   * looked up, null for none; left out, looked up here).
   */
  const recordFailure = async (
    action: "session.sign_in_failed" | "session.sign_in_refused",
    attempt: { username: string; ip: string },
    account?: { id: string; username: string } | null,
  ) => {
    const real = account === undefined ? await findAdminByUsername(db, attempt.username) : account;
    await recordAdminAction(db, clock, {
      adminId: real?.id ?? null,
      action,
      targetType: "admin",
      targetId: real?.id ?? "",
      detail: real ? { username: real.username } : {},
      ip: attempt.ip,
    });
  };

  route(app, platformAdminEndpoints.signIn, async ({ body: input, request, reply }) => {
    // A refusal by the throttle is recorded too: the first of each window (a flood adds no rows).
    const attempt = { username: input.username, ip: request.ip };
    const guess = await beginGuess(
      ctx,
      { realm: "admin", account: input.username, ip: request.ip },
      (first) => (first ? recordFailure("session.sign_in_refused", attempt) : Promise.resolve()),
    );
    const { admin: signedIn, known } = await authenticateAdmin(db, input.username, input.password);
    if (!signedIn) {
      await recordFailure("session.sign_in_failed", attempt, known);
      request.log.warn({ event: "admin.signin.failed", ip: request.ip }, "failed admin sign-in");
      throw unauthorized(platformAdminMessages.invalidCredentials);
    }

    await guess.right();
    // A new session id at every sign-in; the one this browser had ends.
    const previous = request.cookies[ADMIN_COOKIE];
    if (previous) {
      const old = await resolveAdminSession(db, clock, previous);
      if (old) await endAdminSession(db, old.sessionId);
    }
    const token = await createAdminSession(db, clock, signedIn, request.ip);
    await touchSignIn(db, clock, signedIn.id);
    await recordAdminAction(db, clock, {
      adminId: signedIn.id,
      action: "session.signed_in",
      targetType: "admin",
      targetId: signedIn.id,
      ip: request.ip,
    });
    setAdminCookie(request, reply, token);
    const resolved = await resolveAdminSession(db, clock, token);
    if (!resolved) throw unauthorized(platformAdminMessages.signInRequired);
    return sessionInfo(resolved.admin, resolved.session);
  });

  route(app, platformAdminEndpoints.session, async ({ request, reply }) => {
    const admin = await adminSessionOf(request, reply, ctx);
    return admin && sessionInfo(admin.admin, admin.session);
  });

  route(app, platformAdminEndpoints.signOut, async ({ request, reply }) => {
    const token = request.cookies[ADMIN_COOKIE];
    const resolved = token ? await resolveAdminSession(db, clock, token) : null;
    if (resolved) {
      await endAdminSession(db, resolved.sessionId);
      await recordAdminAction(db, clock, {
        adminId: resolved.admin.id,
        action: "session.signed_out",
        targetType: "admin",
        targetId: resolved.admin.id,
        ip: request.ip,
      });
    }
    clearAdminCookie(reply);
    reply.code(204);
  });

  route(app, platformAdminEndpoints.demoCredentials, async ({ request }) =>
    mayShowDemoSecrets(ctx.config, request) ? await presentDemoCredentials(db, ctx.config.secretKey) : null,
  );

  route(app, platformAdminEndpoints.overview, () => adminOverview(db));

  route(app, platformAdminEndpoints.organizations, ({ query }) => listOrganizations(db, query));

  route(app, platformAdminEndpoints.setStatus, async ({ params, body, admin, request }) => {
    const organizationId = params.id;
    const { status } = body;
    const { organization, changed } = await setOrganizationStatus(db, clock, {
      adminId: admin.admin.id,
      organizationId,
      status,
      ip: request.ip,
    });
    if (!changed) return { organization };
    // Open screens of its members react (the workspace refetches the organization).
    await ctx.bus.publish(`org:${organizationId}`, "organization.status_changed", {
      organization_id: organizationId,
      status: organization.status,
    });
    return { organization };
  });

  route(app, platformAdminEndpoints.members, ({ query }) => listMembers(db, query));

  route(app, platformAdminEndpoints.monitoring, ({ query }) => adminMonitoring(db, clock, query.q));

  route(app, platformAdminEndpoints.actions, ({ query }) => listAdminActions(db, query));
}
