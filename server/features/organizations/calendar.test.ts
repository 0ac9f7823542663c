import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomSessions } from "../../db/schema";
import { electionChannel } from "../../test/elections";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe("the sidebar calendar", () => {
  it("lists a month's elections (opening or closing in it) and room sessions, for members only", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const vote = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel as { id: string; name: string };
    const airing = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "radio", type: "airing" })
    ).json().channel as { id: string };
    const now = t.clock.now();
    await t.database.db.insert(roomSessions).values({
      kind: "airing",
      organizationId: admin.organizationId,
      channelId: airing.id,
      title: "Town hall",
      status: "ended",
      startedAt: new Date(now.getTime() + DAY),
      endedAt: new Date(now.getTime() + DAY + 3_600_000),
    });
    const range = (from: Date, to: Date) =>
      `/api/organizations/${admin.organizationId}/calendar?${new URLSearchParams({
        from: from.toISOString(),
        to: to.toISOString(),
      })}`;

    const month = await call(t.app, member.cookie).get(
      range(new Date(now.getTime() - DAY), new Date(now.getTime() + 30 * DAY)),
    );
    expect(month.statusCode).toBe(200);
    const events = month.json().events;
    expect(events).toHaveLength(2);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: "election",
        channel: { id: vote.id, name: vote.name, type: "election" },
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: "airing",
        title: "Town hall",
        channel: expect.objectContaining({ id: airing.id }),
      }),
    );

    const later = await call(t.app, member.cookie).get(
      range(new Date(now.getTime() + 10 * DAY), new Date(now.getTime() + 40 * DAY)),
    );
    expect(later.json().events).toEqual([]);

    const stranger = await createVoter(t.app);
    expect(
      (await call(t.app, stranger.cookie).get(range(now, new Date(now.getTime() + DAY)))).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, member.cookie).get(range(now, new Date(now.getTime() + 400 * DAY)))).statusCode,
    ).toBe(400);
  });
});
