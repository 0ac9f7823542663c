import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * A sender's messages in the order they were sent. Requests sent close together are read in order,
 * but then wait on the database (the session check) on different pool connections and may reach
 * their handler in any order. On a route that asks for it (`config.senderOrder`), each request of
 * a session takes a turn when it arrives, before any await; its handler enters its write queue
 * (`inSenderOrder`) only once the session's previous request has entered its own, or has ended.
 * The session checks still run side by side; only the entry into the queue waits.
 */
declare module "fastify" {
  interface FastifyContextConfig {
    senderOrder?: boolean;
  }
  interface FastifyRequest {
    senderTurn: { previous: Promise<void>; release: () => void } | null;
  }
}

export function installSenderOrder(app: FastifyInstance, cookieName: string): void {
  const last = new Map<string, Promise<void>>();
  app.decorateRequest("senderTurn", null);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.config.senderOrder) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    let release = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = last.get(token) ?? Promise.resolve();
    request.senderTurn = { previous, release };
    // However the request ends: answered, refused before its handler, or its client gone (after
    // its whole body came, Fastify runs neither onResponse nor onRequestAbort).
    reply.raw.once("close", release);
    // The next request's turn comes when this one and every one before it entered or ended.
    const mine = previous.then(() => done);
    last.set(token, mine);
    // The session's last request leaves no entry behind.
    void mine.then(() => {
      if (last.get(token) === mine) last.delete(token);
    });
  });
}

/**
 * Runs `enter` (which must enter the route's write queue before its first await) once the session's
 * previous request has entered its queue, then lets the next one in.
 */
export async function inSenderOrder<T>(request: FastifyRequest, enter: () => Promise<T>): Promise<T> {
  const turn = request.senderTurn;
  if (!turn) return enter();
  await turn.previous;
  try {
    return enter();
  } finally {
    turn.release();
  }
}
