import { isApiErrorBody } from "../../../contract/errors";
import { firstMessages as messages } from "../../../contract/first-messages";

/**
 * A failure the server explained in the one error shape; `message` is fit to show, and `field`
 * (a dotted path) names the input field it is about, when there is one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The server could not be reached at all. */
export class NetworkError extends Error {}

/** A failure that says the server could not be reached (no answer, or 503 while it restarts): not the request's fault. */
export const unreachable = (failure: unknown): boolean =>
  failure instanceof NetworkError || (failure instanceof ApiError && failure.status === 503);

export function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return send<T>(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sends a multipart form (a file upload) with POST; answers and failures as `api()`. */
export function upload<T>(path: string, form: FormData): Promise<T> {
  return send<T>(path, { method: "POST", body: form });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "same-origin" });
  } catch {
    throw new NetworkError("Could not reach the Votespace server. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // The database restarting, or the server (or a proxy in front) shutting down: one message,
    // whatever answered, so every screen says the same thing and the user knows to retry.
    if (response.status === 503) {
      const code = isApiErrorBody(data) ? data.error.code : "unavailable";
      throw new ApiError(503, code, messages.serviceUnavailable);
    }
    if (isApiErrorBody(data))
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.field);
    throw new ApiError(response.status, "unknown", `The server answered ${response.status}`);
  }
  return data as T;
}
