import type { Config } from "../config";

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the n hops nearest this server":
 * the client's address is the n-th X-Forwarded-For entry from the right, the one the last trusted
 * proxy wrote, never the left-most one the client wrote itself. (Fastify ignores a bare number.)
 * A hop count cannot tell a proxy from a client that reaches the server directly: where that is
 * possible, name the proxies' addresses instead.
 */
export function proxyTrust(
  trust: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}
