import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionServerMessages } from "../../../contract/elections";
import { messages } from "../../../contract/messages";
import { elections } from "../../db/schema";
import { electionChannel, electionOfChannel } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function electionChannelOf(admin: { cookie: string }) {
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  return { channel, election: await electionOfChannel(t.app, admin.cookie, channel.id) };
}

const electionRow = async (id: string) =>
  (await t.database.db.select().from(elections).where(eq(elections.id, id)))[0];

describe("deleting an election channel", () => {
  it("takes an upcoming election with it: not listed, and never opens on its start date", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const { channel, election } = await electionChannelOf(admin);
    const deleted = await as.delete(`/api/channels/${channel.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(messages.channelDeleted(channel.name));
    expect(await electionRow(election.id)).toBeUndefined();
    const listed = (await as.get(`/api/organizations/${admin.organizationId}/elections`)).json().elections;
    expect(listed).toEqual([]);
    expect((await as.get(`/api/elections/${election.id}`)).statusCode).toBe(404);
  });

  it("is refused once its election opened, saying why; the channel and the election stay", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    for (const after of [[], ["close"], ["cancel"]]) {
      const { channel, election } = await electionChannelOf(admin);
      await as.post(`/api/elections/${election.id}/open`);
      for (const step of after) await as.post(`/api/elections/${election.id}/${step}`);
      const refused = await as.delete(`/api/channels/${channel.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(electionServerMessages.channelKeepsElection);
      expect((await as.get(`/api/channels/${channel.id}`)).statusCode).toBe(200);
      expect((await electionRow(election.id))?.channelId).toBe(channel.id);
    }
  });

  it("takes an election cancelled before it opened (no ballot can exist)", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const { channel, election } = await electionChannelOf(admin);
    await as.post(`/api/elections/${election.id}/cancel`);
    expect((await as.delete(`/api/channels/${channel.id}`)).statusCode).toBe(200);
    expect(await electionRow(election.id)).toBeUndefined();
  });

  it("is held by the database too: a channel with an election cannot be deleted from under it", async () => {
    const admin = await createOrganization(t.app);
    const { channel, election } = await electionChannelOf(admin);
    const { channels } = await import("../../db/schema");
    await expect(t.database.db.delete(channels).where(eq(channels.id, channel.id))).rejects.toThrow();
    expect((await electionRow(election.id))?.channelId).toBe(channel.id);
  });
});
