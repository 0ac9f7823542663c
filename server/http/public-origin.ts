import type { Config } from "../config";

/**
 * The origin that links in messages (password reset) point at: PUBLIC_URL, else the address the
 * server listens on. Never the request's Host or X-Forwarded-Host: whoever sends the request
 * chooses those, and a reset link mailed to a victim must not lead to the sender's site.
 */
export function linkOrigin(config: Pick<Config, "publicUrl" | "host">, port: number): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(config.host)
    ? "localhost"
    : config.host.includes(":")
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}
