import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Member } from "../../../contract/organizations";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
const published: Array<{ topic: string; event: string; payload: unknown }> = [];
beforeAll(async () => {
  t = await testApp();
  t.app.context.bus.onMessage((message) => published.push(message));
});
afterAll(() => t.close());

const members = async (cookie: string, organizationId: string): Promise<Member[]> => {
  const response = await call(t.app, cookie).get(`/api/organizations/${organizationId}/members`);
  expect(response.statusCode).toBe(200);
  return response.json().members;
};
const emailOf = (list: Member[], userId: string) => list.find((m) => m.user_id === userId)?.email;

async function shareEmail(cookie: string, share: boolean) {
  const settings = (await call(t.app, cookie).get("/api/settings")).json();
  expect(settings.privacy.shareEmail).toBe(false);
  const saved = await call(t.app, cookie).put("/api/settings", {
    ...settings,
    privacy: { ...settings.privacy, shareEmail: share },
  });
  expect(saved.statusCode).toBe(200);
}

describe("members' e-mail addresses", () => {
  it("are shown to administrators, to the member themselves, and to other members only when shared", async () => {
    const admin = await createOrganization(t.app);
    const abena = await createMember(t.app, admin.organizationId);
    const kojo = await createMember(t.app, admin.organizationId);

    const seenByAdmin = await members(admin.cookie, admin.organizationId);
    expect(emailOf(seenByAdmin, abena.id)).toBe(abena.input.email);
    expect(emailOf(seenByAdmin, kojo.id)).toBe(kojo.input.email);

    const seenByAbena = await members(abena.cookie, admin.organizationId);
    expect(emailOf(seenByAbena, abena.id)).toBe(abena.input.email);
    expect(emailOf(seenByAbena, kojo.id)).toBeNull();
    expect(emailOf(seenByAbena, admin.id)).toBeNull();
    expect(JSON.stringify(seenByAbena)).not.toContain(kojo.input.email);

    await shareEmail(kojo.cookie, true);
    expect(emailOf(await members(abena.cookie, admin.organizationId), kojo.id)).toBe(kojo.input.email);
  });

  it("are not in the join announcement every member receives, unless shared", async () => {
    const admin = await createOrganization(t.app);
    const voter = await createVoter(t.app);
    await call(t.app, voter.cookie).post(`/api/organizations/${admin.organizationId}/join`);
    const joined = published.filter(
      (m) => m.topic === `org:${admin.organizationId}` && m.event === "member.joined",
    );
    expect(joined).toHaveLength(1);
    expect(JSON.stringify(joined)).not.toContain(voter.input.email);
    // Requests (with the address) go to the administrators' topic only.
    const other = await createOrganization(t.app);
    await call(t.app, other.cookie).patch(`/api/organizations/${other.organizationId}/settings`, {
      require_approval: true,
    });
    await call(t.app, voter.cookie).post(`/api/organizations/${other.organizationId}/join`);
    const onMemberTopic = published.filter((m) => m.topic === `org:${other.organizationId}`);
    expect(JSON.stringify(onMemberTopic)).not.toContain(voter.input.email);
    const onAdminTopic = published.filter(
      (m) => m.topic === `admins:${other.organizationId}` && m.event === "join_request.created",
    );
    expect(onAdminTopic).toHaveLength(1);
  });
});
