import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  SECRET_KEY: required when DATABASE_URL is set, and the same in every process (try: openssl rand -hex 32)",
    );
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
  };
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
