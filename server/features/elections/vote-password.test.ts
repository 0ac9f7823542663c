import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionMessages } from "../../../contract/elections";
import { DEFAULT_SETTINGS } from "../../../contract/settings";
import { users } from "../../db/schema";
import { electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ limits: { signInPerAccountAddress: { max: 3, windowSeconds: 900 } } });
});
afterAll(() => t.close());

/** A member of an open election whose settings ask for the password at every vote. */
async function voterWhoMustTypeThePassword() {
  const owner = await createOrganization(t.app);
  const member = await createMember(t.app, owner.organizationId);
  await t.database.db
    .update(users)
    .set({ settings: { security: { ...DEFAULT_SETTINGS.security, requirePassword: true } } })
    .where(eq(users.id, member.id));
  const channel = (await call(t.app, owner.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const draft = await electionOfChannel(t.app, owner.cookie, channel.id);
  const election = (await call(t.app, owner.cookie).post(`/api/elections/${draft.id}/open`)).json();
  const position = election.positions[0];
  const ballot = async (password: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/elections/${election.id}/ballots`,
      headers: { cookie: member.cookie },
      remoteAddress,
      payload: {
        grant_id: await grantFor(t.database.db, t.clock, member.id, election.id),
        selections: [{ position_id: position.id, candidate_id: position.candidates[0].id }],
        password,
      },
    });
  return { member, ballot };
}

describe("'Require password to vote'", () => {
  it("is throttled with the sign-in limits: one address stops getting answers after its wrong guesses", async () => {
    const { ballot } = await voterWhoMustTypeThePassword();
    for (let i = 0; i < 3; i++) {
      const wrong = await ballot(`guess-${i}-pw`, "198.51.100.20");
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.message).toBe(electionMessages.passwordWrong);
    }
    const refused = await ballot("anything-1", "198.51.100.20");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many attempts\. Please try again in /);
  });

  it("shares its budget with sign-in: guesses at the vote count against signing in from that address", async () => {
    const { member, ballot } = await voterWhoMustTypeThePassword();
    for (let i = 0; i < 3; i++) expect((await ballot(`guess-${i}-pw`, "198.51.100.21")).statusCode).toBe(403);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: member.input.email, password: member.input.password },
      remoteAddress: "198.51.100.21",
    });
    expect(signIn.statusCode).toBe(429);
    // The owner, from their own address, still votes with the right password.
    expect((await ballot(member.input.password, "203.0.113.21")).statusCode).toBe(201);
  });
});
