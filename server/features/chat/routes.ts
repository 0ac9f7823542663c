import type { FastifyInstance } from "fastify";
import {
  type ContactList,
  contactsQuery,
  conversationQuery,
  type ReadResult,
  sendMessageInput,
  type UnreadTotal,
  unreadQuery,
} from "../../../contract/chat";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { enforceLimits } from "../../lib/rate-limit";
import { listContacts, readConversation, readMessagesFrom, sendMessage, unreadTotal } from "./service";

/** Direct messages: contacts, conversations, sending, read marks and the unread badge. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus, clock } = ctx;
  const user = { config: { access: "user" as const } };

  app.get("/api/chat/contacts", user, async (request): Promise<ContactList> => {
    const { organizationId } = parse(contactsQuery, request.query);
    return { contacts: await listContacts(db, currentUser(request), organizationId) };
  });

  app.get("/api/chat/unread", user, async (request): Promise<UnreadTotal> => {
    const { organizationId } = parse(unreadQuery, request.query);
    return { total: await unreadTotal(db, currentUser(request), organizationId) };
  });

  app.get("/api/chat/conversations/:id", user, (request) => {
    const page = parse(conversationQuery, request.query);
    return readConversation(db, currentUser(request), idParam(request.params), page);
  });

  app.post("/api/chat/conversations/:id", user, async (request, reply) => {
    const recipientId = idParam(request.params);
    const { content } = parse(sendMessageInput, request.body);
    const sender = currentUser(request);
    // The same budget as channel messages, counted separately.
    await enforceLimits(db, clock, [{ key: `chat:user:${sender.id}`, limit: ctx.limits.postsPerUser }]);
    const message = await sendMessage(db, sender, recipientId, content);
    await bus.publish(`user:${recipientId}`, "message.created", message);
    await bus.publish(`user:${sender.id}`, "message.created", message);
    return reply.code(201).send(message);
  });

  app.post("/api/chat/conversations/:id/read", user, async (request): Promise<ReadResult> => {
    noBody(request.body);
    const reader = currentUser(request);
    const senderId = idParam(request.params);
    const { marked, readAt, tellSender } = await readMessagesFrom(db, clock, reader, senderId);
    if (marked > 0) {
      const payload = { reader_id: reader.id, sender_id: senderId, read_at: readAt.toISOString() };
      if (tellSender) await bus.publish(`user:${senderId}`, "message.read", payload);
      await bus.publish(`user:${reader.id}`, "message.read", payload);
    }
    return { marked, read_at: readAt.toISOString() };
  });
}
