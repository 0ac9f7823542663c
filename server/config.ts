import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { IceServer } from "../contract/rooms";
import {
  type JanusConfig,
  JanusConfigProblem,
  resolveJanusConfig,
} from "./features/rooms/media/janus/config";

/**
 * Every environment variable the server reads, parsed and checked once at start.
 * README.md lists them with their defaults; .env.example too.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters (try: openssl rand -hex 32)").optional(),
  PUBLIC_URL: z.url("must be a URL such as https://vote.example.org").optional(),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  DEMO: z.enum(["on", "off"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SERVE_WEB: z.enum(["on", "off"]).default("on"),
  ICE_SERVERS: z.string().optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,60}$/, "3 to 60 letters, digits, dots, dashes or underscores")
    .optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters long").max(200).optional(),
  MONITORING_BLOCK_RISK: z.coerce.number().min(0).max(1).default(0.6),
  // The Janus SFU for rooms (docs/janus.md); off: browser-to-browser mesh only.
  JANUS: z.enum(["off", "auto", "external"]).default("off"),
  JANUS_URL: z
    .string()
    .regex(/^wss?:\/\/\S+$/, "must start with ws:// or wss://")
    .optional(),
  JANUS_API_URL: z
    .string()
    .regex(/^wss?:\/\/\S+$/, "must start with ws:// or wss://")
    .optional(),
  JANUS_TOKEN_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (try: openssl rand -hex 32)")
    .optional(),
  JANUS_ADMIN_KEY: z
    .string()
    .min(32, "must be at least 32 characters (try: openssl rand -hex 32)")
    .optional(),
  JANUS_PORT: z.coerce.number().int().min(1).max(65535).default(8188),
  JANUS_ADMIN_PORT: z.coerce.number().int().min(1).max(65535).default(7188),
  JANUS_RTP_PORTS: z
    .string()
    .regex(/^\d+-\d+$/, "must be a range such as 20000-40000")
    .default("20000-40000"),
  JANUS_ICE_IP: z.ipv4("must be an IPv4 address of this machine").optional(),
  JANUS_PUBLIC_IP: z.ipv4("must be an IPv4 address").optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize: number;
  /** Master secret: keyed hashes (ID numbers) derive their keys from it. */
  secretKey: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  demo: boolean;
  logLevel: string;
  serveWeb: boolean;
  /** STUN/TURN servers browsers use for room media (ICE_SERVERS, JSON); none by default (loopback and LAN). */
  iceServers: IceServer[];
  /** ADMIN_USERNAME and ADMIN_PASSWORD: the platform admin created at start when there is none yet. */
  initialAdmin?: { username: string; password: string };
  /** Security monitoring: administrators may block a voting session whose risk is at least this (0..1). */
  monitoringBlockRisk: number;
  /** The Janus SFU (JANUS=auto or external); absent: rooms use the browser-to-browser mesh. */
  janus?: JanusConfig;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!e.ADMIN_USERNAME !== !e.ADMIN_PASSWORD) {
    throw new ConfigError(
      "Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD: set both, or neither",
    );
  }
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  SECRET_KEY: required when DATABASE_URL is set, and the same in every process (try: openssl rand -hex 32)",
    );
  }
  let janus: JanusConfig | undefined;
  try {
    janus = resolveJanusConfig(e, dataDir, e.PUBLIC_URL);
  } catch (error) {
    if (error instanceof JanusConfigProblem)
      throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    secretKey: e.SECRET_KEY ?? embeddedSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY === "true",
    demo: (e.DEMO ?? (e.DATABASE_URL ? "off" : "on")) === "on",
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB === "on",
    iceServers: parseIceServers(e.ICE_SERVERS),
    ...(e.ADMIN_USERNAME &&
      e.ADMIN_PASSWORD && { initialAdmin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } }),
    monitoringBlockRisk: e.MONITORING_BLOCK_RISK,
    ...(janus && { janus }),
  };
}

const iceUrl = z.string().regex(/^(stun|turn|turns):\S+$/, "each URL must start with stun:, turn: or turns:");
const iceServersSchema = z.array(
  z.strictObject({
    urls: z.union([iceUrl, z.array(iceUrl).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

/** ICE_SERVERS as RTCPeerConnection takes them: `[{"urls":"stun:stun.example.org:3478"}]`. */
function parseIceServers(value: string | undefined): IceServer[] {
  if (!value?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  ICE_SERVERS: must be JSON, e.g. [{"urls":"stun:stun.example.org:3478"}]',
    );
  }
  const parsed = iceServersSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration:\n  ICE_SERVERS: ${issue?.path.join(".")} ${issue?.message}`,
    );
  }
  return parsed.data;
}

/** The embedded setup keeps its generated secret beside the database, readable by its owner only. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}
