import {
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResponse,
  endpointUrl,
} from "../../../contract/endpoint";
import { api } from "./http";

/** The input argument: optional when the endpoint takes none. */
export type CallArgs<E extends AnyEndpoint> = keyof EndpointInput<E> extends never
  ? [input?: EndpointInput<E>]
  : [input: EndpointInput<E>];

/**
 * Calls a declared endpoint (contract/<feature>.ts): its path with the params filled in, its query,
 * its body; the answer has the declared response type. Failures are the one `ApiError` of http.ts.
 */
export function call<E extends AnyEndpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const parts = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return api<EndpointResponse<E>>(endpoint.method, endpointUrl(endpoint, parts), parts.body);
}
