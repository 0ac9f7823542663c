import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messages } from "../../../contract/messages";
import { memberRoleInput } from "../../../contract/organizations";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { announceDeparture } from "./events";
import { leaveOrganization, removeMember, setMemberRole } from "./membership";

const memberParams = z.object({
  id: z.uuid({ error: messages.notFound }),
  userId: z.uuid({ error: messages.memberNotFound }),
});

/** Leaving, removing a member, and giving or taking back administration. */
export function membershipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus } = ctx;
  const user = { config: { access: "user" as const } };

  app.post("/api/organizations/:id/leave", user, async (request) => {
    noBody(request.body);
    const me = currentUser(request);
    const organizationId = idParam(request.params);
    const name = await leaveOrganization(db, me, organizationId);
    await announceDeparture(bus, organizationId, me.id, "left");
    return { success: true, message: messages.leftOrganization(name) };
  });

  app.delete("/api/organizations/:id/members/:userId", user, async (request) => {
    const { id, userId } = parse(memberParams, request.params);
    const removed = await removeMember(db, currentUser(request), id, userId);
    await announceDeparture(bus, id, userId, "removed");
    return { success: true, message: messages.memberRemoved(removed.full_name) };
  });

  app.patch("/api/organizations/:id/members/:userId", user, async (request) => {
    const { id, userId } = parse(memberParams, request.params);
    const { role } = parse(memberRoleInput, request.body);
    const member = await setMemberRole(db, currentUser(request), id, userId, role);
    await bus.publish(`org:${id}`, "member.role_changed", { organization_id: id, user_id: userId, role });
    return { member };
  });
}
