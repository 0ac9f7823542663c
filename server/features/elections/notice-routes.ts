import type { FastifyInstance } from "fastify";
import { electionNoticesEndpoints } from "../../../contract/election-notices";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { readNotices, remindNonVoters, saveNoticeSettings } from "./reminders";

/** An election's notices and reminders, for its administrators. */
export function noticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus } = ctx;
  const n = electionNoticesEndpoints;

  route(app, n.read, ({ auth, params }) => readNotices(db, clock, auth.user, params.id));

  route(app, n.save, ({ auth, params, body }) => saveNoticeSettings(db, clock, auth.user, params.id, body));

  route(app, n.remind, async ({ auth, params, reply }) => {
    const { messages, ...sent } = await remindNonVoters({
      db,
      clock,
      admin: auth.user,
      electionId: params.id,
      origin: ctx.publicOrigin,
    });
    // The direct messages arrive live, as the chat's own (chat/routes.ts).
    for (const message of messages) {
      await bus.publish(`user:${message.recipient_id}`, "message.created", message);
      await bus.publish(`user:${message.sender_id}`, "message.created", message);
    }
    reply.code(201);
    return sent;
  });
}
