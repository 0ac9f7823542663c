import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { channels, organizations, uploads } from "../db/schema";
import { monitoredElection, sessionBody } from "../features/monitoring/testing";
import { uniqueEmail, voterInput } from "../test/factories";
import { call } from "../test/http";
import { type TestApp, testApp } from "../test/support";
import { buildWorld } from "../test/world";
import type { Access } from "./access";
import { hasDisallowedText } from "./input";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const refusal = { error: { code: "bad_request", message: messages.textNotAllowed } };

/** Whether a role gets past a route's access check (the user's own type, or any user on "user" routes). */
function passes(kind: "anonymous" | "voter" | "organization" | "admin", access: Access): boolean {
  if (access === "public") return true;
  if (access === "user") return kind === "voter" || kind === "organization";
  return kind === access;
}

describe("text no one types (NUL, a lone surrogate, a direction override)", () => {
  it("is refused with one 400 on every live route, in the body, the query and the route parameters", async () => {
    const world = await buildWorld(t);
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = world.fill(route.url);
      // Routes that take a body get an acceptable one where the text is elsewhere.
      const empty = ["GET", "DELETE"].includes(route.method) ? undefined : "{}";
      const tries: Array<{ name: string; url: string; payload?: string; beforeRouting?: boolean }> = [
        { name: "a NUL in the query", url: `${url}?q=a%00b`, payload: empty },
        { name: "a NUL in a query key", url: `${url}?a%00=1`, payload: empty },
      ];
      if (route.url.includes(":")) {
        const withNul = world.fill(route.url.replace(/:\w+/, "a%00b"));
        const broken = world.fill(route.url.replace(/:\w+/, "%ED%A0%80"));
        tries.push(
          { name: "a NUL in a parameter", url: withNul, payload: empty },
          // Not valid percent-encoding: refused before routing, so before any access check.
          {
            name: "an encoded lone surrogate in a parameter",
            url: broken,
            payload: empty,
            beforeRouting: true,
          },
        );
      }
      if (["POST", "PUT", "PATCH"].includes(route.method)) {
        tries.push(
          { name: "a NUL in the body", url, payload: '{"content":"a\\u0000b"}' },
          { name: "a NUL in a key", url, payload: '{"a\\u0000":true}' },
          { name: "a lone surrogate deep in the body", url, payload: '{"device_info":{"x":["\\ud800"]}}' },
          { name: "a lone low surrogate", url, payload: '{"name":"\\udc00x"}' },
          { name: "a right-to-left override", url, payload: '{"content":"report.\\u202efdp.exe"}' },
        );
      }
      for (const role of world.roles) {
        const headers = role.cookie ? { cookie: role.cookie } : {};
        for (const attempt of tries) {
          const response = await t.app.inject({
            method: route.method as "POST",
            url: attempt.url,
            headers: attempt.payload ? { ...headers, "content-type": "application/json" } : headers,
            ...(attempt.payload ? { payload: attempt.payload } : {}),
          });
          const label = `${route.method} ${route.url} as ${role.name}, ${attempt.name}`;
          const answer = `${response.statusCode} ${response.body}`;
          // A role the route lets in reaches the input check; the others are refused first, never with a 5xx.
          if (passes(role.kind, route.access) || attempt.beforeRouting) {
            if (answer !== `400 ${JSON.stringify(refusal)}`) wrong.push(`${label}: ${answer}`);
          } else if (
            ![401, 403].includes(response.statusCode) ||
            typeof response.json().error?.message !== "string"
          ) {
            wrong.push(`${label}: ${answer}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("is refused where it would reach the database: every kind of text field, anonymous routes included", async () => {
    const world = await buildWorld(t);
    const monitored = await monitoredElection(t);
    const voter = monitored.voters[0];
    if (!voter) throw new Error("no voter");
    const nul = "a\u0000b";
    const owner = call(t.app, world.owner.cookie);
    const member = call(t.app, world.member.cookie);
    const anonymous = call(t.app);
    const attempts = [
      anonymous.post("/api/accounts/voters", voterInput({ full_name: nul })),
      anonymous.post("/api/session", { email: `x${nul}@y.co`, password: "secret123" }),
      anonymous.post("/api/password-resets", { email: `x${nul}@y.co` }),
      anonymous.post("/api/admin/session", { username: nul, password: "long enough password" }),
      anonymous.get(`/api/invites/${encodeURIComponent(nul)}`),
      owner.get(`/api/organizations/search?q=${encodeURIComponent(nul)}`),
      owner.get(`/api/channels/${world.channel.id}/search?q=${encodeURIComponent(nul)}`),
      owner.post("/api/channels", { name: nul, type: "text" }),
      owner.patch(`/api/channels/${world.channel.id}`, { description: nul }),
      owner.patch(`/api/organizations/${world.owner.organizationId}`, { description: nul }),
      member.post(`/api/channels/${world.channel.id}/posts`, { content: nul }),
      owner.patch(`/api/posts/${world.post.id}`, { content: nul }),
      member.post(`/api/posts/${world.post.id}/comments`, { content: nul }),
      member.post(`/api/posts/${world.post.id}/report`, { reason: nul }),
      member.post(`/api/chat/conversations/${world.owner.id}`, { content: nul }),
      member.patch("/api/profile", { full_name: nul }),
      call(t.app, voter.cookie).post(
        `/api/elections/${monitored.election.id}/voting-sessions`,
        sessionBody({ device_info: { ...sessionBody().device_info, platform: "Linux \ud800" } }),
      ),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(refusal);
    }
    // Nothing was written on the way.
    const [channel] = await t.database.db.select().from(channels).where(eq(channels.id, world.channel.id));
    expect(channel?.description).toBe("");
    expect(uniqueEmail()).toContain("@");
  });

  it("is refused in a WebSocket message too", async () => {
    const { parseClientMessage } = await import("../realtime/connection");
    const message = JSON.stringify({ type: "subscribe", topic: "org:\u0000" });
    expect(parseClientMessage(Buffer.from(message), false)).toEqual({ error: messages.textNotAllowed });
  });
});

describe("an update that names nothing to change", () => {
  it("answers 200 or 400 on every PATCH and PUT route, for every role, never 5xx", async () => {
    const world = await buildWorld(t);
    const updates = t.app.apiRoutes.filter((route) => route.method === "PATCH" || route.method === "PUT");
    expect(updates.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of updates) {
      const answers = new Set<number>();
      for (const role of world.roles) {
        const response = await call(t.app, role.cookie)[route.method === "PUT" ? "put" : "patch"](
          world.fill(route.url),
          {},
        );
        answers.add(response.statusCode);
        if (response.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${role.name}: 5xx`);
      }
      // Some role may use the route: it must get a considered answer, not a refusal of who they are.
      if (!answers.has(200) && !answers.has(400))
        failures.push(`${route.method} ${route.url}: ${[...answers]}`);
    }
    expect(failures).toEqual([]);
  });

  it("changes nothing and answers with the current state on the partial updates", async () => {
    const world = await buildWorld(t);
    const owner = call(t.app, world.owner.cookie);
    const organization = `/api/organizations/${world.owner.organizationId}`;
    const [before] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, world.owner.organizationId));
    for (const url of [organization, `${organization}/settings`]) {
      const response = await owner.patch(url, {});
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json().id).toBe(world.owner.organizationId);
    }
    const [after] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, world.owner.organizationId));
    expect(after).toEqual(before);
    const renamed = await owner.patch(`/api/channels/${world.channel.id}`, {});
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().channel.id).toBe(world.channel.id);
    const preferences = await owner.put(`/api/channels/${world.channel.id}/preferences`, {});
    expect(preferences.statusCode, preferences.body).toBe(200);
    expect(preferences.json().channel.id).toBe(world.channel.id);
  });
});

