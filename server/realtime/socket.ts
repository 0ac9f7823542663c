import { and, gt } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { SOCKET_CLOSE, socketMessages, type Topic } from "../../contract/events";
import { messages } from "../../contract/messages";
import type { Db } from "../db/connect";
import { inList } from "../db/params";
import { sessions } from "../db/schema";
import type { User } from "../features/accounts/sessions";
import { mayWatch, mayWatchAll } from "../features/organizations/policy";
import { badRequest, forbidden } from "../http/errors";
import type { Clock } from "../lib/clock";
import type { BusLog, BusMessage } from "./bus";
import { Connection, type FeatureMessage, type SocketLimits } from "./connection";
import type { PresenceTracker } from "./presence";
import { TopicQuiet } from "./quiet";
import { TopicIndex } from "./topics";

export const SOCKET_PATH = "/api/ws";

export interface SocketHubDeps {
  db: Db;
  clock: Clock;
  presence: PresenceTracker;
  limits: SocketLimits;
  log: BusLog;
}

type FeatureHandler = (connection: Connection, message: FeatureMessage) => Promise<void>;

/**
 * The sockets of this process: accepts them, delivers bus messages to them through the topic
 * index, and keeps them honest: a periodic sweep closes sockets whose session ended (sign-out,
 * idle expiry) and drops subscriptions the user lost (left the organization); a keepalive ping
 * finds sockets whose peer vanished.
 */
export class SocketHub {
  readonly index = new TopicIndex<Connection>();
  readonly connections = new Set<Connection>();
  /** How long each topic has gone without an event, told with every subscription's confirmation. */
  readonly quiet = new TopicQuiet();
  private readonly featureHandlers = new Map<FeatureMessage["type"], FeatureHandler>();
  private readonly closeListeners = new Set<(connection: Connection) => void>();

  constructor(private readonly deps: SocketHubDeps) {}

  /** A feature takes the client messages of one type (rooms: seats and signals). */
  handle<T extends FeatureMessage["type"]>(
    type: T,
    handler: (connection: Connection, message: Extract<FeatureMessage, { type: T }>) => Promise<void>,
  ): void {
    this.featureHandlers.set(type, handler as FeatureHandler);
  }

