import type { FastifyInstance } from "fastify";
import { messages } from "../../contract/messages";
import { forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State changes only from our own origin: a browser names the page's origin on every POST, PUT,
 * PATCH and DELETE, and it must be this site's (or PUBLIC_URL's). Requests that name no origin and
 * are not marked cross-site by the browser come from non-browser clients, which carry no cookies
 * of a victim, and pass.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const allowed = publicUrl ? new URL(publicUrl).origin : null;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && origin !== allowed) throw forbidden(messages.crossOrigin);
      return;
    }
    if (request.headers["sec-fetch-site"] === "cross-site") throw forbidden(messages.crossOrigin);
  });
}
