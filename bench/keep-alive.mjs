// The benches' HTTP client: node:http over keep-alive sockets. In plain JavaScript, so a load
// generator run by node as it is (http-load.child.mjs) shares it with those run by tsx. fetch cost a
// generator 0.67 ms of CPU a GET and 1.4 ms a POST with a body, a third of this two-core machine
// taken from the server under test (at 800 posts/s, more than one core: the generator fell behind
// its own schedule); node:http costs 0.22 and 0.40.
import { Agent, request } from "node:http";

/**
 * How long a bench's bare relay keeps an idle socket: Fastify's default, as the app under test. With
 * node:http's own 5 s, a relay closed the generator's sockets between rounds, and a post sent on one
 * just as it closed would fail.
 */
export const SERVER_KEEP_ALIVE_MS = 72_000;

/**
 * The process's keep-alive sockets. A generator's clients each wait for their answer before their
 * next request, so it opens as many sockets as it has requests in flight, and reuses them.
 */
const agent = new Agent({ keepAlive: true });

/** Sends one request on a keep-alive socket; answers the status and the body's text. */
export function keepAliveRequest(url, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
