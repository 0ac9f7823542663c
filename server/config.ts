// Over 300 lines: every environment variable is parsed and checked here, once (ARCHITECTURE: config.ts).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DeliveredCodes } from "../contract/channels";
import type { IceServer } from "../contract/rooms";
import { z } from "../contract/zod";
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
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  // Rate limits on messages shared by every process (README, "Running several processes"); unset: per process.
  REDIS_URL: z
    .string()
    .regex(
      /^rediss?:\/\/[^/\s]+(\/\d+)?$/,
      "must be a URL such as redis://127.0.0.1:6379 or rediss://:password@host:6380/0",
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters (try: openssl rand -hex 32)").optional(),
  PUBLIC_URL: z.url("must be a URL such as https://vote.example.org").optional(),
  TRUST_PROXY: z.string().trim().default("false"),
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
  // Where uploaded files live (README, "Running several processes"): the data folder, or an S3-compatible bucket.
  STORAGE: z.enum(["folder", "s3"]).default("folder"),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url("must be a URL such as https://minio.example.org:9000").optional(),
  S3_FORCE_PATH_STYLE: z.enum(["on", "off"]).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Delivery (README, "Sending e-mail and SMS"): unset, messages stay in the developer outbox.
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURITY: z.enum(["starttls", "tls", "none"]).default("starttls"),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/,
      "must be an address, or a name and an address: Votespace <vote@example.org>",
    )
    .optional(),
  SMS_PROVIDER: z.enum(["outbox", "twilio", "webhook"]).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w{32}$/, "must be AC followed by 32 characters")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+\d{6,15}|MG\w{32})$/,
      "must be a number such as +15551234567 or a Messaging Service SID (MG...)",
    )
    .optional(),
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  SMS_WEBHOOK_URL: z.url("must be a URL such as https://sms.example.org/send").optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
});

export interface SmtpConfig {
  host: string;
  port: number;
  /** tls: TLS from the first byte (port 465); starttls: upgrade required (587); none: plain (a relay on this machine). */
  security: "starttls" | "tls" | "none";
  user?: string;
  password?: string;
  /** The sender, as MAIL_FROM gives it: an address, or "Name <address>". */
  from: string;
}
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}
export interface WebhookConfig {
  url: string;
  token?: string;
}
/**
 * Where messages to people go; "outbox": the developer outbox (nothing leaves the server; a demo
 * server serves it). "none": no transport outside a demo server (SMTP_HOST, SMS_PROVIDER unset), so
 * no code sent that way reaches anyone and its verification method is not offered (deliveredCodes);
 * SMS_PROVIDER=outbox keeps text messages in the developer outbox on purpose, and Phone is offered.
 */
export interface DeliveryConfig {
  email: { kind: "outbox" } | { kind: "none" } | ({ kind: "smtp" } & SmtpConfig);
  sms:
    | { kind: "outbox" }
    | { kind: "none" }
    | ({ kind: "twilio" } & TwilioConfig)
    | ({ kind: "webhook" } & WebhookConfig);
}

export const deliveredCodes = ({ delivery }: Pick<Config, "delivery">): DeliveredCodes => ({
  email: delivery.email.kind !== "none",
  phone: delivery.sms.kind !== "none",
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize: number;
  /** REDIS_URL: rate limits on messages and typing counted for every process at once (lib/shared-limiter.ts). */
  redisUrl?: string;
  /** Master secret: keyed hashes (ID numbers) derive their keys from it. */
  secretKey: string;
  publicUrl: string | undefined;
  /**
   * Which proxies' X-Forwarded-For entries count (Fastify's trustProxy): false (none, the
   * connection's address is the client's), a number of proxy hops in front of the server, or the
   * proxies' addresses and CIDR ranges. Never "every hop": the left-most entry is the client's to write.
   */
  trustProxy: false | number | string[];
  /**
   * Demo data, and on a demo server the developer outbox and the demo admin's credentials (to
   * loopback requests only). By default only where nothing faces the network: the embedded
   * database, no PUBLIC_URL, listening on loopback. DEMO=on forces it.
   */
  demo: boolean;
  logLevel: string;
  serveWeb: boolean;
  /** STUN/TURN servers browsers use for room media (ICE_SERVERS, JSON); none by default (loopback and LAN). */
  iceServers: IceServer[];
  /** ADMIN_USERNAME and ADMIN_PASSWORD: the platform admin created at start when there is none yet. */
  initialAdmin?: { username: string; password: string };
  /** Security monitoring: administrators may block a voting session whose risk is at least this (0..1). */
  monitoringBlockRisk: number;
  /** Things the configuration accepted but the operator should hear about at start. */
  warnings?: string[];
  /** The Janus SFU (JANUS=auto or external); absent: rooms use the browser-to-browser mesh. */
  janus?: JanusConfig;
  /** Uploaded files: DATA_DIR/uploads (one process), or an S3-compatible bucket (STORAGE=s3). */
  storage: StorageConfig;
  /** E-mail and SMS transports of the outbox worker. */
  delivery: DeliveryConfig;
}

/** An S3-compatible bucket (AWS S3, MinIO, Ceph RGW) that holds every process's uploaded files. */
export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  region: string;
  /** Absent: AWS S3 itself. */
  endpoint?: string;
  /** Bucket in the path (endpoint/bucket/key), as MinIO and Ceph RGW are usually set up. */
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, a profile, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export type StorageConfig = { kind: "folder" } | S3StorageConfig;

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
  const warnings: string[] = [];
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, warnings);
  let janus: JanusConfig | undefined;
  try {
    janus = resolveJanusConfig(e, dataDir, e.PUBLIC_URL);
  } catch (error) {
    if (error instanceof JanusConfigProblem)
      throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  // A demo server serves its developer outbox (codes, reset links) and the demo admin's password to
  // loopback requests; by default it exists only where nothing faces the network.
  const facesNetwork =
    !!e.DATABASE_URL || !!e.PUBLIC_URL || (e.HOST !== undefined && !isLoopbackHost(e.HOST));
  const demo = (e.DEMO ?? (facesNetwork ? "off" : "on")) === "on";
  const delivery = parseDelivery(e, demo);
  if (delivery.email.kind === "none") {
    warnings.push(
      "SMTP_HOST is not set: e-mail (verification codes, password resets) stays in the outbox table and reaches nobody, so voters are not offered Voter's Card codes. Set SMTP_HOST and MAIL_FROM.",
    );
  }
  if (delivery.sms.kind === "none") {
    warnings.push(
      "SMS_PROVIDER is not set: no text message would reach anyone, so voters are not offered Phone verification. Set SMS_PROVIDER (twilio or webhook) to offer it.",
    );
  }
  return {
    port: e.PORT,
    // Unset: a demo server listens on this machine only, any other on every interface.
    host: e.HOST ?? (demo ? "localhost" : "0.0.0.0"),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    ...(e.REDIS_URL && { redisUrl: e.REDIS_URL }),
    secretKey: e.SECRET_KEY ?? embeddedSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    trustProxy,
    demo,
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB === "on",
    iceServers: parseIceServers(e.ICE_SERVERS),
    ...(e.ADMIN_USERNAME &&
      e.ADMIN_PASSWORD && { initialAdmin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } }),
    monitoringBlockRisk: e.MONITORING_BLOCK_RISK,
    storage: parseStorage(e),
    ...(janus && { janus }),
    delivery,
    ...(warnings.length > 0 && { warnings }),
  };
}

