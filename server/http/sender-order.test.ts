import { request as httpRequest } from "node:http";
import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { inSenderOrder, installSenderOrder } from "./sender-order";

/**
 * A session's requests reach their write queue in the order they came, even when an earlier one
 * waits longer before its handler (a session check on a slower pool connection, here a delay).
 */
async function server(senderOrder: boolean) {
  const app = Fastify();
  await app.register(fastifyCookie);
  installSenderOrder(app, "session");
  const entered: number[] = [];
  app.route({
    method: "POST",
    url: "/send/:n",
    config: { senderOrder },
    // The first request's "session check" is the slowest.
    preHandler: async (request) => {
      const n = Number((request.params as { n: string }).n);
      await new Promise((resolve) => setTimeout(resolve, n === 0 ? 40 : n === 4 ? 150 : 1));
      if (n === 2 || n === 4) throw new Error("refused before the handler");
    },
    handler: async (request) => {
      const n = Number((request.params as { n: string }).n);
      return inSenderOrder(request, async () => {
        entered.push(n);
        return { n };
      });
    },
  });
  await app.ready();
  const send = (n: number, cookie = "session=a") =>
    app.inject({ method: "POST", url: `/send/${n}`, headers: { cookie } });
  return { app, entered, send };
}

describe("sender order", () => {
  it("keeps a session's requests in the order they came, a refused one included", async () => {
    const { app, entered, send } = await server(true);
    const answers = await Promise.all([0, 1, 2, 3].map((n) => send(n)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 500, 200]);
    expect(entered).toEqual([0, 1, 3]);
    await app.close();
  });

  it("lets other sessions pass a slow one", async () => {
    const { app, entered, send } = await server(true);
    await Promise.all([send(0, "session=a"), send(1, "session=b")]);
    expect(entered).toEqual([1, 0]);
    await app.close();
  });

  it("frees the turn of a request whose client left before the answer (no later send waits forever)", async () => {
    const { app, entered, send } = await server(true);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    // Sent whole, then the connection dropped while the request is still being checked.
    await new Promise<void>((resolve) => {
      const gone = httpRequest(`${address}/send/4`, {
        method: "POST",
        headers: { cookie: "session=a", "content-type": "application/json" },
      });
      gone.on("error", () => resolve());
      gone.end(JSON.stringify({ content: "hello" }), () =>
        setTimeout(() => {
          gone.destroy();
          resolve();
        }, 20),
      );
    });
    const next = await send(1);
    expect(next.statusCode).toBe(200);
    expect(entered).toEqual([1]);
    await app.close();
  });

  it("is what keeps the order: without it the slow request is overtaken", async () => {
    const { app, entered, send } = await server(false);
    await Promise.all([0, 1, 3].map((n) => send(n)));
    expect(entered).toEqual([1, 3, 0]);
    await app.close();
  });
});
