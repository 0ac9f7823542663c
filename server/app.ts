import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import { type AppContext, defaultLimits, type Limits } from "./context";
import type { Database } from "./db/connect";
import { accountRoutes } from "./features/accounts/routes";
import { channelRoutes } from "./features/channels/routes";
import { chatRoutes } from "./features/chat/routes";
import { devRoutes } from "./features/dev/routes";
import { electionRoutes } from "./features/elections/routes";
import { healthRoutes } from "./features/health/routes";
import { invitationRoutes } from "./features/invitations/routes";
import { monitoringRoutes } from "./features/monitoring/routes";
import { organizationRoutes } from "./features/organizations/routes";
import { platformAdminRoutes } from "./features/platform-admin/routes";
import { postRoutes } from "./features/posts/routes";
import { profileRoutes } from "./features/profile/routes";
import { createMediaServer } from "./features/rooms/media/index";
import type { MediaServer } from "./features/rooms/media/server";
import { roomRoutes } from "./features/rooms/routes";
import { searchRoutes } from "./features/search/routes";
import { settingsRoutes } from "./features/settings/routes";
import { uploadRoutes } from "./features/uploads/routes";
import { installAccess, SESSION_COOKIE } from "./http/access";
import { installNoStore } from "./http/cache";
import { clientErrorHandler } from "./http/client-errors";
import { installClosing } from "./http/closing";
import { answerFrameworkError, installErrorHandler } from "./http/errors";
import { installInputCheck } from "./http/input";
import { type LogOptions, loggerOptions } from "./http/logging";
import { installOriginCheck } from "./http/origin";
import { proxyTrust } from "./http/proxy";
import { linkOrigin } from "./http/public-origin";
import { installSecurityHeaders } from "./http/security-headers";
import { installSenderOrder } from "./http/sender-order";
import { installWeb, isPageRequest, sendPage } from "./http/web";
import { type Clock, systemClock } from "./lib/clock";
import { MemoryLimiter } from "./lib/rate-limit";
import { RedisClient } from "./lib/redis";
import { SharedLimiter } from "./lib/shared-limiter";
import { type Bus, createBus } from "./realtime/bus";
import { installRealtime } from "./realtime/index";
import { createStorage } from "./storage/index";

export interface AppParts {
  config: Config;
  database: Database;
  clock?: Clock;
  bus?: Bus;
  /** The media server rooms use (default: the one the config names). */
  media?: MediaServer;
  limits?: Partial<Limits>;
  /** false: no log (tests); else the level and where lines go (default: the config's level, stdout). */
  logger?: false | LogOptions;
  /** Where the built web app is (default web/dist); browser tests may build their own. */
  webDist?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The parts the app was built from, for the process entry's background work. */
    context: AppContext;
  }
}

/** Builds the whole app from its parts; main.ts and the tests both call this. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config, database } = parts;
  const logger: FastifyServerOptions["logger"] =
    parts.logger === false ? false : loggerOptions(parts.logger ?? { level: config.logLevel });
  const app = Fastify({
    logger,
    // false, a hop count or the proxies' addresses (config.ts): never every hop.
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A path part past Fastify's 100 characters matched no route and was answered "The request
    // could not be read": each route's schema caps its params with its own words (an invitation
    // link lengthened by a bad copy: "This invitation link is not valid").
    routerOptions: { maxParamLength: 2048 },
    genReqId: () => randomUUID(),
    frameworkErrors: (error, request, reply) => {
      // A page's address that is not valid percent-encoding (`/join/%%%`): the page, whose router
      // says what is wrong in its own words, never a bare JSON error.
      if (error.code === "FST_ERR_BAD_URL" && isPageRequest(request) && sendPage(reply as FastifyReply))
        return;
      answerFrameworkError(error, reply as FastifyReply);
    },
    // Requests during shutdown get our 503 (http/closing.ts), in the one error shape.
    return503OnClosing: false,
    // Malformed HTTP, too slow, headers too large: the one error shape there too.
    clientErrorHandler,
  });
  const clock = parts.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    // LISTEN/NOTIFY when config names a PostgreSQL server, else in memory (one process, or a test).
    bus: parts.bus ?? (await createBus(database, config.databaseUrl, app.log)),
    limits: { ...defaultLimits, ...parts.limits },
    hitLimiter: config.redisUrl
      ? new SharedLimiter(new RedisClient(config.redisUrl), clock, app.log)
      : new MemoryLimiter(clock),
    storage: await createStorage(config),
    media: parts.media ?? createMediaServer(config),
    publicOrigin: linkOrigin(config, config.port),
  };
  // Without PUBLIC_URL, links name the port actually listened on (PORT=0 picks one).
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (address && typeof address === "object") ctx.publicOrigin = linkOrigin(config, address.port);
  });

  app.decorate("context", ctx);
  app.addHook("onClose", async () => ctx.storage.close());
  app.addHook("onClose", async () => ctx.hitLimiter.close());
  // A connection lost outside a query (a database restart) is replaced by the pool; say so once.
  const stopReporting = database.onConnectionError?.((error) =>
    app.log.warn({ err: error }, "database connection lost; a new one is opened when needed"),
  );
  if (stopReporting) app.addHook("onClose", async () => void stopReporting());
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Candidate pictures may be any https address an organization gives.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        mediaSrc: ["'self'", "blob:"],
        // Rooms on the Janus SFU talk to Janus's WebSocket (JANUS_URL), which is on another origin.
        connectSrc: ["'self'", ...(config.janus ? [new URL(config.janus.browserUrl).origin] : [])],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl?.startsWith("https://") ? undefined : false,
  });
  installOriginCheck(app, config.publicUrl);
  installNoStore(app);
  installAccess(app, ctx);
  installSenderOrder(app, SESSION_COOKIE);
  installInputCheck(app);

  healthRoutes(app, ctx);
  accountRoutes(app, ctx);
  // A bus made here is closed here, after presence has announced who left (onClose hooks run last-added first).
  if (!parts.bus) app.addHook("onClose", () => ctx.bus.close());
  await installRealtime(app, ctx);
  organizationRoutes(app, ctx);
  invitationRoutes(app, ctx);
  channelRoutes(app, ctx);
  electionRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  postRoutes(app, ctx);
  devRoutes(app, ctx);
  settingsRoutes(app, ctx);
  chatRoutes(app, ctx);
  searchRoutes(app, ctx);
  await uploadRoutes(app, ctx);
  await roomRoutes(app, ctx);
  platformAdminRoutes(app, ctx);
  profileRoutes(app, ctx);

  await installWeb(app, config.serveWeb, parts.webDist);
  installClosing(app);
  return app;
}
