import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { type EventMap, type EventName, TOPIC_PATTERN, type Topic } from "../../contract/events";
import type { Database } from "../db/connect";
import { batched } from "../lib/batched";

/** One published event as it travels between processes. */
export interface BusMessage<E extends EventName = EventName> {
  topic: Topic;
  /** Further topics the same event goes to (a direct message: the recipient and the sender's tabs). */
  also?: Topic[];
  event: E;
  payload: EventMap[E];
}

/** Every topic a message goes to. */
export function topicsOf(message: BusMessage): Topic[] {
  return message.also ? [message.topic, ...message.also] : [message.topic];
}

/** A message for one topic or several (one publish, one NOTIFY, whatever their number). */
function busMessage(topics: Topic | Topic[], event: EventName, payload: unknown): BusMessage {
  const [topic, ...also] = Array.isArray(topics) ? topics : [topics];
  if (!topic) throw new Error("an event needs a topic");
  return (also.length > 0 ? { topic, also, event, payload } : { topic, event, payload }) as BusMessage;
}

/**
 * Carries events to every server process (each then delivers to its own sockets). Publish only
 * after the transaction that made the change has committed.
 */
export interface Bus {
  publish<E extends EventName>(topic: Topic | Topic[], event: E, payload: EventMap[E]): Promise<void>;
  /**
   * An event the write itself tells the other processes of, in its own statement: they hear it
   * when its change commits, and only then, with no round trip of its own and nothing left to send
   * after the commit (a process stopped between its commit and a publish would leave them
   * untold). `text` is what the statement hands to `pg_notify(NOTIFY_CHANNEL, …)`, or null when no
   * other process listens (the embedded database); `deliver` then hands the event, as committed,
   * to this process's receivers. Refuses an event too large, as publish does, before the write.
   */
  inWrite<E extends EventName>(topic: Topic | Topic[], event: E, payload: EventMap[E]): EventInWrite<E>;
  /** Registers a receiver of every message (from this process and the others); returns its removal. */
  onMessage(handler: (message: BusMessage) => void): () => void;
  /**
   * Registers a receiver told when delivery resumes after a gap (the listening connection dropped),
   * in which messages may have been lost; returns its removal.
   */
  onResume?(handler: () => void): () => void;
  close(): Promise<void>;
}

/** An event told by the write that makes its change (Bus.inWrite). */
export interface EventInWrite<E extends EventName> {
  text: string | null;
  /** After the commit: to this process's receivers, with the payload as written. */
  deliver(payload: EventMap[E]): void;
}

/** What the bus logs through (pino's logger fits). */
export interface BusLog {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Events carry ids and short records by
 * design; the same limit applies on the embedded database so an oversized event fails in
 * development, not only in production.
 */
export const MAX_EVENT_BYTES = 7999;

export class EventTooLargeError extends Error {}

/** How long the name of the process a message comes from is on the wire (hex). */
const ORIGIN_LENGTH = 16;

/**
 * The message as it travels: JSON with the name of the process that published it (`origin`), which
 * delivers its own at once and skips them when they come back; refused loudly when PostgreSQL could
 * not carry it. Without an origin (the embedded database's bus) the size is checked as if it had one,
 * so an event too large fails in development, not only in production.
 */
export function encodeBusMessage(message: BusMessage, origin = "0".repeat(ORIGIN_LENGTH)): string {
  // A message without further topics has no `also` (JSON leaves out what is undefined).
  const text = JSON.stringify({ origin, ...message });
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_EVENT_BYTES) {
    throw new EventTooLargeError(
      `Event ${message.event} on ${message.topic} is ${bytes} bytes; events must stay under ${MAX_EVENT_BYTES + 1} (send ids, let clients fetch the rest)`,
    );
  }
  return text;
}

/**
 * Reads a notification off the wire: the message and the process it comes from (null from a process
 * that does not say, as older ones during a rolling restart); null when it is not one of ours.
 */
export function decodeNotification(text: string): { origin: string | null; message: BusMessage } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { origin, topic, also, event, payload } = value as Record<string, unknown>;
  if (typeof topic !== "string" || !TOPIC_PATTERN.test(topic)) return null;
  if (typeof event !== "string" || typeof payload !== "object" || payload === null) return null;
  if (
    also !== undefined &&
    (!Array.isArray(also) || !also.every((t) => typeof t === "string" && TOPIC_PATTERN.test(t)))
  )
    return null;
  const message = (
    also === undefined ? { topic, event, payload } : { topic, also, event, payload }
  ) as BusMessage;
  return { origin: typeof origin === "string" ? origin : null, message };
}

/** Calls every handler; one failing receiver must not stop the others or fail the publisher. */
function dispatch(handlers: Set<(message: BusMessage) => void>, message: BusMessage, log?: BusLog): void {
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (error) {
      log?.error({ err: error, event: message.event }, "realtime receiver failed");
    }
  }
}

/** An event told with `text` by its write (null: no other process listens), delivered here after its commit. */
function toldBy<E extends EventName>(
  text: string | null,
  handlers: Set<(message: BusMessage) => void>,
  topics: Topic | Topic[],
  event: E,
  log?: BusLog,
): EventInWrite<E> {
  return { text, deliver: (written) => dispatch(handlers, busMessage(topics, event, written), log) };
}

