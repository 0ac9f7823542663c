/**
 * What the server's log may hold. Nothing secret reaches it at any level: no code, token, password,
 * hash, query parameter or ballot choice. Serializers hold this for every line that logs an error
 * (`err`, `error`) or a request (`req`), so a new log call cannot bring a secret back in.
 */
import { UUID } from "../lib/ids";
export interface LogOptions {
  level: string;
  /** Where the lines go (default stdout); tests capture them. */
  stream?: { write(line: string): void };
}

export function loggerOptions({ level, stream }: LogOptions) {
  return {
    level,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: { err: (e: Error) => safeError(e), error: (e: Error) => safeError(e), req: safeRequest },
    ...(stream && { stream }),
  };
}

const DATABASE_FIELDS = ["severity", "constraint", "table", "column", "schema", "routine"] as const;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * An error as the log may show it: class, code, a message without values, the stack frames and the
 * cause, the same way. Drizzle's failed-query error carries the query's parameters in its message
 * and stack (an argon2 hash, an ID-number hash, a code hash): only the parameterised SQL is kept.
 * A database error's detail ("Key (email)=(...)") is dropped and quoted values in its message masked.
 */
export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (typeof error !== "object" || error === null) return { type: typeof error, message: "", stack: "" };
  const e = error as Record<string, unknown> & { message?: unknown; stack?: unknown };
  const type = typeof e.constructor === "function" ? e.constructor.name : String(e.name ?? "Error");
  const out: SafeError = { type, message: "", stack: "" };
  const code = e.code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  const isDatabase = typeof code === "string" && SQLSTATE.test(code);
  const message = typeof e.message === "string" ? e.message : "";
  if (message.startsWith("Failed query:")) out.message = "Failed query";
  else out.message = isDatabase ? maskQuoted(message) : message.slice(0, 1000);
  // The statement's text has placeholders ($1), never the values: it is kept, `params` never.
  if (typeof e.query === "string") out.query = e.query.slice(0, 2000);
  if (isDatabase) {
    for (const field of DATABASE_FIELDS) if (typeof e[field] === "string") out[field] = e[field];
  }
  if (typeof e.statusCode === "number") out.statusCode = e.statusCode;
  if (typeof e.stack === "string") out.stack = frames(e.stack);
  if (depth < 4 && e.cause !== undefined) out.cause = safeError(e.cause, depth + 1);
  if (depth < 4 && Array.isArray(e.errors))
    out.errors = e.errors.slice(0, 5).map((x) => safeError(x, depth + 1));
  return out;
}

/** PostgreSQL quotes both names and values in its messages; the names are logged apart. */
function maskQuoted(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').slice(0, 500);
}

/** The stack's frames only: its first lines repeat the message. */
function frames(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, 15)
    .join("\n");
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Paths whose last part is a secret: a password reset link, an invite link, an invitation link. */
const SECRET_PATHS = /^(\/(?:api\/)?(?:reset-password|join|invites?|invitation|password-resets)\/)[^/]+/;

/** A request as the log shows it: no query string, and no secret in the path. */
export function safeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function safeUrl(url: string): string {
  const path = (url ?? "").split("?")[0] ?? "";
  const masked = path.replace(SECRET_PATHS, "$1…");
  // Any other long part that is not an id may be a token someone put in a path.
  return masked
    .split("/")
    .map((part) => (part.length >= 24 && !UUID.test(part) && !part.includes(".") ? "…" : part))
    .join("/");
}
