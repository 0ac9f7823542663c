import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Topic } from "../../../contract/events";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { mayWatch, mayWatchAll, type WatchRequest } from "./policy";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("mayWatchAll (the socket sweep's batched check)", () => {
  it("answers as mayWatch for every kind of topic, user and organization, in the order asked", async () => {
    const owner = await createOrganization(t.app);
    const other = await createOrganization(t.app);
    const member = await createMember(t.app, owner.organizationId);
    const channel = (
      await call(t.app, owner.cookie).post("/api/channels", { name: "town-hall", type: "text" })
    ).json().channel as { id: string };
    const users = [
      { id: owner.id, userType: "organization" as const },
      { id: member.id, userType: "voter" as const },
      { id: other.id, userType: "organization" as const },
    ];
    const topics: Topic[] = [
      `org:${owner.organizationId}`,
      `admins:${owner.organizationId}`,
      `channel:${channel.id}`,
      `org:${other.organizationId}`,
      `admins:${other.organizationId}`,
      `user:${owner.id}`,
      `user:${member.id}`,
      "channel:00000000-0000-4000-8000-000000000000", // no such channel
      "org:not-a-uuid" as Topic,
    ];
    const requests: WatchRequest[] = users.flatMap((user) => topics.map((topic) => ({ user, topic })));
    const one = await Promise.all(
      requests.map(({ user, topic }) =>
        mayWatch(t.database.db, user as Parameters<typeof mayWatch>[1], topic),
      ),
    );
    expect(await mayWatchAll(t.database.db, requests)).toEqual(one);
    // The rules themselves, for the owner: everything of their organization, nothing of the other.
    expect(one.slice(0, topics.length)).toEqual([true, true, true, false, false, true, false, false, false]);
    // A member sees the organization and its channel but not the administrators' topic.
    expect(one.slice(topics.length, topics.length + 3)).toEqual([true, false, true]);
    expect(await mayWatchAll(t.database.db, [])).toEqual([]);
  });
});
