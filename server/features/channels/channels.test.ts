// Over 300 lines: the channels feature's rules (creation, management, each member's choices) on one shared organization.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract/messages";
import { candidates, electionPositions, elections } from "../../db/schema";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Dates of the voting period, from today (a start already past is refused). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tomorrow = dayFromNow(1);
const dayAfter = dayFromNow(2);

const election = (overrides: Record<string, unknown> = {}) => ({
  name: "Board Election",
  type: "election",
  voting_settings: {
    startDate: tomorrow,
    endDate: dayAfter,
    candidates: [
      { name: "Ada", party: "Blue", position: "president", image: "https://img.example/ada.png" },
      { name: "Ben", party: "Green", position: "president", image: "https://img.example/ben.png" },
      { name: "Cy", party: "Blue", position: "senator", image: "https://img.example/cy.png" },
    ],
  },
  ...overrides,
});

async function electionsOf(channelId: string) {
  return t.database.db.select().from(elections).where(eq(elections.channelId, channelId));
}

describe("a new organization's channels", () => {
  it("starts with General in text, airing and live (an election channel needs dates and candidates)", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const listed = (
      await call(t.app, member.cookie).get(`/api/organizations/${admin.organizationId}/channels`)
    ).json().channels as Array<{ name: string; type: string; is_private: boolean; can: { post: boolean } }>;
    expect(listed.map((c) => `${c.type}:${c.name}`).sort()).toEqual([
      "airing:General",
      "live:General",
      "text:General",
    ]);
    expect(listed.every((c) => !c.is_private && c.can.post)).toBe(true);
    // Names are unique within a group: another "general" text channel is refused, an election named so is not.
    const again = await call(t.app, admin.cookie).post("/api/channels", { name: "general", type: "text" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.channelNameTaken("general"));
    expect(
      (await call(t.app, admin.cookie).post("/api/channels", election({ name: "General" }))).statusCode,
    ).toBe(201);
  });
});

describe("creating channels", () => {
  it("creates a text channel with a trimmed name and says so in the spec's words", async () => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app, admin.cookie).post("/api/channels", {
      name: "  lobby  ",
      type: "text",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Channel "lobby" created successfully!');
    expect(response.json().channel).toMatchObject({
      name: "lobby",
      type: "text",
      organization_id: admin.organizationId,
      is_private: false,
      can: { manage: true, post: true },
    });
  });

  it.each([
    [{ name: "   ", type: "text" }, messages.channelNameRequired],
    [{ name: "x".repeat(51), type: "text" }, messages.channelNameTooLong],
    [{ name: "ok", type: "forum" }, messages.channelTypeInvalid],
    [{ name: "vote", type: "election" }, messages.votingPeriodRequired],
    [
      election({ voting_settings: { startDate: tomorrow, endDate: dayAfter, candidates: [] } }),
      messages.candidateRequired,
    ],
    [
      election({ voting_settings: { startDate: dayAfter, endDate: tomorrow, candidates: [] } }),
      messages.votingPeriodOrder,
    ],
    [
      election({
        voting_settings: {
          startDate: tomorrow,
          endDate: dayAfter,
          candidates: [{ name: "Ada", party: "", position: "president", image: "https://x.example/a.png" }],
        },
      }),
      messages.candidatePartyRequired,
    ],
    [
      election({
        voting_settings: {
          startDate: tomorrow,
          endDate: dayAfter,
          candidates: [{ name: "Ada", party: "Blue", position: "mayor", image: "https://x.example/a.png" }],
        },
      }),
      messages.candidatePositionRequired,
    ],
  ])("refuses %j with its message", async (input, message) => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app, admin.cookie).post("/api/channels", input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(
      (await call(t.app, admin.cookie).get(`/api/organizations/${admin.organizationId}/channels`))
        .json()
        .channels.map((c: { name: string }) => c.name),
    ).toEqual(["General", "General", "General"]);
  });

  it("accepts a name of exactly 50 characters", async () => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app, admin.cookie).post("/api/channels", {
      name: "n".repeat(50),
      type: "airing",
    });
    expect(response.statusCode).toBe(201);
  });

  it("keeps names unique within a group of an organization, without regard to case, but not across organizations", async () => {
    const one = await createOrganization(t.app);
    const two = await createOrganization(t.app);
    expect(
      (await call(t.app, one.cookie).post("/api/channels", { name: "News", type: "text" })).statusCode,
    ).toBe(201);
    const taken = await call(t.app, one.cookie).post("/api/channels", { name: "news", type: "text" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(messages.channelNameTaken("news"));
    expect(
      (await call(t.app, two.cookie).post("/api/channels", { name: "News", type: "text" })).statusCode,
    ).toBe(201);
  });

  it("creates an election channel with its upcoming election, one position per office and the candidates", async () => {
    const admin = await createOrganization(t.app);
    const response = await call(t.app, admin.cookie).post("/api/channels", election());
    expect(response.statusCode).toBe(201);
    const channel = response.json().channel;
    expect(channel.voting_settings).toMatchObject({ startTime: "08:00", endTime: "18:00" });

    const [row] = await electionsOf(channel.id);
    expect(row).toMatchObject({ title: "Board Election", status: "upcoming", electionType: "general" });
    expect(row?.startsAt.toISOString()).toBe(`${tomorrow}T08:00:00.000Z`);
    expect(row?.endsAt.toISOString()).toBe(`${dayAfter}T18:00:00.000Z`);
    const positions = await t.database.db
      .select()
      .from(electionPositions)
      .where(eq(electionPositions.electionId, row?.id ?? ""));
    expect(positions.map((p) => [p.title, p.maxSelections])).toEqual([
      ["President", 1],
      ["Senator", 1],
    ]);
    const standing = await t.database.db
      .select()
      .from(candidates)
      .where(eq(candidates.positionId, positions[0]?.id ?? ""));
    expect(standing.map((c) => c.name)).toEqual(["Ada", "Ben"]);
  });

  it("creates nothing at all when any part fails (the name is taken)", async () => {
    const admin = await createOrganization(t.app);
    await call(t.app, admin.cookie).post("/api/channels", election({ name: "Vote 2027" }));
    const before = await t.database.db
      .select()
      .from(elections)
      .where(eq(elections.organizationId, admin.organizationId));
    const failed = await call(t.app, admin.cookie).post("/api/channels", election({ name: "vote 2027" }));
    expect(failed.statusCode).toBe(409);
    const all = await t.database.db
      .select()
      .from(elections)
      .where(eq(elections.organizationId, admin.organizationId));
    expect(all).toHaveLength(before.length);
  });

  it("lets members open public text, airing and live channels, and only admins election or private ones", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const as = call(t.app, member.cookie);
    expect((await as.post("/api/channels", { name: "chat", type: "text" })).statusCode).toBe(201);
    const electionRefused = await as.post("/api/channels", election());
    expect(electionRefused.statusCode).toBe(403);
    expect(electionRefused.json().error.message).toBe(messages.electionChannelAdminOnly);
    const privateRefused = await as.post("/api/channels", { name: "secret", type: "text", is_private: true });
    expect(privateRefused.statusCode).toBe(403);
  });

  it("needs an organization", async () => {
    const other = await createOrganization(t.app);
    const voter = await (await import("../../test/factories")).createVoter(t.app);
    const response = await call(t.app, voter.cookie).post("/api/channels", { name: "x", type: "text" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.noOrganization);
    const elsewhere = await call(t.app, voter.cookie).post("/api/channels", {
      name: "x",
      type: "text",
      organization_id: other.organizationId,
    });
    expect(elsewhere.json().error.message).toBe(messages.noOrganization);
  });
});

