import type { FastifyRequest } from "fastify";
import type { Config } from "./config";
import type { Database, Db } from "./db/connect";
import type { MediaServer } from "./features/rooms/media/server";
import type { Clock } from "./lib/clock";
import type { Notifier } from "./lib/notifier";
import type { Limit } from "./lib/rate-limit";
import type { Bus } from "./realtime/bus";

export interface Limits {
  signInPerIp: Limit;
  signInPerAccount: Limit;
  registerPerIp: Limit;
  /** Identity checks and one-time codes. */
  verifyPerAccount: Limit;
  verifyPerIp: Limit;
  /** Messages, comments and typing signals per user. */
  postsPerUser: Limit;
  typingPerUser: Limit;
  /** Recording uploads per host (each up to 200 MB). */
  recordingsPerUser: Limit;
}

export const defaultLimits: Limits = {
  signInPerIp: { max: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  verifyPerAccount: { max: 10, windowSeconds: 15 * 60 },
  verifyPerIp: { max: 60, windowSeconds: 15 * 60 },
  postsPerUser: { max: 120, windowSeconds: 60 },
  typingPerUser: { max: 40, windowSeconds: 60 },
  recordingsPerUser: { max: 20, windowSeconds: 60 * 60 },
};

/** What the features need from the running app, passed to each feature's routes explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** Realtime events; publish after commit. */
  bus: Bus;
  limits: Limits;
  /** Folder of uploaded files. */
  uploadsDir: string;
  /** How room sessions carry media (mesh, or Janus when configured): one per process, shared. */
  media: MediaServer;
  /** The origin links in messages point at: PUBLIC_URL, else the request's own. */
  publicOrigin(request: FastifyRequest): string;
}
