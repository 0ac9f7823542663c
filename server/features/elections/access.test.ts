import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTICE_SETTINGS } from "../../../contract/election-notices";
import { electionServerMessages } from "../../../contract/elections";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { sessionBody } from "../monitoring/testing";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/**
 * Issue 12, item 20: another organization's election is not there for an outsider, on every route
 * that names it (404, like every other resource), never 403 "you may not" (which says it exists).
 */
describe("another organization's election", () => {
  it("answers 404 on every route that names it, to its voters and its administrators alike", async () => {
    const owner = await createOrganization(t.app);
    const channel = (await call(t.app, owner.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel;
    const upcoming = await electionOfChannel(t.app, owner.cookie, channel.id);
    const election = (await call(t.app, owner.cookie).post(`/api/elections/${upcoming.id}/open`)).json();
    const [president] = election.positions;

    const stranger = await createOrganization(t.app);
    const [strangerVoter] = await bulkVoters(t.database.db, t.clock, stranger.organizationId, 1);
    if (!strangerVoter) throw new Error("no voter");
    const bodies: Record<string, unknown> = {
      "POST /api/elections/:id/verification": { method: "national_id", id_number: "GHA-123456789" },
      "POST /api/elections/:id/verification/confirm": { method: "phone", code: "123456" },
      "POST /api/elections/:id/ballots": {
        grant_id: await grantFor(t.database.db, t.clock, strangerVoter.user.id, election.id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
      },
      "POST /api/elections/:id/extend": { end_date: "2099-01-01", end_time: "12:00" },
      "PATCH /api/elections/:id/options": { results_hidden: true },
      "PUT /api/elections/:id/definition": { voting_settings: electionChannel(t.clock).voting_settings },
      "POST /api/elections/:id/voting-sessions": sessionBody(),
      "PUT /api/elections/:id/notices": DEFAULT_NOTICE_SETTINGS,
      "PUT /api/elections/:id/roll": { kind: "members" },
    };
    const routes = t.app.apiRoutes.filter(
      (route) => route.url.startsWith("/api/elections/:id") && route.access !== "public",
    );
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const route of routes) {
      const outsiders =
        route.access === "voter"
          ? [strangerVoter.cookie]
          : route.access === "organization"
            ? [stranger.cookie]
            : [strangerVoter.cookie, stranger.cookie];
      for (const cookie of outsiders) {
        const key = `${route.method} ${route.url}`;
        const response = await t.app.inject({
          method: route.method as "GET",
          url: route.url.replace(":id", election.id),
          headers: { cookie },
          ...(route.method !== "GET" && { payload: (bodies[key] ?? {}) as object }),
        });
        expect(response.statusCode, key).toBe(404);
        expect(response.json().error.message, key).toBe(electionServerMessages.electionNotFound);
      }
    }
    const byChannel = await call(t.app, strangerVoter.cookie).get(`/api/channels/${channel.id}/election`);
    expect(byChannel.statusCode).toBe(404);
  });
});
