import net from "node:net";
import tls from "node:tls";

/** A reply as RESP2 gives it: a status or bulk string, an integer, null, or an array of replies. */
export type RedisReply = string | number | null | RedisReply[];

/** An error reply from the server (`-ERR …`, `-NOSCRIPT …`): the connection itself is fine. */
export class RedisReplyError extends Error {}

/** The connection failed, closed or did not answer in time. */
export class RedisUnavailable extends Error {}

interface Waiting {
  resolve: (reply: RedisReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The few commands the server sends to Redis, over one connection (RESP2, pipelined: commands are
 * written as they come and replies matched in order). The connection opens at the first command and
 * again after it is lost; a command that gets no reply within `timeoutMs` fails with RedisUnavailable
 * and closes the connection, so that a caller can fall back instead of waiting.
 * `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS.
 */
export class RedisClient {
  private socket: net.Socket | undefined;
  private waiting: Waiting[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;
  private readonly url: URL;

  constructor(
    url: string,
    private readonly timeoutMs = 1000,
  ) {
    this.url = new URL(url);
  }

  /** Where the client connects, without its credentials (for logs). */
  get address(): string {
    return `${this.url.hostname}:${this.url.port || 6379}`;
  }

  /** Sends one command; the promise settles with its reply. */
  command(...args: Array<string | number>): Promise<RedisReply> {
    if (this.closed) return Promise.reject(new RedisUnavailable("the Redis client is closed"));
    const socket = this.socket ?? this.connect();
    return this.send(socket, args);
  }

  close(): void {
    this.closed = true;
    this.drop(new RedisUnavailable("the Redis client is closed"));
  }

  private send(socket: net.Socket, args: Array<string | number>): Promise<RedisReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.drop(
            new RedisUnavailable(`Redis at ${this.address} did not answer within ${this.timeoutMs} ms`),
          ),
        this.timeoutMs,
      );
      this.waiting.push({ resolve, reject, timer });
      socket.write(encode(args));
    });
  }

  private connect(): net.Socket {
    const port = Number(this.url.port || 6379);
    const host = this.url.hostname.replace(/^\[|\]$/g, "");
    const socket =
      this.url.protocol === "rediss:"
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port });
    socket.setNoDelay(true);
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    socket.on("data", (chunk) => this.receive(socket, chunk));
    socket.on("error", (error) => {
      if (this.socket === socket)
        this.drop(new RedisUnavailable(`Redis at ${this.address}: ${errorCode(error)}`));
    });
    socket.on("close", () => {
      if (this.socket === socket)
        this.drop(new RedisUnavailable(`the connection to Redis at ${this.address} closed`));
    });
    // Written before any caller's command, so their replies follow these in order.
    const password = decodeURIComponent(this.url.password);
    const user = decodeURIComponent(this.url.username);
    if (password) this.send(socket, user ? ["AUTH", user, password] : ["AUTH", password]).catch(() => {});
    const db = this.url.pathname.slice(1);
    if (db && db !== "0") this.send(socket, ["SELECT", db]).catch(() => {});
    return socket;
  }

  /** Fails every command still waiting and forgets the connection (the next command opens another). */
  private drop(error: Error): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
    const waiting = this.waiting;
    this.waiting = [];
    for (const entry of waiting) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
  }

  private receive(socket: net.Socket, chunk: Buffer): void {
    // Bytes of a connection already dropped never mix with the next one's replies.
    if (this.socket !== socket) return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let offset = 0;
    while (this.socket === socket) {
      let parsed: Parsed | undefined;
      try {
        parsed = parse(this.buffer, offset);
      } catch (error) {
        this.drop(error as Error);
        return;
      }
      if (!parsed) break;
      offset = parsed.end;
      const entry = this.waiting.shift();
      if (entry) clearTimeout(entry.timer);
      if (parsed.reply instanceof RedisReplyError) entry?.reject(parsed.reply);
      else entry?.resolve(parsed.reply);
    }
    this.buffer = this.buffer.subarray(offset);
  }
}

/** The error's code (ECONNREFUSED…), never its whole text: nothing from the URL reaches a log. */
function errorCode(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? "connection error";
}

function encode(args: Array<string | number>): string {
  let out = `*${args.length}\r\n`;
  for (const arg of args) {
    const text = String(arg);
    out += `$${Buffer.byteLength(text)}\r\n${text}\r\n`;
  }
  return out;
}

type Parsed = { reply: RedisReply | RedisReplyError; end: number };

/** One RESP2 reply starting at `offset`, or undefined when the buffer does not hold all of it yet. */
function parse(buffer: Buffer, offset: number): Parsed | undefined {
  const lineEnd = buffer.indexOf("\r\n", offset);
  if (lineEnd < 0) return undefined;
  const line = buffer.toString("utf8", offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (buffer[offset]) {
    case 0x2b: // +
      return { reply: line, end: next };
    case 0x2d: // -
      return { reply: new RedisReplyError(line), end: next };
    case 0x3a: // :
      return { reply: Number(line), end: next };
    case 0x24: {
      // $
      const length = Number(line);
      if (length < 0) return { reply: null, end: next };
      if (buffer.length < next + length + 2) return undefined;
      return { reply: buffer.toString("utf8", next, next + length), end: next + length + 2 };
    }
    case 0x2a: {
      // *
      const count = Number(line);
      if (count < 0) return { reply: null, end: next };
      const items: Array<RedisReply | RedisReplyError> = [];
      let end = next;
      for (let i = 0; i < count; i++) {
        const item = parse(buffer, end);
        if (!item) return undefined;
        items.push(item.reply);
        end = item.end;
      }
      const failed = items.find((item) => item instanceof RedisReplyError);
      return { reply: failed ?? (items as RedisReply[]), end };
    }
    default:
      throw new RedisUnavailable("Redis sent a reply this client cannot read");
  }
}
