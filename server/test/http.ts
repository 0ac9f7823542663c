import type { FastifyInstance } from "fastify";

/** Short calls through the real app for route tests: `call(app, cookie).post(url, body)`. */
export function call(app: FastifyInstance, cookie?: string) {
  const send = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => send("GET", url),
    post: (url: string, payload?: unknown) => send("POST", url, payload),
    put: (url: string, payload?: unknown) => send("PUT", url, payload),
    patch: (url: string, payload?: unknown) => send("PATCH", url, payload),
    delete: (url: string) => send("DELETE", url),
  };
}
