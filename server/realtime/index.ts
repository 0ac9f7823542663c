import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { socketMessages } from "../../contract/events";
import type { AppContext } from "../context";
import { ActivityBatcher } from "./activity";
import type { Bus } from "./bus";
import { defaultSocketLimits, type SocketLimits } from "./connection";
import { PresenceTracker } from "./presence";
import { SocketHub, socketRoute } from "./socket";

export { onlineUserIds } from "./presence";

/** This process's realtime parts, for shutdown, tests and benchmarks. */
export interface Realtime {
  bus: Bus;
  hub: SocketHub;
  presence: PresenceTracker;
  /** Unread-count activity, derived from `post.created` and batched per organization. */
  activity: ActivityBatcher;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  limits?: Partial<SocketLimits>;
  /** How often sessions and subscriptions of open sockets are checked again. */
  revalidateEveryMs?: number;
  /** How often sockets are pinged; one silent for a whole period is cut off. */
  keepaliveEveryMs?: number;
  /** An organization's sockets hear of new messages at most this often (activity.ts). */
  activityEveryMs?: number;
}

/** Close code 1012: the server restarts (or lost events); clients reconnect and refetch. */
const SERVICE_RESTART = 1012;
/** Close code 1001: this process is going away; clients reconnect, to another process if there is one. */
const GOING_AWAY = 1001;

/**
 * The realtime backbone of one process: `/api/ws`, delivery of every bus message to the sockets
 * subscribed to its topic, and presence. Features publish with `ctx.bus.publish(topic, event,
 * payload)` after their transaction commits; "Online now" comes from `onlineUserIds`.
 */
export async function installRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const limits = { ...defaultSocketLimits, ...options.limits };
  const presence = new PresenceTracker(ctx.db, ctx.bus, app.log);
  const hub = new SocketHub({ db: ctx.db, clock: ctx.clock, presence, limits, log: app.log });
  const activity = new ActivityBatcher(hub.index, options.activityEveryMs);
  const stopDelivery = ctx.bus.onMessage((message) => {
    hub.deliver(message);
    activity.take(message);
    // A membership ended or a role changed: that user's subscriptions are checked again at once
    // (after the event itself was delivered, so their own tabs hear that they left).
    if (message.event === "member.left" || message.event === "member.role_changed") {
      const { user_id } = message.payload as { user_id: string };
      hub
        .recheckUser(user_id)
        .catch((error: unknown) => app.log.warn({ err: error }, "realtime re-check failed"));
    }
    // Sessions of a user ended: that user's sockets whose session is gone close now.
    if (message.event === "session.ended") {
      const { user_id } = message.payload as { user_id: string };
      hub
        .recheckSessions(user_id)
        .catch((error: unknown) => app.log.warn({ err: error }, "realtime session check failed"));
    }
  });
  // The listener was rebuilt after a drop: events may be lost, so every client starts afresh.
  const stopResume = ctx.bus.onResume?.(() => {
    hub.quiet.gap();
    hub.closeAll(SERVICE_RESTART, socketMessages.restarting);
  });

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await hub.revalidate();
    } catch (error) {
      app.log.warn({ err: error }, "realtime re-validation failed");
    } finally {
      sweeping = false;
    }
  };
  const timers: NodeJS.Timeout[] = [];

  app.decorate("realtime", { bus: ctx.bus, hub, presence, activity });
  app.addHook("onReady", async () => {
    await presence.start();
    timers.push(setInterval(sweep, options.revalidateEveryMs ?? 60_000));
    timers.push(setInterval(() => hub.keepalive(), options.keepaliveEveryMs ?? 30_000));
    for (const timer of timers) timer.unref();
  });
  // Added before the plugin's own preClose so ours runs first: sockets are told why they close.
  app.addHook("preClose", async () => {
    for (const timer of timers) clearInterval(timer);
    stopDelivery();
    activity.close();
    stopResume?.();
    hub.closeAll(GOING_AWAY, socketMessages.restarting);
  });
  app.addHook("onClose", async () => {
    await presence.close().catch((error) => app.log.warn({ err: error }, "presence cleanup failed"));
  });

  // The socket takes messages up to the signal size; Connection closes larger ones that are not signals.
  const maxPayload = Math.max(limits.maxMessageBytes, limits.maxSignalBytes);
  await app.register(fastifyWebsocket, {
    options: { maxPayload },
    // A client breaking the protocol (a frame over maxPayload, text that is not UTF-8) is the
    // client's doing: noted, not logged as a server error (any signed-in user could fill the log
    // with stacks, and set off its alerts). ws has closed it with the code that says why.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && code.startsWith("WS_ERR_"))
        request.log.info({ code }, "websocket closed: the client broke the protocol");
      else request.log.error({ err: error }, "websocket failed");
      socket.terminate();
    },
  });
  socketRoute(app, hub, ctx.config.publicUrl);
  return app.realtime;
}
