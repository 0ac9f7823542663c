// Two administrators (or two tabs) editing one channel's settings, or the organization's profile: a
// save based on an older version is refused, never written over the other's; independent fields are
// saved alone and both stay.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelSettingsMessages } from "../../../contract/channel-settings";
import { electionServerMessages } from "../../../contract/elections";
import { channels, electionAudit, elections, organizations } from "../../db/schema";
import { bulkVoters, electionChannel } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const off = {
  twoFactor: false,
  biometric: false,
  passkey: false,
  emailVerification: false,
  phoneVerification: false,
};

/** An administrator's new election channel (upcoming), or a private text channel. */
async function channelOf(
  admin: Awaited<ReturnType<typeof createOrganization>>,
  kind: "election" | "private",
) {
  const as = call(t.app, admin.cookie);
  const created = await as.post(
    "/api/channels",
    kind === "election"
      ? electionChannel(t.clock)
      : { name: `board-${Math.random().toString(36).slice(2, 8)}`, type: "text", is_private: true },
  );
  expect(created.statusCode).toBe(201);
  const channel = created.json().channel;
  const url = `/api/channels/${channel.id}`;
  const stored = async () =>
    (
      await t.database.db
        .select({
          security: channels.securitySettings,
          securityVersion: channels.securityVersion,
          permissions: channels.permissions,
          postersVersion: channels.postersVersion,
        })
        .from(channels)
        .where(eq(channels.id, channel.id))
    )[0];
  return { as, channel, url, stored };
}

/** The audit entries of the channel's election that record a change of its verification rules. */
async function securityAudits(channelId: string) {
  const [election] = await t.database.db
    .select({ id: elections.id })
    .from(elections)
    .where(eq(elections.channelId, channelId));
  const rows = await t.database.db
    .select({ action: electionAudit.action, detail: electionAudit.detail })
    .from(electionAudit)
    .where(eq(electionAudit.electionId, election?.id as string));
  return rows.filter((row) => row.action === "security_settings_changed");
}

