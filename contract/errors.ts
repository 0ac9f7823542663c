/**
 * The one error shape every API failure uses: `{ "error": { "code", "message" } }`, and `field` when
 * the message is about one input field (its dotted path in the body, e.g. `"email"` or
 * `"options.0.label"`), so a form can show it under that field.
 */
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "two_factor_required"
  | "forbidden"
  | "password_required"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable"
  | "internal";

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "message" in error && "code" in error;
}
