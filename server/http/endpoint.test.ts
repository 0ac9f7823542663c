import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, typedAnswer } from "../../contract/endpoint";
import { messages } from "../../contract/messages";
import type { Db } from "../db/connect";
import { ManualClock } from "../lib/clock";
import { installAccess } from "./access";
import { route } from "./endpoint";
import { AppError, installErrorHandler, parse } from "./errors";

const item = endpoint({
  method: "PUT",
  path: "/api/things/:id",
  access: "public",
  params: z.strictObject({ id: z.uuid({ error: messages.notFound }) }),
  query: z.strictObject({ page: z.coerce.number().int().min(0).default(0) }),
  body: z.strictObject({ name: z.string().min(1, { error: "Name is required" }) }),
  response: typedAnswer<{ id: string; page: number; name: string }>(),
});

const ping = endpoint({
  method: "POST",
  path: "/api/ping",
  access: "public",
  response: typedAnswer<{ ok: true }>(),
});
const mine = endpoint({
  method: "GET",
  path: "/api/mine",
  access: "user",
  response: typedAnswer<{ id: string }>(),
});

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** The app's access and error layers, without a database (no route here reads a session). */
async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify();
  installErrorHandler(app);
  await app.register(fastifyCookie);
  installAccess(app, { db: {} as Db, clock: new ManualClock(new Date()) });
  register(app);
  await app.ready();
  return app;
}

const things = () =>
  appWith((a) => {
    route(a, item, ({ params, query, body }) => ({ id: params.id, page: query.page, name: body.name }));
    route(a, ping, () => ({ ok: true }));
    route(a, mine, ({ auth }) => ({ id: auth.user.id }));
  });

/** The 400 that parse() gives for the same input, so the shapes are the same by construction. */
function refusal(schema: z.ZodType, input: unknown) {
  try {
    parse(schema, input);
  } catch (error) {
    if (error instanceof AppError) {
      const { code, message, field } = error;
      return { error: field ? { code, message, field } : { code, message } };
    }
  }
  throw new Error("the input was accepted");
}

const id = "6f1c1f9e-8d6a-4b55-9a43-3c8f2f0a9c11";

describe("a declared route", () => {
  it("hands the handler its parsed params, query (defaults applied) and body", async () => {
    const a = await things();
    const answer = await a.inject({ method: "PUT", url: `/api/things/${id}`, payload: { name: "A" } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id, page: 0, name: "A" });
    const paged = await a.inject({ method: "PUT", url: `/api/things/${id}?page=3`, payload: { name: "B" } });
    expect(paged.json()).toEqual({ id, page: 3, name: "B" });
  });

  it("refuses bad params, query and body with the error shape and words of parse()", async () => {
    const a = await things();
    const badId = await a.inject({ method: "PUT", url: "/api/things/nope", payload: { name: "A" } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual(refusal(item.params, { id: "nope" }));
    expect(badId.json()).toEqual({ error: { code: "bad_request", message: messages.notFound, field: "id" } });

    const badPage = await a.inject({
      method: "PUT",
      url: `/api/things/${id}?page=-1`,
      payload: { name: "A" },
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toEqual(refusal(item.query, { page: "-1" }));

    const extra = await a.inject({ method: "PUT", url: `/api/things/${id}?sort=1`, payload: { name: "A" } });
    expect(extra.json()).toEqual({
      error: { code: "bad_request", message: `${messages.unknownField}: sort` },
    });

    const badBody = await a.inject({ method: "PUT", url: `/api/things/${id}`, payload: { name: "" } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toEqual({
      error: { code: "bad_request", message: "Name is required", field: "name" },
    });

    const noBody = await a.inject({ method: "PUT", url: `/api/things/${id}` });
    expect(noBody.json()).toEqual({ error: { code: "bad_request", message: messages.invalidBody } });
  });

  it("checks params before query and body", async () => {
    const a = await things();
    const all = await a.inject({ method: "PUT", url: "/api/things/nope?page=-1", payload: { name: "" } });
    expect(all.json()).toEqual({ error: { code: "bad_request", message: messages.notFound, field: "id" } });
  });

  it("refuses a body where none is declared", async () => {
    const a = await things();
    expect((await a.inject({ method: "POST", url: "/api/ping" })).json()).toEqual({ ok: true });
    const sent = await a.inject({ method: "POST", url: "/api/ping", payload: { x: 1 } });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toEqual({ error: { code: "bad_request", message: `${messages.unknownField}: x` } });
  });

  it("applies its access before any input is read", async () => {
    const a = await things();
    const anonymous = await a.inject({ method: "GET", url: "/api/mine?junk=1" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: "unauthorized", message: messages.notSignedIn } });
  });
});

describe("declarations the app refuses to start with", () => {
  it("an access kind that is not one of the five", async () => {
    const moderator = { ...ping, access: "moderator" } as unknown as typeof ping;
    await expect(appWith((a) => route(a, moderator, () => ({ ok: true })))).rejects.toThrow(
      "declares an unknown access kind: moderator",
    );
  });

  it("route parameters without a params schema, or the reverse", async () => {
    const loose = { ...item, params: undefined } as unknown as typeof item;
    await expect(appWith((a) => route(a, loose, () => ({ id, page: 0, name: "" })))).rejects.toThrow(
      "has route parameters but declares no params schema",
    );
    const stray = { ...ping, params: z.strictObject({ id: z.string() }) } as unknown as typeof ping;
    await expect(appWith((a) => route(a, stray, () => ({ ok: true })))).rejects.toThrow(
      "declares params but its path has none",
    );
  });

  it("(type check) a handler that answers something else than the declared response", () => {
    const register = (a: FastifyInstance) => {
      // @ts-expect-error `ok` must be true
      route(a, ping, () => ({ ok: false }));
      // @ts-expect-error `name` is missing
      route(a, item, ({ params }) => ({ id: params.id, page: 0 }));
      // @ts-expect-error the body is not a number
      route(a, item, ({ body }) => ({ id: body.name, page: body.name, name: "" }));
    };
    expect(register).toBeTypeOf("function");
  });
});
