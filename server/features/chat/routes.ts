import type { FastifyInstance } from "fastify";
import { chatEndpoints } from "../../../contract/chat-endpoints";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { inSenderOrder } from "../../http/sender-order";
import { keyedQueue } from "../../lib/keyed-queue";
import { listContacts, readConversation, readMessagesFrom, sendMessage, unreadTotal } from "./service";

/** Direct messages: contacts, conversations, sending, read marks and the unread badge. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, bus, clock } = ctx;
  const limiter = ctx.hitLimiter;
  const inTurn = keyedQueue();

  route(app, chatEndpoints.contacts, async ({ auth, query }) => ({
    contacts: await listContacts(db, auth.user, query.organizationId),
  }));

  route(app, chatEndpoints.unread, async ({ auth, query }) => ({
    total: await unreadTotal(db, auth.user, query.organizationId),
  }));

  route(app, chatEndpoints.conversation, ({ auth, params, query }) =>
    readConversation(db, auth.user, params.id, query),
  );

  route(
    app,
    chatEndpoints.send,
    async ({ auth, params, body, request, reply }) => {
      const recipientId = params.id;
      const sender = auth.user;
      // The same budget as channel messages, counted separately (no row per message).
      await limiter.enforce([{ key: `chat:user:${sender.id}`, limit: ctx.limits.postsPerUser }]);
      // A sender's messages are written and announced in the order they were sent; one bus
      // message reaches both parties (the recipient, and the sender's other tabs).
      const message = await inSenderOrder(request, () =>
        inTurn(sender.id, () => sendMessage(db, bus, sender, recipientId, body.content, body.id)),
      );
      reply.code(201);
      return message;
    },
    { senderOrder: true },
  );

  route(app, chatEndpoints.markRead, async ({ auth, params }) => {
    const reader = auth.user;
    const senderId = params.id;
    const { marked, readAt, tellSender } = await readMessagesFrom(db, clock, reader, senderId);
    if (marked > 0) {
      // One bus message: to the reader's other tabs, and to the sender while the reader shows read receipts.
      const payload = { reader_id: reader.id, sender_id: senderId, read_at: readAt.toISOString() };
      const readerTabs = `user:${reader.id}` as const;
      await bus.publish(tellSender ? [readerTabs, `user:${senderId}`] : readerTabs, "message.read", payload);
    }
    return { marked, read_at: readAt.toISOString() };
  });
}
