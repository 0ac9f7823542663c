import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { devEndpoints } from "../../../contract/dev";
import type { AppContext } from "../../context";
import { outbox } from "../../db/schema";
import { route } from "../../http/endpoint";
import { notFound } from "../../http/errors";
import { mayShowDemoSecrets } from "../../http/loopback";

/**
 * The developer outbox: the messages of the outbox table (verification codes, reset links), for
 * trying the product without a mail or SMS provider. Only a demo server shows it, and only to
 * requests from its own machine (`mayShowDemoSecrets`); everywhere else it is a 404.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, devEndpoints.outbox, async ({ request }) => {
    if (!mayShowDemoSecrets(ctx.config, request)) throw notFound();
    const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        created_at: row.createdAt.toISOString(),
        state: row.state,
        failure: row.state === "failed" ? row.lastError : null,
      })),
    };
  });
}
