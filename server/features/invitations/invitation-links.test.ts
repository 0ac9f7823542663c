import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, uniqueEmail } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

/**
 * Where an invitation's link points without PUBLIC_URL: the address the server listens on. With PORT=0
 * the port is known only once listening, so the link must be built when the invitation is sent, not
 * when the routes were registered (then it named port 0, and every link led nowhere).
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await testApp({ config: { port: 0, host: "127.0.0.1" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe("invitation links without PUBLIC_URL", () => {
  it("name the port the server listens on, when sent and when resent", async () => {
    const admin = await createOrganization(t.app);
    const email = uniqueEmail("port");
    const sent = await call(t.app, admin.cookie).post(
      `/api/organizations/${admin.organizationId}/voter-lists`,
      {
        filename: "voters.csv",
        csv: `Full name,Email\r\nYaw Asante,${email}\r\n`,
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const link = new RegExp(`http://localhost:${port}/invitation/[\\w-]+`);
    expect((await t.outbox.lastTo(email))?.text).toMatch(link);

    const { invitations } = (
      await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/invitations`)
    ).json();
    const resent = await call(t.app, admin.cookie).post(`/api/invitations/${invitations[0].id}/resend`);
    expect(resent.statusCode, resent.body).toBeLessThan(300);
    expect((await t.outbox.lastTo(email))?.text).toMatch(link);
  });
});
