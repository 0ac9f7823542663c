import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionsEndpoints } from "../../../contract/elections-endpoints";
import { endpointUrl } from "../../../contract/endpoint";
import { messages } from "../../../contract/messages";
import { createMember, createOrganization, createVoter, signIn } from "../../test/factories";
import { call } from "../../test/http";
import { multipart, TINY_PNG } from "../../test/multipart";
import { type TestApp, testApp } from "../../test/support";
import { PHOTO_GRACE_MS, sweepUploads } from "./sweeper";

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ ownDatabase: true });
});
afterAll(() => t.close());

const PNG = TINY_PNG;

async function uploadPhoto(organizationId: string, cookie: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipart(filename, bytes);
  return t.app.inject({
    method: "POST",
    url: endpointUrl(electionsEndpoints.uploadCandidatePhoto, { params: { id: organizationId } }),
    payload,
    headers: { ...headers, cookie },
  });
}

async function storedCount(): Promise<number> {
  const rows = await t.database.db.query.uploads.findMany({
    where: (u, { eq }) => eq(u.kind, "candidate_photo"),
  });
  return rows.length;
}

describe("candidate photos", () => {
  it("are stored for the organization's administrator, who gets an address its members can open", async () => {
    const admin = await createOrganization(t.app);
    const response = await uploadPhoto(admin.organizationId, admin.cookie, "ada.png", PNG);
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    // In the data folder (the embedded default storage), under the upload's id.
    const id = url.split("/").pop() as string;
    const folder = path.join(t.app.context.config.dataDir, "uploads");
    expect(await readdir(folder)).toContain(id);

    const served = await call(t.app, admin.cookie).get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const member = await createMember(t.app, admin.organizationId);
    expect((await call(t.app, member.cookie).get(url)).statusCode).toBe(200);
    // Not public: a stranger, signed in or not, is told it does not exist.
    const stranger = await createOrganization(t.app);
    expect((await call(t.app, stranger.cookie).get(url)).statusCode).toBe(404);
    expect((await call(t.app).get(url)).statusCode).toBe(404);
  });

  it("refuse what is not a picture, whatever its name says, and store nothing", async () => {
    const admin = await createOrganization(t.app);
    const before = await storedCount();
    const script = await uploadPhoto(
      admin.organizationId,
      admin.cookie,
      "ada.png",
      Buffer.from("<svg onload=alert(1)>"),
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().error.message).toBe(messages.candidatePhotoInvalid);
    const pdf = await uploadPhoto(
      admin.organizationId,
      admin.cookie,
      "ada.jpg",
      Buffer.from("%PDF-1.7\n%âãÏÓ\n"),
    );
    expect(pdf.statusCode).toBe(400);
    const none = await t.app.inject({
      method: "POST",
      url: `/api/organizations/${admin.organizationId}/candidate-photos`,
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      payload: "{}",
    });
    expect(none.statusCode).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it("refuse files over 10 MB", async () => {
    const admin = await createOrganization(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const refused = await uploadPhoto(admin.organizationId, admin.cookie, "big.png", big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(messages.candidatePhotoInvalid);
  });

  it("are refused to members, voters, other organizations and the signed out", async () => {
    const admin = await createOrganization(t.app);
    const before = await storedCount();
    const member = await createMember(t.app, admin.organizationId);
    expect((await uploadPhoto(admin.organizationId, member.cookie, "a.png", PNG)).statusCode).toBe(403);
    const other = await createOrganization(t.app);
    expect((await uploadPhoto(admin.organizationId, other.cookie, "a.png", PNG)).statusCode).toBe(404);
    const voter = await createVoter(t.app);
    expect((await uploadPhoto(admin.organizationId, voter.cookie, "a.png", PNG)).statusCode).toBe(403);
    expect((await uploadPhoto(admin.organizationId, "", "a.png", PNG)).statusCode).toBe(401);
    expect(await storedCount()).toBe(before);
  });
});

describe("candidate photos no ballot names", () => {
  it("are deleted a day after upload, row and file; those a ballot names stay", async () => {
    const admin = await createOrganization(t.app);
    const photo = async (cookie = admin.cookie) =>
      ((await uploadPhoto(admin.organizationId, cookie, "p.png", PNG)).json() as { url: string }).url;
    const [kept, dropped] = [await photo(), await photo()];
    const start = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const end = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const created = await call(t.app, admin.cookie).post("/api/channels", {
      name: `board-${Date.now() % 1e6}`,
      type: "election",
      voting_settings: {
        startDate: start,
        endDate: end,
        candidates: [],
        questions: [
          {
            title: "Board",
            candidates: [{ name: "Ada", photo_url: kept }, { name: "Bo" }],
            method: { kind: "plurality" },
          },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const rowOf = (url: string) =>
      t.database.db.query.uploads.findFirst({
        where: (u, { eq }) => eq(u.id, url.split("/").pop() as string),
      });
    const file = (url: string) =>
      path.join(t.app.context.config.dataDir, "uploads", url.split("/").pop() as string);

    t.clock.advance(PHOTO_GRACE_MS - 60_000);
    await sweepUploads(t.app.context);
    expect(existsSync(file(dropped))).toBe(true);

    // Just past its grace: a pass deletes it.
    t.clock.advance(2 * 60_000);
    await sweepUploads(t.app.context);
    expect(await rowOf(dropped)).toBeUndefined();
    expect(existsSync(file(dropped))).toBe(false);

    // Days later, a pass that follows another looks at photos of any age (a candidate replaced
    // leaves one whenever it happens).
    // (The admin's session ended with the day: signed in again.)
    const late = await photo(await signIn(t.app, admin.input.email, admin.input.password));
    t.clock.advance(3 * PHOTO_GRACE_MS);
    await sweepUploads(t.app.context, {
      lastPass: new Date(t.clock.now().getTime() - 5 * 60_000),
      strays: false,
    });
    expect(await rowOf(late)).toBeUndefined();
    expect(existsSync(file(late))).toBe(false);
    expect(await rowOf(kept)).toBeDefined();
    expect(existsSync(file(kept))).toBe(true);
  });
});