describe("managing channels", () => {
  it("renames by the rules: not blank, not the same, not taken", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const a = (await as.post("/api/channels", { name: "alpha", type: "text" })).json().channel;
    await as.post("/api/channels", { name: "beta", type: "text" });
    expect((await as.patch(`/api/channels/${a.id}`, { name: " " })).json().error.message).toBe(
      messages.channelNameRequired,
    );
    expect((await as.patch(`/api/channels/${a.id}`, { name: "alpha" })).json().error.message).toBe(
      messages.renameSame,
    );
    expect((await as.patch(`/api/channels/${a.id}`, { name: "Beta" })).statusCode).toBe(409);
    const renamed = await as.patch(`/api/channels/${a.id}`, { name: "gamma" });
    expect(renamed.json()).toMatchObject({
      channel: { name: "gamma" },
      message: messages.channelRenamed("gamma"),
    });
  });

  it("duplicates with the -copy suffix, then -copy-2", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const source = (await as.post("/api/channels", election({ name: "ballot" }))).json().channel;
    const first = await as.post(`/api/channels/${source.id}/duplicate`);
    expect(first.json().channel.name).toBe("ballot-copy");
    expect((await as.post(`/api/channels/${source.id}/duplicate`)).json().channel.name).toBe("ballot-copy-2");
    expect(await electionsOf(first.json().channel.id)).toHaveLength(1);
  });

  it("duplicates a name at its limit, cut to leave room for the suffix; names with LIKE's wildcards as themselves", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const long = "L".repeat(50);
    const source = (await as.post("/api/channels", { name: long, type: "text" })).json().channel;
    const first = await as.post(`/api/channels/${source.id}/duplicate`);
    expect(first.statusCode).toBe(201);
    expect(first.json().channel.name).toBe(`${"L".repeat(45)}-copy`);
    const second = (await as.post(`/api/channels/${source.id}/duplicate`)).json().channel.name;
    expect(second).toBe(`${"L".repeat(43)}-copy-2`);
    const wild = (await as.post("/api/channels", { name: "50%_off", type: "text" })).json().channel;
    await as.post("/api/channels", { name: "50xyoff-copy", type: "text" });
    expect((await as.post(`/api/channels/${wild.id}/duplicate`)).json().channel.name).toBe("50%_off-copy");
  });

  it("deletes, after which the channel is gone", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const channel = (await as.post("/api/channels", { name: "old", type: "text" })).json().channel;
    const deleted = await as.delete(`/api/channels/${channel.id}`);
    expect(deleted.json().message).toBe(messages.channelDeleted("old"));
    expect((await as.get(`/api/channels/${channel.id}`)).statusCode).toBe(404);
  });

  it("must be denied to a voter: no rename, duplicate, delete, settings or posters", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "town", type: "text" })
    ).json().channel;
    const as = call(t.app, member.cookie);
    for (const response of [
      await as.patch(`/api/channels/${channel.id}`, { name: "mine" }),
      await as.patch(`/api/channels/${channel.id}`, { is_private: true }),
      await as.post(`/api/channels/${channel.id}/duplicate`),
      await as.delete(`/api/channels/${channel.id}`),
      await as.get(`/api/channels/${channel.id}/posters`),
      await as.put(`/api/channels/${channel.id}/posters`, { user_ids: [member.id] }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(messages.channelAdminOnly);
    }
    expect((await as.get(`/api/channels/${channel.id}`)).json()).toMatchObject({
      name: "town",
      can: { manage: false },
    });
  });

  it("must show nothing to a member of another organization", async () => {
    const admin = await createOrganization(t.app);
    const outsider = await createOrganization(t.app);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "inner", type: "text" })
    ).json().channel;
    const as = call(t.app, outsider.cookie);
    expect((await as.get(`/api/channels/${channel.id}`)).statusCode).toBe(404);
    expect((await as.get(`/api/organizations/${admin.organizationId}/channels`)).statusCode).toBe(404);
    expect((await as.patch(`/api/channels/${channel.id}`, { name: "x" })).statusCode).toBe(404);
    expect((await as.delete(`/api/channels/${channel.id}`)).statusCode).toBe(404);
    expect((await as.put(`/api/channels/${channel.id}/preferences`, { hidden: true })).statusCode).toBe(404);
  });

  it("keeps a private channel read-only for members unless the admin lets them post", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const outsider = await createOrganization(t.app);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "board", type: "text", is_private: true })
    ).json().channel;
    expect((await call(t.app, member.cookie).get(`/api/channels/${channel.id}`)).json().can.post).toBe(false);
    expect((await call(t.app, outsider.cookie).get(`/api/channels/${channel.id}`)).statusCode).toBe(404);
    const stranger = await call(t.app, admin.cookie).put(`/api/channels/${channel.id}/posters`, {
      user_ids: [outsider.id],
    });
    expect(stranger.statusCode).toBe(400);
    // One outsider among members refuses the whole list; a member named twice is one poster.
    const mixed = await call(t.app, admin.cookie).put(`/api/channels/${channel.id}/posters`, {
      user_ids: [member.id, outsider.id],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await call(t.app, member.cookie).get(`/api/channels/${channel.id}`)).json().can.post).toBe(false);
    await call(t.app, admin.cookie).put(`/api/channels/${channel.id}/posters`, {
      user_ids: [member.id, member.id],
    });
    expect((await call(t.app, member.cookie).get(`/api/channels/${channel.id}`)).json().can.post).toBe(true);
  });
});

