import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusMessage } from "../../realtime/bus";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
const published: BusMessage[] = [];
beforeAll(async () => {
  t = await testApp();
  t.app.context.bus.onMessage((message) => published.push(message));
});
afterAll(() => t.close());

describe("who may post in a private channel", () => {
  it("is announced to the organization when changed, so the member's open screen follows", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "board", type: "text", is_private: true })
    ).json().channel as { id: string };
    const before = published.length;
    const saved = await call(t.app, admin.cookie).put(`/api/channels/${channel.id}/posters`, {
      user_ids: [member.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(published.slice(before)).toContainEqual({
      topic: `org:${admin.organizationId}`,
      event: "channel.updated",
      payload: { channel_id: channel.id, organization_id: admin.organizationId },
    });
    const seen = (await call(t.app, member.cookie).get(`/api/channels/${channel.id}`)).json();
    expect(seen.can.post).toBe(true);
  });
});
