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

describe('a channel set to "Voters only"', () => {
  it("counts as unread the messages of voters, not those of the organization's administrators", async () => {
    const admin = await createOrganization(t.app);
    const reader = await createMember(t.app, admin.organizationId);
    const voter = await createMember(t.app, admin.organizationId);
    const general = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
    ).json().channel as { id: string };
    const unread = async () =>
      (await call(t.app, reader.cookie).get(`/api/organizations/${admin.organizationId}/unread`)).json()
        .unread;
    const chosen = await call(t.app, reader.cookie).put(`/api/channels/${general.id}/preferences`, {
      notify: "voters",
    });
    expect(chosen.statusCode).toBe(200);

    await call(t.app, admin.cookie).post(`/api/channels/${general.id}/posts`, { content: "from the admin" });
    expect(await unread()).toEqual({});
    await call(t.app, voter.cookie).post(`/api/channels/${general.id}/posts`, { content: "from a voter" });
    expect(await unread()).toEqual({ [general.id]: 1 });
  });

  it("is told by each message's event whether its author is a voter (activity is derived from it)", async () => {
    const admin = await createOrganization(t.app);
    const voter = await createMember(t.app, admin.organizationId);
    const general = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "lobby", type: "text" })
    ).json().channel as { id: string };
    const activity = (postId: string) =>
      published.find(
        (m) => m.event === "post.created" && (m.payload as { post_id: string }).post_id === postId,
      )?.payload;
    const byAdmin = (
      await call(t.app, admin.cookie).post(`/api/channels/${general.id}/posts`, { content: "a" })
    ).json();
    const byVoter = (
      await call(t.app, voter.cookie).post(`/api/channels/${general.id}/posts`, { content: "b" })
    ).json();
    expect(activity(byAdmin.id)).toMatchObject({ author_is_voter: false });
    expect(activity(byVoter.id)).toMatchObject({ author_is_voter: true });
  });
});