describe("a member's own channel choices", () => {
  it("mute for a while, until turned back on, or not at all", async () => {
    const admin = await createOrganization(t.app);
    const member = await createMember(t.app, admin.organizationId);
    const channel = (
      await call(t.app, admin.cookie).post("/api/channels", { name: "loud", type: "text" })
    ).json().channel;
    const as = call(t.app, member.cookie);
    const url = `/api/channels/${channel.id}/preferences`;

    const timed = (await as.put(url, { mute: 10 })).json().channel.preferences;
    expect(timed.muted).toBe(true);
    t.clock.advance(11 * 60_000);
    expect((await as.get(`/api/channels/${channel.id}`)).json().preferences.muted).toBe(false);

    expect((await as.put(url, { mute: null })).json().channel.preferences).toMatchObject({
      muted: true,
      muted_until: null,
    });
    expect(
      (await as.put(url, { mute: false, notify: "mentions", favorite: true })).json().channel.preferences,
    ).toEqual({
      notify: "mentions",
      muted: false,
      muted_until: null,
      hidden: false,
      favorite: true,
    });
    // The admin's view of the channel is untouched by the member's choices.
    expect(
      (await call(t.app, admin.cookie).get(`/api/channels/${channel.id}`)).json().preferences.favorite,
    ).toBe(false);
  });
});
