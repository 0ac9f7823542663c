import type { Config } from "./config";
import type { Database, Db } from "./db/connect";
import type { MediaServer } from "./features/rooms/media/server";
import type { Clock } from "./lib/clock";
import type { HitLimiter, Limit } from "./lib/rate-limit";
import type { Bus } from "./realtime/bus";
import type { FileStorage } from "./storage/index";

/** How attempts on an account slow down once its free wrong guesses are spent. */
export interface GuessDelay {
  /** The first slowed attempt waits this long; each further wrong guess doubles it... */
  stepMs: number;
  /** ...up to this: a waiting request holds a socket and a timer, never a thread, and not for long. */
  maxMs: number;
}

export interface Limits {
  /** Guesses at passwords and codes from one address, on any accounts: refused (429) beyond. */
  signInPerIp: Limit;
  /** Wrong guesses from one address at one account: that address is refused (429) beyond. */
  signInPerAccountAddress: Limit;
  /**
   * Wrong guesses at one account from all addresses before every attempt at it waits (guessDelay).
   * Never refused: a flood from many addresses slows the account's sign-in, never locks its owner out.
   */
  signInPerAccount: Limit;
  guessDelay: GuessDelay;
  registerPerIp: Limit;
  /** Identity checks and one-time codes. */
  verifyPerAccount: Limit;
  verifyPerIp: Limit;
  /** Messages, comments and typing signals per user. */
  postsPerUser: Limit;
  typingPerUser: Limit;
  /** Recording uploads per host (each up to 200 MB). */
  recordingsPerUser: Limit;
  /** Attachment uploads per user (each up to 10 MB). */
  uploadsPerUser: Limit;
  /** Organization-wide searches per user (each reads every channel's index). */
  searchPerUser: Limit;
}

export const defaultLimits: Limits = {
  signInPerIp: { max: 30, windowSeconds: 15 * 60 },
  signInPerAccountAddress: { max: 10, windowSeconds: 15 * 60 },
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  guessDelay: { stepMs: 250, maxMs: 2000 },
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  verifyPerAccount: { max: 10, windowSeconds: 15 * 60 },
  verifyPerIp: { max: 60, windowSeconds: 15 * 60 },
  postsPerUser: { max: 120, windowSeconds: 60 },
  typingPerUser: { max: 40, windowSeconds: 60 },
  recordingsPerUser: { max: 20, windowSeconds: 60 * 60 },
  uploadsPerUser: { max: 30, windowSeconds: 10 * 60 },
  searchPerUser: { max: 60, windowSeconds: 60 },
};

/** What the features need from the running app, passed to each feature's routes explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Realtime events; publish after commit. */
  bus: Bus;
  limits: Limits;
  /**
   * Counts messages, comments and typing signals (limits.postsPerUser, typingPerUser): in this
   * process's memory, or one budget for every process through Redis when REDIS_URL is set.
   */
  hitLimiter: HitLimiter;
  /** Where uploaded files live: the data folder, or an S3-compatible bucket (config.storage). */
  storage: FileStorage;
  /** How room sessions carry media (mesh, or Janus when configured): one per process, shared. */
  media: MediaServer;
  /**
   * The origin links in messages point at: PUBLIC_URL, else the address the server listens on
   * (set at start, updated once listening). Never taken from a request's headers.
   */
  publicOrigin: string;
}
