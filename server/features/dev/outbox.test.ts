import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxMessage } from "../../../contract/dev";
import { loadConfig } from "../../config";
import { outbox } from "../../db/schema";
import { EXPIRED } from "../../lib/outbox/deliver";
import { type TestApp, testApp } from "../../test/support";
import { createDemoAdmin } from "../platform-admin/accounts";

let demo: TestApp;
let plain: TestApp;
beforeAll(async () => {
  demo = await testApp({ config: { demo: true } });
  plain = await testApp();
  await createDemoAdmin(demo.database.db, demo.clock, "test-secret-key-0123456789abcdef0123456789");
});
afterAll(async () => {
  await demo.close();
  await plain.close();
});

const demoSecrets = ["/api/dev/outbox", "/api/admin/demo-credentials"];

/** A demo secret not shown: the outbox is not there (404), the sign-in page's credentials are none (null). */
function expectWithheld(url: string, response: { statusCode: number; json(): unknown }) {
  if (url === "/api/dev/outbox") expect(response.statusCode, url).toBe(404);
  else expect([response.statusCode, response.json()], url).toEqual([200, null]);
}

describe("the developer outbox and the demo credentials", () => {
  it("are shown by a demo server to a request from its own machine", async () => {
    for (const url of demoSecrets) {
      const response = await demo.app.inject({ method: "GET", url, headers: { host: "localhost:3000" } });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("are withheld from a request from another machine", async () => {
    for (const url of demoSecrets)
      expectWithheld(url, await demo.app.inject({ method: "GET", url, remoteAddress: "203.0.113.7" }));
  });

  it("are withheld from a request a proxy relayed, even from loopback", async () => {
    for (const url of demoSecrets) {
      for (const headers of [{ "x-forwarded-for": "203.0.113.7" }, { forwarded: "for=203.0.113.7" }])
        expectWithheld(url, await demo.app.inject({ method: "GET", url, headers }));
    }
  });

  it("are withheld from a page on another name that points at loopback (DNS rebinding)", async () => {
    for (const url of demoSecrets)
      expectWithheld(
        url,
        await demo.app.inject({ method: "GET", url, headers: { host: "evil.example:3000" } }),
      );
  });

  it("show whether each message was sent, and why one was not (its text is gone)", async () => {
    const db = demo.database.db;
    await db.insert(outbox).values([
      { recipient: "sent@example.org", subject: "A code", body: "Your code is 123456", state: "sent" },
      {
        recipient: "late@example.org",
        subject: "Voting is open",
        body: "",
        state: "failed",
        lastError: EXPIRED,
      },
    ]);
    const response = await demo.app.inject({
      method: "GET",
      url: "/api/dev/outbox",
      headers: { host: "localhost:3000" },
    });
    const messages = response.json().messages as OutboxMessage[];
    expect(messages.find((m) => m.to === "sent@example.org")).toMatchObject({
      state: "sent",
      failure: null,
      body: "Your code is 123456",
    });
    expect(messages.find((m) => m.to === "late@example.org")).toMatchObject({
      state: "failed",
      failure: EXPIRED,
    });
  });

  it("are never shown by a server without demo data", async () => {
    for (const url of demoSecrets) expectWithheld(url, await plain.app.inject({ method: "GET", url }));
  });
});

describe("demo data by default", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "votespace-demo-"));

  it("is on for `npm start` (embedded database), which then listens on loopback only", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ demo: true, host: "localhost" });
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: "127.0.0.1" })).toMatchObject({ demo: true });
  });

  it("is off on a server that faces the network, unless DEMO=on says so", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: "0.0.0.0" })).toMatchObject({
      demo: false,
      host: "0.0.0.0",
    });
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://vote.example.org" }).demo).toBe(false);
    const pg = { DATABASE_URL: "postgres://localhost/x", SECRET_KEY: "k".repeat(40) };
    expect(loadConfig(pg)).toMatchObject({ demo: false, host: "0.0.0.0" });
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: "0.0.0.0", DEMO: "on" }).demo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO: "off" })).toMatchObject({ demo: false, host: "0.0.0.0" });
  });
});
