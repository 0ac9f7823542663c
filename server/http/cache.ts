import type { FastifyInstance } from "fastify";

/**
 * No API answer is kept by the browser or any cache on the way unless its route says otherwise
 * (by setting Cache-Control itself): answers carry personal data, and a shared computer's cache
 * outlives the session that fetched them. The web app's own files keep their caching (web.ts).
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
}
