import type { FastifyInstance, FastifyRequest } from "fastify";
import { invitationsEndpoints as api, voterListMessages } from "../../../contract/invitations";
import type { AppContext } from "../../context";
import { setSessionCookie } from "../../http/access";
import { route } from "../../http/endpoint";
import { enforceLimits, forgiveHits } from "../../lib/rate-limit";
import { createSession } from "../accounts/sessions";
import { membersWhere } from "../organizations/service";
import { acceptInvitation, createAccountFromInvitation, openInvitation } from "./acceptance";
import { previewVoterList, sendVoterList } from "./lists";
import { invitationsOverview, resendInvitation, revokeInvitation } from "./service";

export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus, limits } = ctx;
  // Read when an invitation is sent: without PUBLIC_URL, publicOrigin names the port only once listening.
  const invitationContext = () => ({
    db,
    clock,
    linkBase: ctx.publicOrigin,
    secretKey: ctx.config.secretKey,
  });

  route(app, api.preview, ({ auth, params, body }) => previewVoterList(db, auth.user, params.id, body));
  route(app, api.send, ({ auth, params, body }) =>
    sendVoterList(invitationContext(), auth.user, params.id, body),
  );
  route(app, api.list, ({ auth, params }) => invitationsOverview(db, clock, auth.user, params.id));
  route(app, api.resend, ({ auth, params }) => resendInvitation(invitationContext(), auth.user, params.id));
  route(app, api.revoke, ({ auth, params }) => revokeInvitation(db, clock, auth.user, params.id));

  route(app, api.open, ({ params }) => openInvitation(db, clock, params.token));

  /** The organization's screens add the new member, as after any join. */
  const joined = async (organizationId: string, organizationName: string, userId: string) => {
    const [member] = await membersWhere(db, organizationId, [userId]);
    if (member)
      await bus.publish(`org:${organizationId}`, "member.joined", {
        organization_id: organizationId,
        member,
      });
    return {
      success: true as const,
      message: voterListMessages.accepted(organizationName),
      organization_id: organizationId,
    };
  };

  route(app, api.accept, async ({ auth, body }) => {
    const accepted = await acceptInvitation(db, clock, auth.user, body.token);
    return joined(accepted.organizationId, accepted.organizationName, auth.user.id);
  });

  route(app, api.createAccount, async ({ body, request, reply }) => {
    // Every try counts against its address, and an account made from an invitation is taken back:
    // an office or a polling station behind one address is never refused for its invited voters,
    // while tries with tokens that are no invitation still run out (as sign-in's guesses do).
    const byAddress = `register:ip:${request.ip}`;
    await enforceLimits(db, clock, [{ key: byAddress, limit: limits.registerPerIp }]);
    const created = await createAccountFromInvitation(db, clock, ctx.config.secretKey, body);
    await forgiveHits(db, [byAddress]);
    setSessionCookie(request, reply, await createSession(db, clock, created.user, meta(request)));
    reply.code(201);
    return joined(created.organizationId, created.organizationName, created.user.id);
  });
}

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? "",
});