  /** Told once when a socket of this process closes (rooms: the user leaves the session). */
  onClose(listener: (connection: Connection) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  accept(socket: WebSocket, auth: { user: User; sessionId: string }): Connection {
    const connection = new Connection(socket, auth.user, auth.sessionId, {
      index: this.index,
      limits: this.deps.limits,
      mayWatch: (user, topic) => mayWatch(this.deps.db, user, topic),
      quietFor: (topic) => this.quiet.quietFor(topic),
      feature: async (from, message) => {
        const handler = this.featureHandlers.get(message.type);
        if (handler) await handler(from, message);
        else from.send({ type: "error", message: socketMessages.invalidMessage });
      },
      log: this.deps.log,
    });
    this.connections.add(connection);
    this.deps.presence.connected(auth.user.id);
    socket.on("message", (data, isBinary) => connection.receive(data, isBinary));
    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("close", () => this.forget(connection));
    return connection;
  }

  deliver(message: BusMessage): number {
    this.quiet.note(message);
    return this.index.deliver(message);
  }

  /** Closes every socket, e.g. so that clients reconnect, resubscribe and refetch what they missed. */
  closeAll(code: number, reason: string): void {
    for (const connection of [...this.connections]) {
      connection.close(code, reason);
      this.forget(connection);
    }
  }

  /** Pings every socket; one that did not answer the previous ping is gone and is cut off. */
  keepalive(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /**
   * Closes sockets whose session is over, without extending it (an open tab is not activity), and
   * re-checks every subscription. A few queries in all, whatever the number of sockets: one per
   * socket and topic held the server's one thread for seconds on PGlite.
   */
  async revalidate(): Promise<void> {
    const connections = [...this.connections];
    const live = await this.liveSessions(connections.map((connection) => connection.sessionId));
    const staying: Connection[] = [];
    for (const connection of connections) {
      if (connection.isClosed) continue;
      if (live.has(connection.sessionId)) staying.push(connection);
      else connection.close(SOCKET_CLOSE.unauthorized, socketMessages.sessionExpired);
    }
    await this.recheckTopics(staying);
  }

  /** Closes at once this user's sockets whose session ended (signed out elsewhere, a password changed). */
  async recheckSessions(userId: string): Promise<void> {
    const mine = [...this.connections].filter((connection) => connection.user.id === userId);
    const live = await this.liveSessions(mine.map((connection) => connection.sessionId));
    for (const connection of mine) {
      if (!connection.isClosed && !live.has(connection.sessionId))
        connection.close(SOCKET_CLOSE.endedElsewhere, socketMessages.sessionEnded);
    }
  }

  /**
   * Re-checks at once every subscription of this user's sockets in this process: their membership
   * or role changed (left, removed, administration given or taken back), so the organization's
   * events stop reaching them now rather than at the next sweep.
   */
  async recheckUser(userId: string): Promise<void> {
    await this.recheckTopics([...this.connections].filter((connection) => connection.user.id === userId));
  }

  /** Every subscription of these open sockets checked in one batch; each one lost is dropped. */
  private async recheckTopics(connections: Connection[]): Promise<void> {
    const held = connections
      .filter((connection) => !connection.isClosed)
      .flatMap((connection) => [...connection.topics].map((topic) => ({ connection, topic })));
    if (held.length === 0) return;
    const allowed = await mayWatchAll(
      this.deps.db,
      held.map(({ connection, topic }) => ({ user: connection.user, topic })),
    );
    for (const [i, { connection, topic }] of held.entries()) {
      if (!allowed[i] && !connection.isClosed) connection.revoke(topic);
    }
  }

  subscriberCount(topic: Topic): number {
    return this.index.count(topic);
  }

  private forget(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    connection.forget();
    this.deps.presence.disconnected(connection.user.id);
    for (const listener of this.closeListeners) {
      try {
        listener(connection);
      } catch (error) {
        this.deps.log.warn({ err: error }, "socket close listener failed");
      }
    }
  }

  /** The sessions among these that are still open, in one query. */
  private async liveSessions(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(inList(sessions.id, [...new Set(ids)], "text"), gt(sessions.expiresAt, this.deps.clock.now())),
      );
    return new Set(rows.map((row) => row.id));
  }
}

/**
 * `GET /api/ws`: signed-in users only (the access preHandler answers 401 before any upgrade), and
 * only from our own origin: browsers send cookies on cross-site WebSocket handshakes, so without
 * this check another site could open a socket in the user's name.
 */
export function socketRoute(app: FastifyInstance, hub: SocketHub, publicUrl: string | undefined): void {
  const allowed = publicUrl ? new URL(publicUrl).origin : null;
  app.route({
    method: "GET",
    url: SOCKET_PATH,
    config: { access: "user" },
    onRequest: async (request) => {
      if (!isOwnOrigin(request, allowed)) throw forbidden(messages.crossOrigin);
    },
    handler: async () => {
      throw badRequest(socketMessages.upgradeRequired);
    },
    wsHandler: (socket, request) => {
      // The access preHandler ran and let the request through: auth is set.
      if (!request.auth) {
        socket.close(SOCKET_CLOSE.unauthorized, messages.notSignedIn);
        return;
      }
      hub.accept(socket, request.auth);
    },
  });
}

/** No Origin header: not a browser, so no victim's cookie to abuse. */
function isOwnOrigin(request: FastifyRequest, allowed: string | null): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers["sec-fetch-site"] !== "cross-site";
  return origin === `${request.protocol}://${request.host}` || origin === allowed;
}
