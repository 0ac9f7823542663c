import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages } from "../../../contract/messages";
import type { JoinResult } from "../../../contract/organizations";
import { organizationsEndpoints as api } from "../../../contract/organizations-endpoints";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { conflict, unauthorized } from "../../http/errors";
import { onlineUserIds } from "../../realtime/presence";
import { adminsTopic } from "../monitoring/announce";
import { organizationCalendar } from "./calendar";
import { announceDeparture, announceProfile } from "./events";
import {
  decideJoinRequest,
  findOrganizationOr404,
  invitePreview,
  type JoinOutcome,
  joinOrganization,
  listJoinRequests,
  organizationByInvite,
} from "./joining";
import { membershipRoutes } from "./membership-routes";
import { requireMember } from "./policy";
import {
  listMembers,
  myOrganizations,
  organizationProfile,
  regenerateInviteCode,
  searchOrganizations,
  switchOrganization,
  updateOrganization,
  updateOrganizationSettings,
} from "./service";
import { organizationStats } from "./stats";

export function organizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus } = ctx;

  membershipRoutes(app, ctx);

  route(app, api.mine, ({ auth }) => myOrganizations(db, auth.user));

  route(app, api.switchTo, async ({ auth, body: { organization_id } }) => {
    await switchOrganization(db, auth.user, organization_id);
    return myOrganizations(db, { ...auth.user, organizationId: organization_id });
  });

  route(app, api.search, async ({ auth, query }) => ({
    organizations: await searchOrganizations(db, auth.user, query.q),
  }));

  route(app, api.profile, ({ auth, params }) => organizationProfile(db, auth.user, params.id));

  route(app, api.stats, async ({ auth, params }) => {
    await requireMember(db, auth.user, params.id);
    return organizationStats(ctx, params.id);
  });

  route(app, api.calendar, async ({ auth, params, query: range }) => {
    await requireMember(db, auth.user, params.id);
    return { events: await organizationCalendar(db, params.id, new Date(range.from), new Date(range.to)) };
  });

  route(app, api.online, async ({ auth, params }) => {
    await requireMember(db, auth.user, params.id);
    return { user_ids: await onlineUserIds(db, params.id) };
  });

  route(app, api.members, async ({ auth, params }) => ({
    members: await listMembers(db, auth.user, params.id),
  }));

  route(app, api.update, async ({ auth, params, body }) => {
    const profile = await updateOrganization(db, auth.user, params.id, body, ctx.clock.now());
    await announceProfile(bus, profile);
    return profile;
  });

  route(app, api.updateSettings, async ({ auth, params, body }) => {
    const profile = await updateOrganizationSettings(db, auth.user, params.id, body);
    await announceProfile(bus, profile);
    return profile;
  });

  route(app, api.newInviteCode, async ({ auth, params: { id }, body: { password }, request }) => {
    const code = await regenerateInviteCode(ctx, auth.user, id, password, request.ip);
    await announceProfile(bus, await organizationProfile(db, auth.user, id));
    return { invite_code: code };
  });

  const announce = async (outcome: JoinOutcome): Promise<JoinResult> => {
    if (outcome.member) {
      await bus.publish(`org:${outcome.organization_id}`, "member.joined", {
        organization_id: outcome.organization_id,
        member: outcome.member,
      });
    }
    // A request (with the requester's e-mail, and whose ID number it repeats) is the administrators' only.
    if (outcome.request) {
      await bus.publish(adminsTopic(outcome.organization_id), "join_request.created", {
        organization_id: outcome.organization_id,
        request: outcome.request,
      });
    }
    if (outcome.alertId) {
      await bus.publish(adminsTopic(outcome.organization_id), "alert.created", {
        organization_id: outcome.organization_id,
        alert_id: outcome.alertId,
        session_id: null,
      });
    }
    return { status: outcome.status, message: outcome.message, organization_id: outcome.organization_id };
  };

  // Public routes that answer a signed-out caller with the spec's own words.
  const signedIn = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(messages.signInToJoin);
    return request.auth.user;
  };

  route(app, api.join, async ({ params, request }) => {
    const organization = await findOrganizationOr404(db, params.id);
    return announce(await joinOrganization(db, ctx.clock, signedIn(request), organization, "search"));
  });

  route(app, api.invite, ({ params, auth }) => invitePreview(db, params.code, auth?.user ?? null));

  route(app, api.acceptInvite, async ({ params, request }) => {
    const organization = await organizationByInvite(db, params.code);
    return announce(await joinOrganization(db, ctx.clock, signedIn(request), organization, "invite"));
  });

  route(app, api.joinRequests, async ({ auth, params }) => ({
    requests: await listJoinRequests(db, auth.user, params.id),
  }));

  for (const [endpoint, approve] of [
    [api.approve, true],
    [api.decline, false],
  ] as const) {
    route(app, endpoint, async ({ auth, params }) => {
      const decided = await decideJoinRequest(db, ctx.clock, auth.user, params.id, approve);
      if (decided.outcome === "refused") {
        if (decided.alertId) {
          await bus.publish(adminsTopic(decided.organizationId), "alert.created", {
            organization_id: decided.organizationId,
            alert_id: decided.alertId,
            session_id: null,
          });
        }
        throw conflict(messages.sameIdNumberOnRoll);
      }
      const organization = await findOrganizationOr404(db, decided.organizationId);
      const decision = {
        organization_id: decided.organizationId,
        request_id: params.id,
        status: approve ? ("approved" as const) : ("declined" as const),
      };
      await bus.publish(`user:${decided.userId}`, "join_request.decided", {
        ...decision,
        organization: approve
          ? { id: organization.id, name: organization.name, logo_url: organization.logoUrl }
          : undefined,
      });
      await bus.publish(adminsTopic(decided.organizationId), "join_request.decided", decision);
      if (decided.outcome === "approved") {
        // The account that held the requester's ID number, when the administrator gave it to the requester.
        for (const userId of decided.removedUserIds) {
          await announceDeparture(bus, decided.organizationId, userId, "removed");
        }
        if (decided.member) {
          await bus.publish(`org:${decided.organizationId}`, "member.joined", {
            organization_id: decided.organizationId,
            member: decided.member,
          });
        }
      }
      return { success: true, message: approve ? messages.joined : "Request declined" };
    });
  }
}
