import type { Socket } from "node:net";
import type { ApiErrorBody, ErrorCode } from "../../contract/errors";
import { messages } from "../../contract/messages";

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed, too slow, headers too
 * large) are answered here, in the one error shape too; Fastify's default writes its own body.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, code, message]: [number, string, ErrorCode, string] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout", "bad_request", messages.requestTimeout]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "payload_too_large", messages.bodyTooLarge]
        : [400, "Bad Request", "bad_request", messages.malformedRequest];
  const body = JSON.stringify({ error: { code, message } } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