/** The bus of a single process (the embedded database): delivery stays in memory. */
export function localBus(log?: BusLog): Bus {
  const handlers = new Set<(message: BusMessage) => void>();
  return {
    async publish(topics, event, payload) {
      const message = busMessage(topics, event, payload);
      encodeBusMessage(message);
      dispatch(handlers, message, log);
    },
    inWrite(topics, event, payload) {
      encodeBusMessage(busMessage(topics, event, payload));
      return toldBy(null, handlers, topics, event, log);
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

/** The one channel every process LISTENs on. */
export const NOTIFY_CHANNEL = "votespace_events";

const HEALTH_CHECK_MS = 15_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * The bus of several processes on one PostgreSQL server: publishing hands the message to this
 * process's receivers at once (as the embedded database's bus does: no round trip through the
 * database for its own sockets) and sends it to the others with `pg_notify` through the app's pool;
 * each process keeps one dedicated connection that LISTENs and hands the other processes'
 * notifications to its receivers (its own, named by their origin, it already delivered). When that
 * connection drops it is rebuilt with backoff, and `onResume` receivers hear that messages from the
 * others may have been missed meanwhile. Resolves once the first LISTEN is in place, so nothing
 * published after start is missed.
 */
export async function postgresBus(
  database: Database,
  url: string,
  log: BusLog,
  /** Names the listening connection in pg_stat_activity. */
  applicationName = "votespace realtime",
): Promise<Bus> {
  // Loaded only here: node-postgres loads Node's TLS and fetch at import (see db/postgres.ts).
  const { Client } = (await import("pg")).default;
  const handlers = new Set<(message: BusMessage) => void>();
  const resumeHandlers = new Set<() => void>();
  /** This process on the wire: its own notifications, already delivered, are skipped when they return. */
  const origin = randomBytes(ORIGIN_LENGTH / 2).toString("hex");
  /** How this process's notifications begin (encodeBusMessage writes the origin first). */
  const ownPrefix = JSON.stringify({ origin }).slice(0, -1);
  let client: pg.Client | null = null;
  let closed = false;
  let retryDelay = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    const next = new Client({
      connectionString: url,
      keepAlive: true,
      query_timeout: 10_000,
      application_name: applicationName,
    });
    next.on("notification", (notification) => {
      if (notification.channel !== NOTIFY_CHANNEL || !notification.payload) return;
      // This process's own, already delivered: known by their first bytes, not parsed.
      if (notification.payload.startsWith(ownPrefix)) return;
      const decoded = decodeNotification(notification.payload);
      if (!decoded)
        log.warn({ channel: NOTIFY_CHANNEL }, "ignored a notification that is not a realtime event");
      else if (decoded.origin !== origin) dispatch(handlers, decoded.message, log);
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  /** The listening connection failed: drop it once, and rebuild it unless the bus is closing. */
  const lost = (which: pg.Client, error: unknown) => {
    if (client !== which) return;
    client = null;
    which.removeAllListeners("end");
    which.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, "realtime listener lost its database connection; reconnecting");
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await listen();
        if (closed) {
          await client?.end();
          return;
        }
        retryDelay = RECONNECT_MIN_MS;
        log.info("realtime listener reconnected");
        for (const handler of resumeHandlers) handler();
      } catch (error) {
        retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
        log.warn({ err: error, retryInMs: retryDelay }, "realtime listener could not reconnect");
        scheduleReconnect();
      }
    }, retryDelay);
  };

  await listen();
  // A half-open TCP connection can stay silent for many minutes; a periodic query finds it.
  const healthCheck = setInterval(() => {
    const current = client;
    current?.query("select 1").catch((error) => lost(current, error));
  }, HEALTH_CHECK_MS);
  healthCheck.unref();

  // Messages published while a NOTIFY statement runs go together in the next one, in the order they
  // were published (lib/batched.ts): one round trip for many. PostgreSQL delivers a transaction's
  // identical notifications once, so a batch is cut where a message repeats one already in it.
  const notifyInOrder = batched(
    async (texts: string[]) => {
      for (let from = 0; from < texts.length; ) {
        const distinct = new Set<string>();
        while (from + distinct.size < texts.length && !distinct.has(texts[from + distinct.size] as string))
          distinct.add(texts[from + distinct.size] as string);
        await database.db.execute(
          sql`select pg_notify(${NOTIFY_CHANNEL}, m) from json_array_elements_text(${JSON.stringify([...distinct])}::json) as m`,
        );
        from += distinct.size;
      }
      return texts.map(() => undefined);
    },
    { max: 256 },
  );

  return {
    async publish(topics, event, payload) {
      const message = busMessage(topics, event, payload);
      const text = encodeBusMessage(message, origin);
      dispatch(handlers, message, log);
      // Awaited: a route answers once the other processes were told, so a user's next request,
      // served by another process, is announced after this one. Not awaiting it gave direct
      // messages 22 % more a second, but let a post deleted on one process reach the others before
      // its creation (a deleted post shown again until the page is read again).
      await notifyInOrder(text);
    },
    inWrite(topics, event, payload) {
      return toldBy(
        encodeBusMessage(busMessage(topics, event, payload), origin),
        handlers,
        topics,
        event,
        log,
      );
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onResume(handler) {
      resumeHandlers.add(handler);
      return () => resumeHandlers.delete(handler);
    },
    async close() {
      closed = true;
      clearInterval(healthCheck);
      clearTimeout(retryTimer);
      handlers.clear();
      resumeHandlers.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => {});
      }
    },
  };
}

/**
 * The bus for this database: LISTEN/NOTIFY when a PostgreSQL server is configured (processes may
 * be several), in memory otherwise (the embedded database, or an app a test built on a pool).
 */
export async function createBus(
  database: Database,
  databaseUrl: string | undefined,
  log: BusLog,
): Promise<Bus> {
  if (database.kind === "postgres" && databaseUrl) return postgresBus(database, databaseUrl, log);
  return localBus(log);
}
