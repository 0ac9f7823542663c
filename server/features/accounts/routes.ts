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
import { totpCodeInput } from "../../../contract/organizations";
import type { AppContext } from "../../context";
import { clearSessionCookie, currentUser, setSessionCookie } from "../../http/access";
import { parse, unauthorized } from "../../http/errors";
import { noBody } from "../../http/params";
import { enforceLimits } from "../../lib/rate-limit";
import { presentProfile, presentUserData } from "./presenter";
import {
  authenticate,
  registerOrganization,
  registerVoter,
  requestPasswordReset,
  resetPassword,
  updateProfile,
} from "./service";
import { createSession, endSession } from "./sessions";
import { disableTwoFactor, enableTwoFactor, requireSecondFactor, startTwoFactorSetup } from "./two-factor";

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, limits } = ctx;
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
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
      await enforceLimits(db, clock, [
        { key: `signin:ip:${request.ip}`, limit: limits.signInPerIp },
        { key: `signin:account:${input.email.toLowerCase()}`, limit: limits.signInPerAccount },
      ]);
      const user = await authenticate(db, input.email, input.password);
      if (!user) {
        request.log.warn({ event: "signin.failed", ip: request.ip }, "failed sign-in");
        throw unauthorized(messages.invalidCredentials);
      }
      requireSecondFactor(ctx.config.secretKey, user, input.code, clock);
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
    return { profile: presentProfile(await updateProfile(db, clock, request.auth.user, input)) };
  });

  app.post("/api/password-resets", { config: { access: "public" } }, async (request, reply) => {
    const input = parse(passwordResetRequestInput, request.body);
    await enforceLimits(db, clock, [
      { key: `reset:ip:${request.ip}`, limit: limits.signInPerIp },
      { key: `reset:account:${input.email.toLowerCase()}`, limit: limits.signInPerAccount },
    ]);
    await requestPasswordReset(db, clock, ctx.notifier, input.email, ctx.publicOrigin(request));
    return reply.code(202).send({ success: true, message: messages.resetRequested });
  });

  app.post("/api/password-resets/confirm", { config: { access: "public" } }, async (request) => {
    await enforceLimits(db, clock, [{ key: `reset:ip:${request.ip}`, limit: limits.signInPerIp }]);
    await resetPassword(db, clock, parse(passwordResetConfirmInput, request.body));
    return { success: true, message: messages.resetDone };
  });

  app.post("/api/account/two-factor/setup", { config: { access: "user" } }, (request) => {
    noBody(request.body);
    return startTwoFactorSetup(db, ctx.config.secretKey, currentUser(request));
  });

  app.post("/api/account/two-factor/enable", { config: { access: "user" } }, async (request) => {
    const { code } = parse(totpCodeInput, request.body);
    await enableTwoFactor(db, ctx.config.secretKey, clock, currentUser(request), code);
    return { success: true };
  });

  app.post("/api/account/two-factor/disable", { config: { access: "user" } }, async (request) => {
    const { code } = parse(totpCodeInput, request.body);
    await disableTwoFactor(db, ctx.config.secretKey, clock, currentUser(request), code);
    return { success: true };
  });
}