const problem = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);

/** STORAGE=s3 and its S3_* variables; the S3_* variables without STORAGE=s3 are a mistake said aloud. */
function parseStorage(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE === "folder") {
    if (e.S3_BUCKET) throw problem("S3_BUCKET: set STORAGE=s3 to keep files in the bucket");
    return { kind: "folder" };
  }
  if (!e.S3_BUCKET) throw problem("S3_BUCKET: required when STORAGE=s3");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw problem("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither");
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    ...(e.S3_ENDPOINT && { endpoint: e.S3_ENDPOINT }),
    // Unset: path style for a server of one's own (an endpoint), virtual-hosted style for AWS.
    forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? "on" : "off")) === "on",
    ...(e.S3_ACCESS_KEY_ID &&
      e.S3_SECRET_ACCESS_KEY && {
        credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
      }),
  };
}

/** SMTP_* and MAIL_FROM, SMS_PROVIDER and its variables: each transport complete, or absent. */
function parseDelivery(e: z.output<typeof envSchema>, demo: boolean): DeliveryConfig {
  let email: DeliveryConfig["email"] = { kind: demo ? "outbox" : "none" };
  if (e.SMTP_HOST) {
    if (!e.MAIL_FROM) throw problem("MAIL_FROM: required with SMTP_HOST (the sender of every e-mail)");
    if (!e.SMTP_USER !== !e.SMTP_PASSWORD) throw problem("SMTP_USER and SMTP_PASSWORD: set both, or neither");
    email = {
      kind: "smtp",
      host: e.SMTP_HOST,
      port: e.SMTP_PORT ?? (e.SMTP_SECURITY === "tls" ? 465 : 587),
      security: e.SMTP_SECURITY,
      ...(e.SMTP_USER && { user: e.SMTP_USER, password: e.SMTP_PASSWORD }),
      from: e.MAIL_FROM,
    };
  }
  let sms: DeliveryConfig["sms"] = { kind: e.SMS_PROVIDER === "outbox" || demo ? "outbox" : "none" };
  if (e.SMS_PROVIDER === "twilio") {
    if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
      throw problem(
        "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: required with SMS_PROVIDER=twilio",
      );
    sms = {
      kind: "twilio",
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiUrl: e.TWILIO_API_URL,
    };
  }
  if (e.SMS_PROVIDER === "webhook") {
    if (!e.SMS_WEBHOOK_URL) throw problem("SMS_WEBHOOK_URL: required with SMS_PROVIDER=webhook");
    sms = {
      kind: "webhook",
      url: e.SMS_WEBHOOK_URL,
      ...(e.SMS_WEBHOOK_TOKEN && { token: e.SMS_WEBHOOK_TOKEN }),
    };
  }
  return { email, sms };
}

const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
const PROXY_ADDRESS_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * TRUST_PROXY: `false`, a hop count, or a comma list of proxy addresses and CIDR ranges (or
 * loopback, linklocal, uniquelocal). `true` used to trust every hop, which let any client choose its
 * address by writing X-Forwarded-For; it now means one hop (one reverse proxy), with a warning.
 */
function parseTrustProxy(value: string, warnings: string[]): false | number | string[] {
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") {
    warnings.push(
      "TRUST_PROXY=true is read as TRUST_PROXY=1 (one reverse proxy in front). Set the number of proxies, or their addresses, to say so.",
    );
    return 1;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError("Invalid configuration:\n  TRUST_PROXY: at most 10 proxy hops");
    return hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.find(
    (entry) => !PROXY_ADDRESS_NAMES.includes(entry) && !proxyAddress.safeParse(entry).success,
  );
  if (wrong !== undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: "${wrong}" is not an address or CIDR range; use false, the number of proxies in front (e.g. 1), or their addresses (e.g. 10.0.0.5,10.1.0.0/16)`,
    );
  }
  return entries;
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

/** A name or address of this machine's loopback interface only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(name)
  );
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
