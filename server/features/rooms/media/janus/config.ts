import { randomBytes } from "node:crypto";
import { networkInterfaces } from "node:os";
import path from "node:path";

/**
 * How rooms reach Janus, resolved from the JANUS_* variables (server/config.ts parses them).
 * `auto`: this process launches Janus itself with a configuration it generates (fresh secrets at
 * every start). `external`: Janus runs as a service (docs/janus.md) with a configuration written by
 * `write-config.ts`, and the same secrets are given here.
 */
export interface JanusConfig {
  mode: "auto" | "external";
  /** Janus's WebSocket API as browsers reach it (MediaJoin.url, and the CSP's connect-src). */
  browserUrl: string;
  /** Janus's WebSocket API as this server reaches it (rooms are created and destroyed there). */
  apiUrl: string;
  /** token_auth_secret: every Janus request carries a token signed with it. */
  tokenSecret: string;
  /** The VideoRoom plugin's admin_key: only holders may create rooms. */
  adminKey: string;
  /** Only in `auto`: how to run Janus. */
  launch?: JanusLaunchConfig;
}

export interface JanusLaunchConfig {
  /** Where the generated configuration, the pid file and nothing else live (DATA_DIR/janus). */
  folder: string;
  wsPort: number;
  /** The WebSocket API's address: 127.0.0.1, or undefined for every interface. */
  wsIp: string | undefined;
  /** The admin API: always on 127.0.0.1, with its own generated secret. */
  adminPort: number;
  adminSecret: string;
  /** "min-max" UDP ports for media. */
  rtpPorts: string;
  /** The one address Janus gathers ICE candidates on (ice_enforce_list); Janus skips loopback. */
  iceIp: string | undefined;
  /** A 1:1 NAT's public address, written into host candidates (nat_1_1_mapping). */
  publicIp: string | undefined;
}

/** The JANUS_* variables after zod (server/config.ts). */
export interface JanusEnv {
  JANUS: "off" | "auto" | "external";
  JANUS_URL?: string;
  JANUS_API_URL?: string;
  JANUS_TOKEN_SECRET?: string;
  JANUS_ADMIN_KEY?: string;
  JANUS_PORT: number;
  JANUS_ADMIN_PORT: number;
  JANUS_RTP_PORTS: string;
  JANUS_ICE_IP?: string;
  JANUS_PUBLIC_IP?: string;
}

/** A wrong JANUS_* setting; server/config.ts reports it like every other variable. */
export class JanusConfigProblem extends Error {}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function resolveJanusConfig(
  env: JanusEnv,
  dataDir: string,
  publicUrl: string | undefined,
): JanusConfig | undefined {
  if (env.JANUS === "off") return undefined;
  const [low, high] = env.JANUS_RTP_PORTS.split("-").map(Number);
  if (!low || !high || low > high || high > 65535)
    throw new JanusConfigProblem("JANUS_RTP_PORTS: must be a range such as 20000-40000");
  if (env.JANUS === "external") {
    const missing = (["JANUS_URL", "JANUS_API_URL", "JANUS_TOKEN_SECRET", "JANUS_ADMIN_KEY"] as const).filter(
      (name) => !env[name],
    );
    if (missing.length > 0)
      throw new JanusConfigProblem(
        `${missing.join(", ")}: required with JANUS=external (write-config.ts prints them with the service's configuration)`,
      );
    return {
      mode: "external",
      browserUrl: env.JANUS_URL as string,
      apiUrl: env.JANUS_API_URL as string,
      tokenSecret: env.JANUS_TOKEN_SECRET as string,
      adminKey: env.JANUS_ADMIN_KEY as string,
    };
  }
  const browserUrl = env.JANUS_URL ?? defaultBrowserUrl(publicUrl, env.JANUS_PORT);
  return {
    mode: "auto",
    browserUrl,
    apiUrl: env.JANUS_API_URL ?? `ws://127.0.0.1:${env.JANUS_PORT}`,
    tokenSecret: env.JANUS_TOKEN_SECRET ?? generatedSecret(),
    adminKey: env.JANUS_ADMIN_KEY ?? generatedSecret(),
    launch: {
      folder: path.join(dataDir, "janus"),
      wsPort: env.JANUS_PORT,
      wsIp: browsersReachJanusDirectly(browserUrl, env.JANUS_PORT) ? undefined : "127.0.0.1",
      adminPort: env.JANUS_ADMIN_PORT,
      adminSecret: generatedSecret(),
      rtpPorts: env.JANUS_RTP_PORTS,
      iceIp: env.JANUS_ICE_IP ?? machineIpv4(),
      publicIp: env.JANUS_PUBLIC_IP,
    },
  };
}

export function generatedSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Without JANUS_URL, browsers reach Janus's own port on the host they load the app from. */
function defaultBrowserUrl(publicUrl: string | undefined, port: number): string {
  if (!publicUrl) return `ws://localhost:${port}`;
  const origin = new URL(publicUrl);
  if (origin.protocol === "https:")
    throw new JanusConfigProblem(
      "JANUS_URL: required with an https PUBLIC_URL (browsers refuse ws:// from https pages; put Janus's WebSocket behind your TLS proxy, see docs/janus.md)",
    );
  return `ws://${origin.hostname}:${port}`;
}

/**
 * Janus's WebSocket API listens on every interface only when browsers connect to it straight
 * (a non-loopback host on Janus's own port); behind a proxy or on localhost, loopback suffices.
 */
function browsersReachJanusDirectly(browserUrl: string, wsPort: number): boolean {
  const url = new URL(browserUrl);
  const port = Number(url.port || (url.protocol === "wss:" ? 443 : 80));
  return port === wsPort && url.protocol === "ws:" && !LOOPBACK_HOSTS.has(url.hostname);
}

/** The machine's first non-internal IPv4 address: Janus ignores loopback for ICE. */
export function machineIpv4(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === "IPv4" && !address.internal) return address.address;
    }
  }
  return undefined;
}
