import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../contract/messages";
import { projectRoot } from "../root";
import { body } from "./errors";
import { securityHeadersOf } from "./security-headers";

export const webDist = path.join(projectRoot, "web/dist");

/**
 * Serves the built web app; any other GET that is not under /api or /assets gets index.html, so the
 * browser's router takes the path. Unknown /api paths and missing assets get the error shape.
 */
export async function installWeb(app: FastifyInstance, serveWeb: boolean, root = webDist): Promise<void> {
  const serving = serveWeb && existsSync(path.join(root, "index.html"));
  if (serving) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (web/build/precompress.ts): sent as the browser accepts.
      preCompressed: true,
      // Ours below; the plugin's own ("public, max-age=0") would be written over them.
      cacheControl: false,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  if (serving) app.decorate("webPage", path.join(root, "index.html"));
  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request) && sendPage(reply)) return reply;
    return reply.code(404).send(body("not_found", messages.notFound));
  });
}

/**
 * A GET for one of the app's pages: not under /api, nor under /assets (a missing asset is a 404,
 * never the page: a tab opened before a new build asks for the old build's chunks, and the page in
 * their place, as text/html, left it blank, where a 404 lets it load again through the app's error
 * boundary on a failed chunk).
 */
export function isPageRequest(request: Pick<FastifyRequest, "method" | "url">): boolean {
  return request.method === "GET" && !request.url.startsWith("/api") && !request.url.startsWith("/assets/");
}

/**
 * Sends the page (index.html, revalidated at every visit); false when this server serves no web
 * app. A reply made before routing (a URL Fastify could not decode) has no `sendFile`: the file is
 * streamed as it is.
 */
export function sendPage(reply: FastifyReply): boolean {
  const page = (reply.server as { webPage?: string }).webPage;
  if (!page) return false;
  // The hooks that set them have not run for a reply made before routing.
  reply.headers(securityHeadersOf(reply.server));
  reply.header("cache-control", "no-cache");
  if (typeof reply.sendFile === "function") void reply.sendFile("index.html");
  else void reply.type("text/html; charset=utf-8").send(createReadStream(page));
  return true;
}
