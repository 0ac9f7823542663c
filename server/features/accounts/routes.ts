import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  passwordResetConfirmInput,
  passwordResetRequestInput,
  type RegistrationResult,
  registerOrganizationInput,
  registerVoterInput,
  type SessionInfo,
  type SignInResult,
  signInInput,
  updateProfileInput,
} from "../../../contract/accounts";
import { messages } from "../../../contract/messages";
import { totpCodeInput, totpProofInput } from "../../../contract/organizations";
import type { AppContext } from "../../context";
import { clearSessionCookie, currentUser, setSessionCookie } from "../../http/access";
import { parse, unauthorized } from "../../http/errors";
import { enforceLimits } from "../../lib/rate-limit";
import { updateProfile } from "./contact";
import { beginGuess } from "./guesses";
import { presentProfile, presentUserData } from "./presenter";
import {
  authenticate,
  registerOrganization,
  registerVoter,
  requestPasswordReset,
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
  });

  const registered = (userId: string): RegistrationResult => ({
    success: true,
    message: messages.accountCreated,
    user_id: userId,
  });

  app.post("/api/accounts/voters", { config: { access: "public" } }, async (request, reply) => {
    await enforceLimits(db, clock, [{ key: `register:ip:${request.ip}`, limit: limits.registerPerIp }]);
    const input = parse(registerVoterInput, request.body);
    const user = await registerVoter(db, ctx.config.secretKey, input);
    return reply.code(201).send(registered(user.id));
  });

  app.post("/api/accounts/organizations", { config: { access: "public" } }, async (request, reply) => {
    await enforceLimits(db, clock, [{ key: `register:ip:${request.ip}`, limit: limits.registerPerIp }]);
    const input = parse(registerOrganizationInput, request.body);
    const { user } = await registerOrganization(db, input);
    return reply.code(201).send(registered(user.id));
  });

  app.post(
    "/api/session",
    { config: { access: "public" } },
    async (request, reply): Promise<SignInResult> => {
      const input = parse(signInInput, request.body);
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
      if (request.auth) await endSession(db, request.auth.sessionId);
      setSessionCookie(request, reply, await createSession(db, clock, user, meta(request)));
      return { success: true, user_data: presentUserData(user), profile: presentProfile(user) };
    },
  );

  app.get("/api/session", { config: { access: "user" } }, async (request): Promise<SessionInfo> => {
    return { profile: presentProfile(currentUser(request)) };
  });

  app.delete("/api/session", { config: { access: "public" } }, async (request, reply) => {
    if (request.auth) await endSession(db, request.auth.sessionId);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.patch("/api/profile", { config: { access: "public" } }, async (request): Promise<SessionInfo> => {
    if (!request.auth) throw unauthorized(messages.noUser);
    const input = parse(updateProfileInput, request.body);
    const context = { ...twoFactor(request), notifier: ctx.notifier };
    return { profile: presentProfile(await updateProfile(context, request.auth.user, input)) };
  });

  app.post("/api/password-resets", { config: { access: "public" } }, async (request, reply) => {
    const input = parse(passwordResetRequestInput, request.body);
    await enforceLimits(db, clock, [
      { key: `reset:ip:${request.ip}`, limit: limits.signInPerIp },
      { key: `reset:account:${input.email.toLowerCase()}`, limit: limits.signInPerAccount },
    ]);
    await requestPasswordReset(db, clock, ctx.notifier, input.email, ctx.publicOrigin);
    return reply.code(202).send({ success: true, message: messages.resetRequested });
  });

  app.post("/api/password-resets/confirm", { config: { access: "public" } }, async (request) => {
    await enforceLimits(db, clock, [{ key: `reset:ip:${request.ip}`, limit: limits.signInPerIp }]);
    await resetPassword(db, clock, parse(passwordResetConfirmInput, request.body));
    return { success: true, message: messages.resetDone };
  });

  app.post("/api/account/two-factor/setup", { config: { access: "user" } }, (request) => {
    const proof = parse(totpProofInput, request.body === undefined ? {} : request.body);
    return startTwoFactorSetup(twoFactor(request), currentUser(request), proof);
  });

  app.post("/api/account/two-factor/enable", { config: { access: "user" } }, async (request) => {
    const { code, password } = parse(totpCodeInput, request.body);
    await enableTwoFactor(twoFactor(request), currentUser(request), code, password);
    return { success: true };
  });

  app.post("/api/account/two-factor/disable", { config: { access: "user" } }, async (request) => {
    const proof = parse(totpProofInput, request.body);
    await disableTwoFactor(twoFactor(request), currentUser(request), proof);
    return { success: true };
  });
}
