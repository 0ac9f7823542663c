import type { FastifyInstance } from "fastify";
import { messages } from "../../contract/messages";
import { badRequest } from "./errors";

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The bidirectional overrides (LEFT-TO-RIGHT and RIGHT-TO-LEFT OVERRIDE): they show the characters
 * after them in reverse, so "report.\u202efdp.exe" reads "report.exe.pdf" and a name reads as
 * another. Text in any script, right-to-left included, is shown rightly without them (the isolates
 * and marks stay allowed).
 */
const DIRECTION_OVERRIDE = /[\u202d\u202e]/;

/**
 * True when a string, or any string (key or value) inside an object or array, holds a NUL, a
 * lone UTF-16 surrogate or, outside a password, a direction override. PostgreSQL stores neither of
 * the first two (text refuses NUL, jsonb both), so such input used to reach the database and fail
 * there as a 500; the third shows text other than what was stored, and a password is never shown
 * (one chosen with it before stays usable). No user types them. Walks iteratively, so deeply nested
 * JSON cannot overflow the stack.
 */
export function hasDisallowedText(input: unknown): boolean {
  const pending: Array<{ value: unknown; secret: boolean }> = [{ value: input, secret: false }];
  while (pending.length > 0) {
    const { value, secret } = pending.pop() as { value: unknown; secret: boolean };
    if (typeof value === "string") {
      if (value.includes("\u0000") || LONE_SURROGATE.test(value)) return true;
      if (!secret && DIRECTION_OVERRIDE.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, secret });
    } else if (typeof value === "object" && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, inner] of Object.entries(value))
        pending.push({ value: key, secret: false }, { value: inner, secret: /password/i.test(key) });
    }
  }
  return false;
}

/**
 * Refuses such text in the body, query and route parameters of every route at once, after the
 * access check (deny by default answers first) and before any handler reads its input.
 */
export function installInputCheck(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    // API routes (they all declare who may use them); the web app's pages and files take no input.
    if (!request.routeOptions.config.access) return;
    if (hasDisallowedText([request.params, request.query, request.body])) {
      throw badRequest(messages.textNotAllowed);
    }
  });
}
