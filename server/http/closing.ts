import net from "node:net";
import type { FastifyInstance } from "fastify";
import { messages } from "../../contract/messages";
import { body } from "./errors";

/**
 * How long open connections may take to end after `Connection: close` before the idle ones are
 * cut (an idle browser connection may stay silent; requests in flight are awaited regardless).
 */
export const DRAIN_MS = 1_000;

/**
 * Shutting down without dropping anyone. When the app starts closing: no new connection is
 * accepted; a request that still arrives on an open connection is answered 503 in the one error
 * shape (Fastify's own 503, another body, is off in app.ts); every response, those in flight too,
 * says `Connection: close`, so clients stop reusing their connection; connections get up to
 * DRAIN_MS to end that way before Fastify closes the idle ones (cutting an idle keep-alive
 * connection at once resets the requests already on their way through it); in-flight requests
 * finish before the onClose hooks close the bus and main.ts closes the database.
 *
 * Install it last: its preClose hook runs after the realtime one has closed the WebSockets.
 */
export function installClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header("connection", "close")
      .header("retry-after", "5")
      .send(body("unavailable", messages.serviceUnavailable));
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  app.addHook("preClose", async () => {
    closing = true;
    const server = app.server;
    if (!server.listening) return;
    // Stop accepting without cutting idle connections (http's close() would cut them at once).
    // Fastify's close() comes next; net.Server emits "close" again for it once drained.
    net.Server.prototype.close.call(server);
    const deadline = Date.now() + DRAIN_MS;
    while (Date.now() < deadline && (await openConnections(server)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}

function openConnections(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