describe("a channel's security settings saved from an older version", () => {
  it("are refused with 409 in words, change nothing and record nothing", async () => {
    const admin = await createOrganization(t.app);
    const { as, channel, url, stored } = await channelOf(admin, "election");
    expect(channel.security_version).toBe(1);
    // Tab B turns e-mail verification on, from version 1.
    const first = await as.patch(url, {
      security_settings: { ...off, emailVerification: true },
      security_version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().channel).toMatchObject({
      security_settings: { emailVerification: true },
      security_version: 2,
    });
    // Tab A, opened before it, turns phone verification on from version 1: refused, B's rules stay.
    const stale = await as.patch(url, {
      security_settings: { ...off, phoneVerification: true },
      security_version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(channelSettingsMessages.securityChangedElsewhere);
    expect(await stored()).toMatchObject({
      security: { emailVerification: true, phoneVerification: false },
      securityVersion: 2,
    });
    // The refused change left no trace in the election's audit: only B's change is recorded.
    expect(await securityAudits(channel.id)).toHaveLength(1);
    // Reloaded, tab A saves from the version it now shows.
    const again = await as.patch(url, {
      security_settings: { ...off, emailVerification: true, phoneVerification: true },
      security_version: 2,
    });
    expect(again.json().channel).toMatchObject({ security_version: 3 });
    expect((await securityAudits(channel.id)).map((a) => a.detail)).toContainEqual({
      before: { ...off, emailVerification: true },
      after: { ...off, emailVerification: true, phoneVerification: true },
    });
  });

  it("from an API client that sends no version, are written as before", async () => {
    const admin = await createOrganization(t.app);
    const { as, url } = await channelOf(admin, "election");
    await as.patch(url, { security_settings: { ...off, twoFactor: true }, security_version: 1 });
    const unversioned = await as.patch(url, { security_settings: { ...off, emailVerification: true } });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json().channel).toMatchObject({
      security_settings: { twoFactor: false, emailVerification: true },
      security_version: 3,
    });
  });

  it("are told they are frozen, not stale, once voting has opened", async () => {
    const admin = await createOrganization(t.app);
    const { as, channel, url } = await channelOf(admin, "election");
    const [election] = await t.database.db
      .select({ id: elections.id })
      .from(elections)
      .where(eq(elections.channelId, channel.id));
    await as.post(`/api/elections/${election?.id}/open`);
    const late = await as.patch(url, { security_settings: { ...off, twoFactor: true }, security_version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(electionServerMessages.securityFrozen);
  });

  it("two saves from the same version at once: exactly one is written, whatever their order", async () => {
    const admin = await createOrganization(t.app);
    for (const kind of ["election", "private"] as const) {
      const { as, url, stored } = await channelOf(admin, kind);
      for (let round = 1; round <= 3; round++) {
        const mine = kind === "election" ? { emailVerification: true } : { twoFactor: true };
        const answers = await Promise.all([
          as.patch(url, { security_settings: { ...off, ...mine }, security_version: round }),
          as.patch(url, { security_settings: off, security_version: round }),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const winner = answers.find((a) => a.statusCode === 200)?.json().channel;
        expect(winner.security_version).toBe(round + 1);
        expect(await stored()).toMatchObject({
          security: winner.security_settings,
          securityVersion: round + 1,
        });
      }
    }
  });
});

describe("a channel's permissions", () => {
  it("are saved by the switch that changed: another tab's change to the other stays, at once too", async () => {
    const admin = await createOrganization(t.app);
    const { as, url, stored } = await channelOf(admin, "private");
    // Two tabs read both switches on; one turns comments off, the other attachments.
    await as.patch(url, { permissions: { membersCanComment: false } });
    const second = await as.patch(url, { permissions: { membersCanAttach: false } });
    expect(second.statusCode).toBe(200);
    expect(second.json().channel.permissions).toEqual({ membersCanComment: false, membersCanAttach: false });
    // At once: both stay.
    await Promise.all([
      as.patch(url, { permissions: { membersCanComment: true } }),
      as.patch(url, { permissions: { membersCanAttach: true } }),
    ]);
    expect((await stored())?.permissions).toEqual({ membersCanComment: true, membersCanAttach: true });
    // Saving the permissions never makes an open security form stale.
    expect((await stored())?.securityVersion).toBe(1);
  });
});

describe("a private channel's posters chosen from an older version", () => {
  it("are refused with 409; no version writes as before; two choices at once write exactly one", async () => {
    const admin = await createOrganization(t.app);
    const [a, b, c] = (await bulkVoters(t.database.db, t.clock, admin.organizationId, 3)).map(
      (v) => v.user.id,
    );
    const { as, channel, url, stored } = await channelOf(admin, "private");
    const posters = `${url}/posters`;
    const choose = (ids: Array<string | undefined>, version?: number) =>
      as.put(posters, { user_ids: ids, ...(version && { version }) });
    expect((await as.get(posters)).json()).toEqual({ user_ids: [], version: 1 });
    expect(channel.posters_version).toBe(1);
    const first = await choose([a], 1);
    expect(first.json()).toEqual({ user_ids: [a], version: 2 });
    // A tab opened before it chooses from version 1: refused, the first choice stays.
    const stale = await choose([b], 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(channelSettingsMessages.postersChangedElsewhere);
    expect((await as.get(posters)).json()).toEqual({ user_ids: [a], version: 2 });
    // The channel record says the posters moved on (a tab learns of it through channel.updated).
    expect((await as.get(url)).json()).toMatchObject({ posters_version: 2, security_version: 1 });
    // An API client that sends no version replaces the list as before.
    expect((await choose([c])).json()).toEqual({ user_ids: [c], version: 3 });

    for (let version = 3; version < 6; version++) {
      const answers = await Promise.all([choose([a, b], version), choose([c], version)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)?.json();
      const now = (await as.get(posters)).json();
      expect([...now.user_ids].sort()).toEqual([...winner.user_ids].sort());
      expect(now.version).toBe(version + 1);
      expect((await stored())?.postersVersion).toBe(version + 1);
    }
  });
});

describe("the organization profile", () => {
  it("is saved by the fields that changed: another tab's change to the others stays, at once too", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const url = `/api/organizations/${admin.organizationId}`;
    await as.patch(url, { description: "Housing for all" });
    await as.patch(url, { location: "Accra, Ghana" });
    await Promise.all([as.patch(url, { website: "https://coop.example" }), as.patch(url, { name: "Co-op" })]);
    const [now] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    expect(now).toMatchObject({
      name: "Co-op",
      description: "Housing for all",
      location: "Accra, Ghana",
      website: "https://coop.example",
    });
  });
});
