import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

/** What helmet adds to a response, besides what any response carries. */
const ORDINARY = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

/**
 * helmet's security headers (CSP, frame and referrer policies, …), worked out once at start and
 * set as they are on every response. @fastify/helmet calls helmet(options) on every request,
 * parsing and checking the whole CSP again each time; the headers never change here (no per-route
 * options, no nonces), so one probe request through @fastify/helmet itself gives them all.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get("/", async () => "");
  const answered = await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answered.headers)) {
    if (!ORDINARY.has(name) && typeof value === "string") headers[name] = value;
  }
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // For what is answered before any hook runs (a page's address Fastify could not decode: web.ts).
  app.decorate("securityHeaders", headers);
}

/** The security headers of this app, for a reply made before its hooks run; none when not installed. */
export function securityHeadersOf(app: FastifyInstance): Record<string, string> {
  return (app as FastifyInstance & { securityHeaders?: Record<string, string> }).securityHeaders ?? {};
}
