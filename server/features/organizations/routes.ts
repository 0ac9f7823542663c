import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages } from "../../../contract/messages";
import {
  calendarQuery,
  type JoinResult,
  organizationSettingsInput,
  searchQuery,
  switchOrganizationInput,
  updateOrganizationInput,
} from "../../../contract/organizations";
import { passwordConfirmInput } from "../../../contract/settings";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { conflict, parse, unauthorized } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { onlineUserIds } from "../../realtime/presence";
import { monitoringTopic } from "../monitoring/announce";
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
  const user = { config: { access: "user" as const } };

  membershipRoutes(app, ctx);

  app.get("/api/organizations/mine", user, (request) => myOrganizations(db, currentUser(request)));

  app.put("/api/organizations/current", user, async (request) => {
    const { organization_id } = parse(switchOrganizationInput, request.body);
    await switchOrganization(db, currentUser(request), organization_id);
    return myOrganizations(db, { ...currentUser(request), organizationId: organization_id });
  });

  app.get("/api/organizations/search", user, async (request) => {
    const { q } = parse(searchQuery, request.query);
    return { organizations: await searchOrganizations(db, currentUser(request), q) };
  });

  app.get("/api/organizations/:id", user, (request) =>
    organizationProfile(db, currentUser(request), idParam(request.params)),
  );

  app.get("/api/organizations/:id/stats", user, async (request) => {
    const id = idParam(request.params);
    await requireMember(db, currentUser(request), id);
    return organizationStats(ctx, id);
  });

  app.get("/api/organizations/:id/calendar", user, async (request) => {
    const id = idParam(request.params);
    const range = parse(calendarQuery, request.query);
    await requireMember(db, currentUser(request), id);
    return { events: await organizationCalendar(db, id, new Date(range.from), new Date(range.to)) };
  });

  app.get("/api/organizations/:id/online", user, async (request) => {
    const id = idParam(request.params);
    await requireMember(db, currentUser(request), id);
    return { user_ids: await onlineUserIds(db, id) };
  });

  app.get("/api/organizations/:id/members", user, async (request) => ({
    members: await listMembers(db, currentUser(request), idParam(request.params)),
  }));

  app.patch("/api/organizations/:id", user, async (request) => {
    const input = parse(updateOrganizationInput, request.body);
    const profile = await updateOrganization(db, currentUser(request), idParam(request.params), input);
    await announceProfile(bus, profile);
    return profile;
  });

  app.patch("/api/organizations/:id/settings", user, async (request) => {
    const input = parse(organizationSettingsInput, request.body);
    const profile = await updateOrganizationSettings(
      db,
      currentUser(request),
      idParam(request.params),
      input,
    );
    await announceProfile(bus, profile);
    return profile;
  });

  app.post("/api/organizations/:id/invite-code", user, async (request) => {
    const { password } = parse(passwordConfirmInput, request.body ?? {});
    const id = idParam(request.params);
    const code = await regenerateInviteCode(ctx, currentUser(request), id, password, request.ip);
    await announceProfile(bus, await organizationProfile(db, currentUser(request), id));
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
      await bus.publish(monitoringTopic(outcome.organization_id), "join_request.created", {
        organization_id: outcome.organization_id,
        request: outcome.request,
      });
    }
    if (outcome.alertId) {
      await bus.publish(monitoringTopic(outcome.organization_id), "alert.created", {
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

  app.post("/api/organizations/:id/join", { config: { access: "public" } }, async (request) => {
    noBody(request.body);
    const organization = await findOrganizationOr404(db, idParam(request.params));
    return announce(await joinOrganization(db, ctx.clock, signedIn(request), organization, "search"));
  });

  app.get("/api/invites/:code", { config: { access: "public" } }, (request) =>
    invitePreview(db, (request.params as { code: string }).code, request.auth?.user ?? null),
  );

  app.post("/api/invites/:code/accept", { config: { access: "public" } }, async (request) => {
    noBody(request.body);
    const organization = await organizationByInvite(db, (request.params as { code: string }).code);
    return announce(await joinOrganization(db, ctx.clock, signedIn(request), organization, "invite"));
  });

  app.get("/api/organizations/:id/join-requests", user, async (request) => ({
    requests: await listJoinRequests(db, currentUser(request), idParam(request.params)),
  }));

  for (const [verb, approve] of [
    ["approve", true],
    ["decline", false],
  ] as const) {
    app.post(`/api/join-requests/:id/${verb}`, user, async (request) => {
      noBody(request.body);
      const decided = await decideJoinRequest(
        db,
        ctx.clock,
        currentUser(request),
        idParam(request.params),
        approve,
      );
      if (decided.outcome === "refused") {
        if (decided.alertId) {
          await bus.publish(monitoringTopic(decided.organizationId), "alert.created", {
            organization_id: decided.organizationId,
            alert_id: decided.alertId,
            session_id: null,
          });
        }
        throw conflict(messages.sameIdNumberOnRoll);
      }
      const organization = await findOrganizationOr404(db, decided.organizationId);
      await bus.publish(`user:${decided.userId}`, "join_request.decided", {
        organization_id: decided.organizationId,
        request_id: idParam(request.params),
        status: approve ? "approved" : "declined",
        organization: approve
          ? { id: organization.id, name: organization.name, logo_url: organization.logoUrl }
          : undefined,
      });
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
