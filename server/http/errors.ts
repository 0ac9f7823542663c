import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ApiErrorBody, ErrorCode } from "../../contract/errors";
import { messages } from "../../contract/messages";
import { isDatabaseUnavailable, isUnstorableText } from "../lib/db-errors";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  two_factor_required: 401,
  forbidden: 403,
  password_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/**
 * An expected failure: its message is shown to the user as it is; `field` names the input field it
 * is about (a dotted path), when there is one.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError("bad_request", message, {}, field);
export const unauthorized = (message: string = messages.notSignedIn) => new AppError("unauthorized", message);
export const forbidden = (message: string = messages.forbidden) => new AppError("forbidden", message);
export const notFound = (message: string = messages.notFound) => new AppError("not_found", message);
export const conflict = (message: string, field?: string) => new AppError("conflict", message, {}, field);

export function body(code: ErrorCode, message: string, field?: string): ApiErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/** The dotted path of the input field a zod issue is about (none for the input as a whole). */
const fieldOf = (path: readonly PropertyKey[]): string | undefined =>
  path.length > 0 ? path.map(String).join(".") : undefined;

/** What is wrong with an input that is no object at all: none, text (a body not sent as JSON), or another JSON value. */
function notAnObject(input: unknown): string {
  if (input === undefined) return messages.invalidBody;
  return typeof input === "string" ? messages.unsupportedMediaType : messages.bodyNotObject;
}

/**
 * Parses input with its contract schema; the first problem becomes a 400 in the spec's words, about
 * the field it names (the issue's path) when it names one.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    throw badRequest(`${messages.unknownField}: ${issue.keys.join(", ")}`);
  }
  if (issue?.code === "invalid_type" && issue.path.length === 0) throw badRequest(notAnObject(input));
  if (!issue) throw badRequest(messages.invalidBody);
  throw badRequest(issue.message, fieldOf(issue.path));
}

/** Every failure leaves in the one error shape; unexpected ones are logged and say nothing inside. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (thrown: FastifyError | AppError, request, reply) => {
    const error = await sessionFirst(thrown, request);
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(body(error.code, error.message, error.field));
    }
    const framework = isBrokenMultipart(error, request)
      ? { code: "bad_request" as const, message: messages.uploadIncomplete }
      : frameworkError(error);
    if (framework) return reply.code(STATUS[framework.code]).send(body(framework.code, framework.message));
    // The network failures it matches are also those of an S3 bucket out of reach (STORAGE=s3).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database or file storage unavailable: answered 503");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send(body("unavailable", messages.serviceUnavailable));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(body("internal", messages.internal));
  });
}

/**
 * A refusal of a route that reads its session inside its write (access.ts SessionInWrite), made
 * before the session was read: it is read now, and a caller not signed in, or not let in, is
 * told that instead, as every other route tells them before anything else.
 */
async function sessionFirst(
  error: FastifyError | AppError,
  request: FastifyRequest,
): Promise<FastifyError | AppError> {
  const session = request.sessionInWrite;
  const status = error instanceof AppError ? error.status : error.statusCode;
  if (!session || request.auth || (status !== undefined && status >= 500)) return error;
  try {
    await session.resolve();
    return error;
  } catch (refusal) {
    // The session's own refusal (401, 403), or the database out of reach (503, as any route says).
    return refusal as FastifyError | AppError;
  }
}

/**
 * What Fastify answers before any route or hook (a URL that is not valid percent-encoding), in
 * the one error shape too (the `frameworkErrors` option of the app).
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const known = frameworkError(error) ?? {
    code: "bad_request" as const,
    message: messages.requestUnreadable,
  };
  reply.code(STATUS[known.code]).send(body(known.code, known.message));
}

/**
 * A multipart body cut off (truncated, or the client went away) or without its boundary: the
 * parser and the file stream report it with plain errors, on any multipart route.
 */
function isBrokenMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (!request.headers["content-type"]?.toLowerCase().startsWith("multipart/")) return false;
  if (error.code === "ERR_STREAM_PREMATURE_CLOSE" || error.code === "ECONNRESET") return true;
  return /unexpected end of multipart data$|^Multipart: Boundary not found$/.test(error.message);
}

function frameworkError(error: FastifyError): { code: ErrorCode; message: string } | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { code: "bad_request", message: messages.invalidBody };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { code: "payload_too_large", message: messages.bodyTooLarge };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { code: "unsupported_media_type", message: messages.unsupportedMediaType };
    case "FST_ERR_BAD_URL":
      return { code: "bad_request", message: messages.textNotAllowed };
  }
  if (isUnstorableText(error)) return { code: "bad_request", message: messages.textNotAllowed };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: "bad_request", message: messages.requestUnreadable };
  }
  return null;
}