describe("a multipart body", () => {
  const boundary = "----votespace-test";
  const part = (filename: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    "Content-Type: text/plain\r\n\r\nhello world";
  const upload = (url: string, cookie: string, payload: string) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    });

  it("cut off before its end is a 400 on every multipart route, and stores nothing", async () => {
    const world = await buildWorld(t);
    const routes = [
      `/api/channels/${world.channel.id}/attachments`,
      `/api/organizations/${world.owner.organizationId}/logo`,
    ];
    for (const url of routes) {
      const response = await upload(url, world.owner.cookie, part("notes.txt"));
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ error: { code: "bad_request", message: messages.uploadIncomplete } });
    }
    const stored = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.organizationId, world.owner.organizationId));
    expect(stored).toEqual([]);
  });

  it("with a NUL or a direction override in its file name is a 400", async () => {
    const world = await buildWorld(t);
    const url = `/api/channels/${world.channel.id}/attachments`;
    for (const name of ["a\u0000.txt", "report.\u202efdp.exe"]) {
      const response = await upload(url, world.owner.cookie, `${part(name)}\r\n--${boundary}--\r\n`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(refusal);
    }
  });

  it("a direction override in a password is no business of the check (a password is never shown)", () => {
    expect(hasDisallowedText({ current_password: "a\u202eb", new_password: "c\u202ed" })).toBe(false);
    expect(hasDisallowedText({ full_name: "a\u202eb" })).toBe(true);
    expect(hasDisallowedText({ password: "a\u0000b" })).toBe(true);
  });
});
