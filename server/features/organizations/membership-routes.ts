import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import { organizationsEndpoints } from "../../../contract/organizations-endpoints";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { announceDeparture } from "./events";
import { leaveOrganization, removeMember, setMemberRole } from "./membership";

/** Leaving, removing a member, and giving or taking back administration. */
export function membershipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus } = ctx;

  route(app, organizationsEndpoints.leave, async ({ auth, params }) => {
    const name = await leaveOrganization(db, auth.user, params.id);
    await announceDeparture(bus, params.id, auth.user.id, "left");
    return { success: true, message: messages.leftOrganization(name) };
  });

  route(app, organizationsEndpoints.removeMember, async ({ auth, params: { id, userId } }) => {
    const removed = await removeMember(db, auth.user, id, userId);
    await announceDeparture(bus, id, userId, "removed");
    return { success: true, message: messages.memberRemoved(removed.full_name) };
  });

  route(
    app,
    organizationsEndpoints.setMemberRole,
    async ({ auth, params: { id, userId }, body: { role } }) => {
      const member = await setMemberRole(db, auth.user, id, userId, role);
      await bus.publish(`org:${id}`, "member.role_changed", { organization_id: id, user_id: userId, role });
      return { member };
    },
  );
}
