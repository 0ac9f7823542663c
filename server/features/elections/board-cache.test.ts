import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bulletin } from "../../../contract/bulletin";
import { ballots } from "../../db/schema";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { boardServer } from "./board-cache";
import { verifyBulletin } from "./recount";
import { sealPending } from "./sealing";

let t: TestApp;
beforeAll(async () => {
  // Its seals sweep every election of the database: its own, so other files' elections stay as they are.
  t = await testApp({ ownDatabase: true });
});
afterAll(() => t.close());

/** An open election of eight voters on its roll; `cast(n)` has the next n vote, then seals their ballots. */
async function openElection() {
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, 8);
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const { id } = await electionOfChannel(t.app, admin.cookie, channel.id);
  const election = (await call(t.app, admin.cookie).post(`/api/elections/${id}/open`)).json();
  const [president] = election.positions;
  const cast = async (count: number) => {
    for (const [i, voter] of voters.splice(0, count).entries()) {
      const answered = await call(t.app, voter.cookie).post(`/api/elections/${id}/ballots`, {
        grant_id: await grantFor(t.database.db, t.clock, voter.user.id, id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[i % 2].id }],
      });
      expect(answered.statusCode).toBe(201);
    }
    await sealPending(t.database.db, { minVoters: 1 });
  };
  return { admin, id, president, cast };
}

const board = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/api/elections/${id}/bulletin`, headers });

describe("the public bulletin board as served", () => {
  it("is sent with its ETag, 304 to a browser holding it, compressed as the browser accepts", async () => {
    const { id, cast } = await openElection();
    await cast(3);
    const plain = await board(id);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers).toMatchObject({ "cache-control": "no-cache", vary: "accept-encoding" });
    expect(plain.headers["content-type"]).toMatch(/^application\/json/);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    expect(plain.json<Bulletin>().sealed.flatMap((s) => s.hashes)).toHaveLength(3);

    const held = await board(id, { "if-none-match": `W/"other", ${etag}` });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe("");
    expect(held.headers.etag).toBe(etag);

    const br = await board(id, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await board(id, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await board(id, { "accept-encoding": "br;q=0, gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const anyButBr = await board(id, { "accept-encoding": "br;q=0, *" });
    expect(anyButBr.headers["content-encoding"]).toBe("gzip");
    expect(anyButBr.headers.etag).toBe(etag);

    // A request with cookies (here a stale session's, cleared in the answer): no shared cache keeps it.
    const stale = await board(id, { cookie: "votespace_session=gone" });
    expect(stale.headers["set-cookie"]).toBeDefined();
    expect(stale.headers["cache-control"]).toBe("private, no-cache");
  });

  it("shows a new seal and the close at once, and a sealed ballot as it was published", async () => {
    const { admin, id, president, cast } = await openElection();
    await cast(2);
    const first = await board(id);
    expect(first.json<Bulletin>().seals).toHaveLength(1);
    // Many requests at once for a board not yet made: the same board for all.
    await cast(2);
    const together = await Promise.all(Array.from({ length: 8 }, () => board(id)));
    expect(new Set(together.map((r) => r.headers.etag)).size).toBe(1);
    expect(together[0]?.headers.etag).not.toBe(first.headers.etag);
    expect(together[0]?.json<Bulletin>()).toMatchObject({ seals: [{}, {}] });
    // While voting is open no answer is listed; the seals list their ballots' hashes.
    expect(together[0]?.json<Bulletin>().ballots).toHaveLength(0);
    expect(together[0]?.json<Bulletin>().sealed.flatMap((s) => s.hashes)).toHaveLength(4);

    await call(t.app, admin.cookie).post(`/api/elections/${id}/close`);
    const closed = (await board(id)).json<Bulletin>();
    expect(closed.election.status).toBe("completed");
    expect(closed.ballots.every((b) => b.candidate_id !== null)).toBe(true);

    // Someone with the database changes a sealed ballot's choice: the board stays as it was published...
    const [changed] = closed.ballots;
    const other = president.candidates.find((c: { id: string }) => c.id !== changed?.candidate_id).id;
    await t.database.db
      .update(ballots)
      .set({ candidateId: other })
      .where(eq(ballots.receiptHash, changed?.receipt_hash ?? ""));
    const published = await board(id);
    expect(published.json<Bulletin>().ballots.find((b) => b.receipt_hash === changed?.receipt_hash)).toEqual(
      changed,
    );
    // ...and a board made afterwards (another process, the next start) shows the change, which its
    // seal's root then gives away.
    const again = boardServer(t.database.db, (json) => JSON.parse(json) as Bulletin);
    const made = await again(id);
    expect(made.ballots.find((b) => b.receipt_hash === changed?.receipt_hash)).toMatchObject({
      candidate_id: other,
    });
    // (and the count, kept as published, differs from the recount of the changed ballots).
    expect(verifyBulletin(made).problems).toContainEqual(
      expect.stringMatching(
        /^seal \d+: its root differs from its ballots' hashes \(a ballot was altered, added or removed\)$/,
      ),
    );
  });

  it("answers an election no one knows as before: 404", async () => {
    const missing = await board("00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
