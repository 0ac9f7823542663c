/** True when the error (or its cause, as Drizzle wraps driver errors) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code === "23505") {
      return !constraint || pgError.constraint === constraint || !!pgError.message?.includes(constraint);
    }
  }
  return false;
}

/**
 * True when PostgreSQL refused text it cannot store: a NUL (22021, character_not_in_repertoire)
 * or a NUL or lone surrogate escaped in JSON (22P05, untranslatable_character). The input check
 * refuses both before any handler; this catches what reaches the database another way (a file name).
 */
export function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === "22021" || code === "22P05") return true;
  }
  return false;
}

/**
 * SQLSTATE classes and codes that mean "the database is not there right now": connection
 * exceptions (08), shutting down or starting up (57P01-57P03), too many connections (53300),
 * a statement cancelled by its timeout (57014).
 */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);
/** Node's socket failures while reaching the server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres and its pool say these without a code. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Connection ended unexpectedly",
];

/**
 * True when the error (or its cause, as Drizzle wraps driver errors) says the database could not
 * be reached or stopped serving: the request may succeed when it is back (503, not 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (code.startsWith("08") || UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === "string" && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
