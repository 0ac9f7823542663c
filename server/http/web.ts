import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { messages } from "../../contract/messages";
import { projectRoot } from "../root";
import { body } from "./errors";

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
  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a 404, never the page: a tab opened before a new build asks for the old
    // build's chunks, and the page in their place (as text/html) left it blank, where a 404 lets it
    // load again (the app's error boundary on a failed chunk).
    const isPage =
      request.method === "GET" && !request.url.startsWith("/api") && !request.url.startsWith("/assets/");
    if (serving && isPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send(body("not_found", messages.notFound));
  });
}
