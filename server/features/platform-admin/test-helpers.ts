import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { ADMIN_COOKIE } from "../../http/access";
import type { TestApp } from "../../test/support";
import { createAdmin } from "./accounts";

/** The admin cookie a response set, as a Cookie header value. */
export function adminCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === ADMIN_COOKIE);
  if (!cookie?.value) throw new Error(`no admin cookie in response ${response.statusCode}: ${response.body}`);
  return `${ADMIN_COOKIE}=${cookie.value}`;
}

/** A platform admin made as `npm run admin:create` makes one, signed in through the API. */
export async function signedInAdmin(t: TestApp) {
  const input = {
    username: `admin-${randomUUID().slice(0, 8)}`,
    password: "correct horse battery",
    full_name: "Platform Admin",
  };
  const admin = await createAdmin(t.database.db, t.clock, input, "command");
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    payload: { username: input.username, password: input.password },
  });
  return { admin, input, cookie: adminCookie(response) };
}

/** A route's URL with its `:id` filled in. */
export const withId = (url: string, id: string = randomUUID()) => url.replace(":id", id);
