import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../test/server-process";

/**
 * The first start of a real server process (`npm start`) with ADMIN_USERNAME and ADMIN_PASSWORD on
 * the embedded database with demo data: the admin they name is made, and the demo superadmin too
 * (the demo's superadmin, made first, had counted as the first admin and the named one was never made).
 */
describe("the first platform admin from the environment, on a demo server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(null, {
      DEMO: "on",
      ADMIN_USERNAME: "first-ops",
      ADMIN_PASSWORD: "twelve chars!",
    });
  }, 60_000);
  afterAll(() => server?.stop());

  const adminSignIn = (username: string, password: string) =>
    fetch(`${server.baseUrl}/api/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ username, password }),
    });

  it("signs in as the admin ADMIN_USERNAME names, and as the demo superadmin", async () => {
    const named = await adminSignIn("first-ops", "twelve chars!");
    expect(named.status, server.output()).toBe(200);
    const demo = (await (await fetch(`${server.baseUrl}/api/admin/demo-credentials`)).json()) as {
      username: string;
      password: string;
    };
    expect((await adminSignIn(demo.username, demo.password)).status).toBe(200);
  });
});
