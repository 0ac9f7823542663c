import { messages } from "../../../../contract/messages";
import { ApiError, NetworkError } from "../../api/http";

/** The words to show for a failed call: the server's own message, else a plain one. */
export function errorText(failure: unknown): string {
  if (failure instanceof ApiError || failure instanceof NetworkError) return failure.message;
  if (failure instanceof Error && failure.message) return failure.message;
  return messages.unexpected;
}

/** A failed join, as the spec words it (spec part 1 section 8). */
export function joinErrorText(failure: unknown): string {
  if (failure instanceof ApiError) {
    // These already say what happened in the spec's words.
    if (failure.status === 409 || failure.status === 401 || failure.status === 403 || failure.status === 404)
      return failure.message;
    return messages.joinFailed + failure.message;
  }
  if (failure instanceof NetworkError) return failure.message;
  return messages.unexpected;
}
