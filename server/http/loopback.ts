import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { isLoopbackHost } from "../config";

/**
 * A request made on this machine, to this machine: the connection comes from loopback, no proxy
 * relayed it (a proxy on the same machine would make every visitor look local), and the Host it
 * names is a loopback name (a web page on a DNS-rebound name would otherwise read the answer).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const remote = request.raw.socket?.remoteAddress;
  if (!remote || !isLoopbackHost(remote)) return false;
  const headers = request.headers;
  if (headers.forwarded || headers["x-forwarded-for"] || headers["x-real-ip"]) return false;
  const host = headers.host ?? "";
  const hostname = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return !!hostname && isLoopbackHost(hostname);
}

/**
 * What only a demo server shows, and only to its own machine: the developer outbox (every code
 * and reset link) and the demo admin's password. Anywhere else these answer 404.
 */
export function mayShowDemoSecrets(config: Pick<Config, "demo">, request: FastifyRequest): boolean {
  return config.demo && isLoopbackRequest(request);
}
