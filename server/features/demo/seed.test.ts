import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ballots,
  channels,
  electionPositions,
  elections,
  organizations,
  outbox,
  posts,
  uploads,
  votingSessions,
} from "../../db/schema";
import { systemClock } from "../../lib/clock";
import { FolderStorage } from "../../storage/index";
import { type TestApp, testApp } from "../../test/support";
import { verifyElectionIntegrity } from "../elections/verifier";
import { seedDemoIfEmpty } from "./seed";

const quiet = { info: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("demo data", () => {
  it("makes a living workspace on an empty database, once", async () => {
    if (t.database.kind === "postgres") return; // the shared PostgreSQL test database is never empty
    const storage = new FolderStorage(mkdtempSync(path.join(tmpdir(), "votespace-demo-")));
    const secretKey = "demo-secret-0123456789abcdef0123456789";
    const demo = {
      db: t.database.db,
      clock: systemClock,
      secretKey,
      storage,
      origin: "https://vote.example.org",
    };
    await seedDemoIfEmpty(demo, quiet);
    const [organization] = await t.database.db.select().from(organizations);
    expect(organization?.name).toBe("Riverside Student Union");
    const kinds = await t.database.db.select({ type: channels.type }).from(channels);
    expect(new Set(kinds.map((k) => k.type))).toEqual(new Set(["text", "airing", "live", "election"]));
    const list = await t.database.db.select().from(elections).orderBy(asc(elections.createdAt));
    expect(list.map((e) => e.status).sort()).toEqual(["active", "completed", "completed", "upcoming"]);
    // The board election: STV for three seats, a referendum and an approval question, each with its ballots, all sealed.
    const board = list.find((e) => e.title === "board-election");
    const questions = await t.database.db
      .select({ method: electionPositions.method, ballots: count(ballots.id), sealed: count(ballots.sealId) })
      .from(electionPositions)
      .leftJoin(ballots, eq(ballots.positionId, electionPositions.id))
      .where(eq(electionPositions.electionId, board?.id ?? ""))
      .groupBy(electionPositions.id)
      .orderBy(asc(electionPositions.sortOrder));
    expect(questions.map((q) => [q.method.kind, q.ballots, q.sealed])).toEqual([
      ["stv", 42, 42],
      ["referendum", 42, 42],
      ["approval", 42, 42],
    ]);
    for (const election of list)
      expect((await verifyElectionIntegrity(t.database.db, election.id)).problems).toEqual([]);
    // The elections held and closed at once queue no "voting is open" letter (it would only expire
    // unsent); the open by-election's voters have theirs.
    const opening = await t.database.db
      .select({ about: outbox.about })
      .from(outbox)
      .where(eq(outbox.kind, "voting_open"));
    const aboutStatus = (status: string) =>
      list.filter((e) => e.status === status).map((e) => `election:${e.id}`);
    expect(opening.filter((o) => aboutStatus("completed").includes(o.about ?? ""))).toEqual([]);
    expect(opening.some((o) => aboutStatus("active").includes(o.about ?? ""))).toBe(true);
    // Each election's questions are titled for what it elects: the treasurer election's is
    // "Treasurer", not one of the spec's offices the candidate form offers.
    const titles = await t.database.db
      .select({ election: elections.title, question: electionPositions.title })
      .from(electionPositions)
      .innerJoin(elections, eq(elections.id, electionPositions.electionId))
      .orderBy(asc(elections.title), asc(electionPositions.sortOrder));
    expect(titles.map((row) => `${row.election}: ${row.question}`)).toEqual([
      "board-election: Board of Directors",
      "board-election: Motion 1: adopt the revised constitution",
      "board-election: Projects to fund this year",
      "council-election: President",
      "council-election: Senator",
      "senate-by-election: Senator",
      "treasurer-election: Treasurer",
    ]);
    // Security monitoring has the demo's voters, each on a browser of their own and verified; a
    // session is completed once a seal disclosed its vote (the open by-election's wait for more).
    const sessions = await t.database.db.select().from(votingSessions);
    expect(sessions.length).toBeGreaterThanOrEqual(42);
    expect(sessions.filter((s) => s.status === "completed").length).toBeGreaterThanOrEqual(42);
    for (const session of sessions) {
      expect([session.verification, session.riskRules]).toEqual(["passed", []]);
      expect(["active", "completed"]).toContain(session.status);
      expect(session.deviceInfo?.platform).toBeTruthy();
    }
    const messages = await t.database.db.select().from(posts);
    expect(messages.length).toBeGreaterThan(4);
    const files = await t.database.db.select().from(uploads).where(eq(uploads.kind, "attachment"));
    expect(files.map((f) => f.contentType).sort()).toEqual(["image/png", "text/plain; charset=utf-8"]);

    await seedDemoIfEmpty(demo, quiet);
    expect(await t.database.db.select().from(organizations)).toHaveLength(1);
  });
});
