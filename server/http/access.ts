import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ACCESS_KINDS, type Access } from "../../contract/endpoint";
import { messages } from "../../contract/messages";
import { platformAdminMessages } from "../../contract/platform-admin";
import type { Db } from "../db/connect";
import { resolveSession, type User } from "../features/accounts/sessions";
import {
  type AdminSession,
  type PlatformAdmin,
  resolveAdminSession,
} from "../features/platform-admin/sessions";
import type { Clock } from "../lib/clock";
import { sha256 } from "../lib/crypto";
import { forbidden, unauthorized } from "./errors";

/**
 * Who may call a route (contract/endpoint.ts). Every /api route states one of the known kinds (the
 * app refuses to start otherwise), so a forgotten or misspelt declaration never leaves a route open.
 */
export type { Access };

export const SESSION_COOKIE = "votespace_session";
/** The platform admin's session cookie, sent to the admin API only. */
export const ADMIN_COOKIE = "votespace_admin";
const ADMIN_COOKIE_PATH = "/api/admin";

/**
 * The session of a route that reads it inside its own write (`config.sessionInWrite`: the vote's
 * cast, whose one statement looks the session up by `id` beside every other rule it checks). Until
 * `resolve()` is called nothing was read: it resolves the session (once) as every other route's
 * preHandler does, with the same 401 and 403 and the same cookie cleared. Any refusal of such a
 * route reads it first (errors.ts), so a caller not signed in or not let in is told that, as on
 * every other route, whatever else was wrong.
 */
export interface SessionInWrite {
  /** The session's id: the hash of its cookie, as the sessions table keys it. */
  id: string;
  resolve(): Promise<{ user: User; sessionId: string }>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    sessionInWrite?: boolean;
  }
  interface FastifyRequest {
    auth: { user: User; sessionId: string } | null;
    /** On a `sessionInWrite` route with a session cookie: the session, not yet read. */
    sessionInWrite: SessionInWrite | null;
    /** The platform admin of an "admin" route (resolved on those routes only). */
    admin: { admin: PlatformAdmin; session: AdminSession; sessionId: string } | null;
  }
  interface FastifyInstance {
    /** Every /api route with who may use it, for the deny-by-default tests. */
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}

export function installAccess(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.decorateRequest("auth", null);
  app.decorateRequest("sessionInWrite", null);
  app.decorateRequest("admin", null);
  app.decorate("apiRoutes", []);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may use it (config.access)`);
    }
    if (!(ACCESS_KINDS as readonly string[]).includes(access)) {
      throw new Error(`Route ${route.method} ${route.url} declares an unknown access kind: ${access}`);
    }
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") app.apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook("preHandler", async (request, reply) => {
    const { access, sessionInWrite } = request.routeOptions.config;
    if (!access) return;
    if (access === "admin") return requireAdminSession(request, reply, deps);
    const token = request.cookies[SESSION_COOKIE];
    if (token && sessionInWrite && access !== "public") {
      let read: Promise<NonNullable<FastifyRequest["auth"]>> | undefined;
      request.sessionInWrite = {
        id: sha256(token),
        resolve: () => {
          read ??= authenticate(request, reply, deps, access, token).then(
            () => request.auth as NonNullable<FastifyRequest["auth"]>,
          );
          return read;
        },
      };
      return;
    }
    await authenticate(request, reply, deps, access, token);
  });
}

/** The request's session and user (`request.auth`), refused as the route's access kind says. */
async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; clock: Clock },
  access: Exclude<Access, "admin">,
  token: string | undefined,
): Promise<void> {
  if (token) {
    request.auth = await resolveSession(deps.db, deps.clock, token);
    if (!request.auth) clearSessionCookie(reply);
  }
  if (access === "public") return;
  const user = request.auth?.user;
  if (!user) throw unauthorized(token ? messages.sessionExpired : messages.notSignedIn);
  if (access !== "user" && user.userType !== access) throw forbidden();
}

/** Admin routes look at the admin cookie only. */
async function requireAdminSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; clock: Clock },
): Promise<void> {
  request.admin = await adminSessionOf(request, reply, deps);
  if (!request.admin) throw unauthorized(platformAdminMessages.signInRequired);
}

/**
 * The request's admin session by its cookie: null without one (no admin signed in); a cookie whose
 * session has ended is cleared and refused with sessionExpired.
 */
export async function adminSessionOf(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; clock: Clock },
): Promise<NonNullable<FastifyRequest["admin"]> | null> {
  const token = request.cookies[ADMIN_COOKIE];
  if (!token) return null;
  const resolved = await resolveAdminSession(deps.db, deps.clock, token);
  if (resolved) return resolved;
  clearAdminCookie(reply);
  throw unauthorized(platformAdminMessages.sessionExpired);
}

/** The platform admin of an "admin" route. */
export function currentAdmin(request: FastifyRequest): NonNullable<FastifyRequest["admin"]> {
  if (!request.admin) throw unauthorized(platformAdminMessages.signInRequired);
  return request.admin;
}

export function setAdminCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(ADMIN_COOKIE, token, {
    path: ADMIN_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: isSecureContext(request),
  });
}

export function clearAdminCookie(reply: FastifyReply): void {
  reply.clearCookie(ADMIN_COOKIE, { path: ADMIN_COOKIE_PATH });
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureContext(request),
    maxAge: 30 * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Secure cookies everywhere but plain-HTTP localhost (where browsers would drop them). */
function isSecureContext(request: FastifyRequest): boolean {
  if (request.protocol === "https") return true;
  const host = request.hostname.replace(/:\d+$/, "");
  return !(host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost"));
}
