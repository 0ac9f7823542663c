import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { call } from "../test/http";
import { type TestApp, testApp } from "../test/support";
import { buildWorld } from "../test/world";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const boundary = "----votespace-test";
function multipart(filename: string, bytes: string, type: string) {
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n${bytes}\r\n--${boundary}--\r\n`,
    ),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("API answers", () => {
  it("are never stored by the browser or a cache on the way: every GET route, as a role it lets in", async () => {
    const world = await buildWorld(t);
    const cookies = {
      public: undefined,
      user: world.member.cookie,
      voter: world.member.cookie,
      organization: world.owner.cookie,
      admin: world.platform.cookie,
    };
    const stored: string[] = [];
    // Their own caching, tested where they are: uploaded files (below), and the public bulletin
    // board, which names no one and is revalidated by its ETag (board-cache.test.ts).
    const own = ["/api/uploads/:id", "/api/elections/:id/bulletin"];
    const gets = t.app.apiRoutes.filter((route) => route.method === "GET" && !own.includes(route.url));
    expect(gets.length).toBeGreaterThan(40);
    for (const route of gets) {
      const response = await call(t.app, cookies[route.access]).get(world.fill(route.url));
      if (response.headers["cache-control"] !== "no-store") {
        stored.push(`${route.url} (${response.statusCode}): ${response.headers["cache-control"]}`);
      }
    }
    expect(stored).toEqual([]);
  });

  it("are not stored when they refuse or fail either, nor after a state change", async () => {
    const world = await buildWorld(t);
    const answers = [
      await call(t.app).get("/api/profile"),
      await call(t.app).get("/api/nothing-here"),
      await call(t.app, world.member.cookie).get("/api/organizations/not-an-id"),
      await t.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { email: world.member.input.email, password: world.member.input.password },
      }),
    ];
    for (const response of answers) expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("uploaded files", () => {
  it("of members are private and never stored: they need a session, and a shared browser outlives it", async () => {
    const world = await buildWorld(t);
    const { payload, headers } = multipart("notes.txt", "minutes of the meeting", "text/plain");
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/channels/${world.channel.id}/attachments`,
      payload,
      headers: { ...headers, cookie: world.member.cookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const served = await call(t.app, world.member.cookie).get(uploaded.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("private, no-store");
    const signedOut = await call(t.app).get(uploaded.json().url);
    expect(signedOut.statusCode).toBe(404);
    expect(signedOut.headers["cache-control"]).toBe("no-store");
  });
});

describe("the web app's own files", () => {
  it("keep their caching: hashed assets for a year, pages revalidated", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "votespace-web-"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Votespace</title>");
    writeFileSync(path.join(dist, "assets", "main-abc123.js"), "console.log(1)");
    const web = await testApp({ config: { serveWeb: true }, webDist: dist });
    try {
      const asset = await call(web.app).get("/assets/main-abc123.js");
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const page = await call(web.app).get("/workspace");
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-cache");
      // A page's address is the browser router's business, whatever its query holds.
      expect((await call(web.app).get("/workspace?q=a%00b")).statusCode).toBe(200);
      // Even one that is not valid percent-encoding (`/join/%%%`): the page says what is wrong.
      const broken = await call(web.app).get("/join/%%%");
      expect(broken.statusCode).toBe(200);
      expect(broken.headers["content-type"]).toMatch(/^text\/html/);
      // With the security headers every page has (its hooks do not run for it).
      expect(broken.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
      expect(broken.headers["x-frame-options"]).toBe(page.headers["x-frame-options"]);
      expect(page.headers["content-security-policy"]).toContain("default-src");
      const api = await call(web.app).get("/api/invites/%%%");
      expect(api.statusCode).toBe(400);
      expect(api.json().error.message).toBe(messages.textNotAllowed);
    } finally {
      await web.close();
    }
  });
});
