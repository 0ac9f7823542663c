import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RegistrationResult } from "../../../contract/accounts";
import { accountsEndpoints } from "../../../contract/accounts-endpoints";
import { messages } from "../../../contract/messages";
import type { AppContext } from "../../context";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "../../http/access";
import { route } from "../../http/endpoint";
import { badRequest, unauthorized } from "../../http/errors";
import { enforceLimits } from "../../lib/rate-limit";
import { updateProfile } from "./contact";
import { beginGuess } from "./guesses";
import { presentProfile, presentUserData } from "./presenter";
import { registerWithoutEnumeration } from "./registration";
import {
  authenticate,
  registerOrganization,
  registerVoter,
  requestPasswordReset,
  resetLinkWorks,
  resetPassword,
} from "./service";
import { createSession, endSession } from "./sessions";
import { disableTwoFactor, enableTwoFactor, requireSecondFactor, startTwoFactorSetup } from "./two-factor";

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, limits } = ctx;
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
  });
  /** What two-factor and contact changes need: the throttle, the sealing key, the caller's address. */
  const twoFactor = (request: FastifyRequest) => ({
    guard: ctx,
    secretKey: ctx.config.secretKey,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });

  const registered = (userId: string): RegistrationResult => ({
    success: true,
    message: messages.accountCreated,
    user_id: userId,
  });

  /** An address that already has an account is answered as a new one (registration.ts). */
  const register = (email: string, create: () => Promise<{ id: string }>) =>
    registerWithoutEnumeration({ db, clock, linkBase: ctx.publicOrigin }, email, create);

  route(app, accountsEndpoints.registerVoter, async ({ body, request, reply }) => {
    await enforceLimits(db, clock, [{ key: `register:ip:${request.ip}`, limit: limits.registerPerIp }]);
    const userId = await register(body.email, () => registerVoter(db, ctx.config.secretKey, body));
    reply.code(201);
    return registered(userId);
  });

  route(app, accountsEndpoints.registerOrganization, async ({ body, request, reply }) => {
    await enforceLimits(db, clock, [{ key: `register:ip:${request.ip}`, limit: limits.registerPerIp }]);
    const userId = await register(body.email, async () => (await registerOrganization(db, body)).user);
    reply.code(201);
    return registered(userId);
  });

  route(app, accountsEndpoints.signIn, async ({ body: input, request, reply }) => {
    const guess = await beginGuess(ctx, { realm: "user", account: input.email, ip: request.ip });
    const user = await authenticate(db, input.email, input.password);
    if (!user) {
      request.log.warn({ event: "signin.failed", ip: request.ip }, "failed sign-in");
      throw unauthorized(messages.invalidCredentials);
    }
    // The right password without the code is the first step of a two-factor sign-in, not a wrong guess.
    if (user.totpEnabled && !input.code) await guess.right();
    await requireSecondFactor({ guard: ctx, secretKey: ctx.config.secretKey }, user, input.code);
    await guess.right();
    // A new session id at every sign-in; the one this browser had ends.
    if (request.auth) await endSession(ctx, request.auth.user.id, request.auth.sessionId);
    setSessionCookie(request, reply, await createSession(db, clock, user, meta(request)));
    return { success: true, user_data: presentUserData(user), profile: presentProfile(user) };
  });

  route(app, accountsEndpoints.session, ({ auth, request }) => {
    if (auth) return { profile: presentProfile(auth.user) };
    if (request.cookies[SESSION_COOKIE]) throw unauthorized(messages.sessionExpired);
    return { profile: null };
  });

  route(app, accountsEndpoints.signOut, async ({ auth, reply }) => {
    if (auth) await endSession(ctx, auth.user.id, auth.sessionId);
    clearSessionCookie(reply);
    reply.code(204);
  });

  route(app, accountsEndpoints.updateProfile, async ({ auth, body, request }) => {
    if (!auth) throw unauthorized(messages.noUser);
    return { profile: presentProfile(await updateProfile(twoFactor(request), auth.user, body)) };
  });

  route(app, accountsEndpoints.requestPasswordReset, async ({ body: input, request, reply }) => {
    await enforceLimits(db, clock, [
      { key: `reset:ip:${request.ip}`, limit: limits.signInPerIp },
      { key: `reset:account:${input.email.toLowerCase()}`, limit: limits.signInPerAccount },
    ]);
    await requestPasswordReset(db, clock, input.email, ctx.publicOrigin);
    reply.code(202);
    return { success: true, message: messages.resetRequested };
  });

  /** Reset links are tried from an address at most as often as sign-ins. */
  const limitResetsFrom = (ip: string) =>
    enforceLimits(db, clock, [{ key: `reset:ip:${ip}`, limit: limits.signInPerIp }]);

  route(app, accountsEndpoints.checkPasswordReset, async ({ params, request }) => {
    await limitResetsFrom(request.ip);
    if (!(await resetLinkWorks(ctx, params.token))) throw badRequest(messages.resetInvalid);
    return { success: true, message: messages.resetLinkValid };
  });

  route(app, accountsEndpoints.resetPassword, async ({ body, request }) => {
    await limitResetsFrom(request.ip);
    await resetPassword(ctx, body, request.headers["user-agent"]);
    return { success: true, message: messages.resetDone };
  });

  route(app, accountsEndpoints.twoFactorSetup, ({ auth, body, request }) =>
    startTwoFactorSetup(twoFactor(request), auth.user, body),
  );

  route(app, accountsEndpoints.twoFactorEnable, async ({ auth, body: { code, password }, request }) => {
    await enableTwoFactor(twoFactor(request), auth.user, code, password);
    return { success: true };
  });

  route(app, accountsEndpoints.twoFactorDisable, async ({ auth, body, request }) => {
    await disableTwoFactor(twoFactor(request), auth.user, body);
    return { success: true };
  });
}
