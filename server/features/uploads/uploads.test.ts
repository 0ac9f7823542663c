import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { multipart, TINY_PNG } from "../../test/multipart";
import { type TestApp, testApp } from "../../test/support";
import { sniff } from "./sniff";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const PNG = TINY_PNG;

async function uploadLogo(organizationId: string, cookie: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipart(filename, bytes);
  return t.app.inject({
    method: "POST",
    url: `/api/organizations/${organizationId}/logo`,
    payload,
    headers: { ...headers, cookie },
  });
}

describe("organization logos", () => {
  it("are uploaded by the admin, checked by content, and served publicly with their type", async () => {
    const admin = await createOrganization(t.app);
    const response = await uploadLogo(admin.organizationId, admin.cookie, "logo.png", PNG);
    expect(response.statusCode).toBe(200);
    const logoUrl = response.json().logo_url as string;
    expect(logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const served = await call(t.app).get(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-disposition"]).toMatch(/^inline/);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("refuse what is not an image, whatever its name says, and change nothing", async () => {
    const admin = await createOrganization(t.app);
    const refused = await uploadLogo(
      admin.organizationId,
      admin.cookie,
      "logo.png",
      Buffer.from("<script>alert(1)</script>"),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.logoInvalid);
    expect(
      (await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}`)).json().logo_url,
    ).toBe("");
  });

  it("refuse files over 10 MB", async () => {
    const admin = await createOrganization(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const refused = await uploadLogo(admin.organizationId, admin.cookie, "big.png", big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(messages.logoInvalid);
  });

  it("must be denied to members and voters", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    expect((await uploadLogo(admin.organizationId, member.cookie, "logo.png", PNG)).statusCode).toBe(403);
    const other = await createOrganization(t.app);
    expect((await uploadLogo(admin.organizationId, other.cookie, "logo.png", PNG)).statusCode).toBe(404);
    const voter = await createVoter(t.app);
    expect((await uploadLogo(admin.organizationId, voter.cookie, "logo.png", PNG)).statusCode).toBe(403);
  });
});

describe("content sniffing", () => {
  it("names the common types by their first bytes", () => {
    expect(sniff(PNG)).toBe("image/png");
    expect(sniff(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe("application/zip");
    expect(sniff(Buffer.from("plain words\nmore"))).toBe("text/plain");
    expect(sniff(Buffer.from([0x00, 0x01, 0x02, 0xff]))).toBeNull();
  });
});
