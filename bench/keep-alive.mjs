// The benches' HTTP client: HTTP/1.1 written and read here over keep-alive sockets of node:net, one
// request at a time on each. In plain JavaScript, so a load generator run by node as it is
// (http-load.child.mjs) shares it with those run by tsx. The generator's CPU is taken from the server
// under test (two cores): measured per request, node:http's client cost 0.18 ms a GET and 0.37 ms a
// vote's POST (fetch 0.67 and 1.4), this one 0.06 and 0.10.
import { connect } from "node:net";

/**
 * How long a bench's bare relay keeps an idle socket: Fastify's default, as the app under test. With
 * node:http's own 5 s, a relay closed the generator's sockets between rounds, and a post sent on one
 * just as it closed would fail.
 */
export const SERVER_KEEP_ALIVE_MS = 72_000;

/**
 * The process's idle connections by host, the last used first. A generator's clients each wait for
 * their answer before their next request, so it opens as many connections as it has requests in
 * flight, and reuses them.
 */
const idle = new Map();

/** Sends one request on a keep-alive connection; answers the status and the body's text. */
export function keepAliveRequest(url, { method, headers = {}, body }) {
  const { host, hostname, port, pathname, search } = new URL(url);
  let head = `${method} ${pathname}${search} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
  const free = idle.get(host);
  const connection = free?.pop() ?? new Connection(hostname, Number(port) || 80, host);
  return connection.send(`${head}\r\n${body ?? ""}`);
}

/** One socket, one request at a time; back to the idle ones once its response is read whole. */
class Connection {
  constructor(hostname, port, host) {
    this.host = host;
    this.pending = null;
    this.received = [];
    this.size = 0;
    /** The bytes the response takes in all, once its head says (content-length); 0 before. */
    this.needed = 0;
    this.socket = connect({ host: hostname, port, noDelay: true });
    this.socket.on("data", (chunk) => this.read(chunk));
    this.socket.on("error", (error) => this.closed(error));
    this.socket.on("close", () => this.closed(new Error("socket hang up")));
  }

  send(text) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.received = [];
      this.size = 0;
      this.needed = 0;
      // An idle socket does not hold the process open (as node:http's agent leaves them).
      this.socket.ref();
      this.socket.write(text);
    });
  }

  read(chunk) {
    if (!this.pending) return;
    // A large body comes in many chunks: they are joined once all of it is in, not at each one.
    this.received.push(chunk);
    this.size += chunk.length;
    if (this.size < this.needed) return;
    const bytes = this.received.length === 1 ? chunk : Buffer.concat(this.received, this.size);
    this.received = [bytes];
    let response;
    try {
      response = parseResponse(bytes);
    } catch (error) {
      this.socket.destroy(error);
      return;
    }
    if (typeof response === "number") this.needed = response;
    if (!response || typeof response === "number") return;
    const { resolve } = this.pending;
    this.pending = null;
    this.received = [];
    if (response.close) this.socket.destroy();
    else {
      this.socket.unref();
      const free = idle.get(this.host) ?? [];
      idle.set(this.host, free);
      free.push(this);
    }
    resolve(response);
  }

  closed(error) {
    const free = idle.get(this.host);
    const at = free?.indexOf(this) ?? -1;
    if (at >= 0) free.splice(at, 1);
    const { pending } = this;
    this.pending = null;
    pending?.reject(error);
  }
}

/**
 * The response if `bytes` hold all of it: status, body text, and whether the server closes the
 * connection; else how many bytes it takes in all when its head says (content-length), or null.
 * For the benches' requests: no HEAD, no `expect: 100-continue` (so no 1xx answer).
 */
function parseResponse(bytes) {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const head = bytes.toString("latin1", 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/.test(head);
  const start = headEnd + 4;
  if (status === 204 || status === 304) return { status, close, text: "" };
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) {
    const end = start + Number(length[1]);
    if (bytes.length < end) return end;
    // Read as text when asked: a generator looks at a body only when its status is not the one it expects.
    return {
      status,
      close,
      get text() {
        return bytes.toString("utf8", start, end);
      },
    };
  }
  if (!/\r\ntransfer-encoding: *chunked/.test(head))
    throw new Error(`a response of status ${status} without content-length or chunked encoding`);
  const parts = [];
  for (let at = start; ; ) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(bytes.toString("latin1", at, lineEnd), 16);
    if (!Number.isFinite(size)) throw new Error(`a chunk of status ${status} without a size`);
    if (size === 0) {
      // The last chunk, then trailers if any, then an empty line.
      if (bytes.indexOf("\r\n\r\n", lineEnd) < 0) return null;
      return { status, close, text: Buffer.concat(parts).toString("utf8") };
    }
    const dataEnd = lineEnd + 2 + size;
    if (bytes.length < dataEnd + 2) return null;
    parts.push(bytes.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}
