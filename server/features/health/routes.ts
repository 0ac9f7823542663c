import type { FastifyInstance } from "fastify";
import { messages } from "../../../contract/messages";
import type { AppContext } from "../../context";
import { ping } from "../../db/connect";
import { body } from "../../http/errors";
import { reportPhases } from "../../lib/startup-phases";

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/health", { config: { access: "public" } }, async (request, reply) => {
    try {
      await ping(ctx.db);
      reportPhases();
      return { status: "ok", database: ctx.database.kind };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply.code(503).send(body("unavailable", messages.databaseUnavailable));
    }
  });
}
