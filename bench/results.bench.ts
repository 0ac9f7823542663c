import { randomUUID } from "node:crypto";
import type { Ballot } from "../contract/ballots/ballot";
import { ballots } from "../server/db/schema";
import { randomSource } from "../server/features/counting/test-ballots";
import { sha256 } from "../server/lib/crypto";
import { addQuestion, electionChannel, electionOfChannel } from "../server/test/elections";
import { createOrganization } from "../server/test/factories";
import { call } from "../server/test/http";
import { forEachBenchApp } from "./databases";
import { measure, report } from "./measure";

const BALLOTS = 20_000;
const READS = 40;

/**
 * Reading a closed election's results (GET /api/elections/:id) with an STV question of 20,000
 * ranked ballots (12 candidates, 3 seats): served from the count cache (keyed by the seal chain's
 * head, the unsealed ballots, the seed and the roll) against a read that must count again (one
 * ballot added before each read changes the key), in the same run.
 */
export async function run(): Promise<void> {
  await forEachBenchApp(async (name, app, database) => {
    const admin = await createOrganization(app);
    const clock = { now: () => new Date() };
    const channel = (await call(app, admin.cookie).post("/api/channels", electionChannel(clock))).json()
      .channel;
    const { id } = await electionOfChannel(app, admin.cookie, channel.id);
    const names = Array.from({ length: 12 }, (_, i) => `Candidate ${i + 1}`);
    const stv = await addQuestion(database.db, id, {
      title: "Board",
      method: { kind: "stv", seats: 3 },
      candidates: names,
    });
    await call(app, admin.cookie).post(`/api/elections/${id}/open`);
    const ids = Object.values(stv.candidates);
    const random = randomSource(16);
    const ballot = (): Ballot => {
      const left = [...ids];
      const ranks: string[][] = [];
      const length = 1 + Math.floor(random() * ids.length);
      while (ranks.length < length) ranks.push(left.splice(Math.floor(left.length * random() ** 1.5), 1));
      return { kind: "ranking", ranks };
    };
    const row = () => ({
      electionId: id,
      positionId: stv.id,
      answer: ballot(),
      receiptHash: sha256(randomUUID()),
      chainKey: sha256(randomUUID()),
    });
    for (let i = 0; i < BALLOTS; i += 1000)
      await database.db.insert(ballots).values(Array.from({ length: 1000 }, row));
    await call(app, admin.cookie).post(`/api/elections/${id}/close`);
    const read = () => call(app, admin.cookie).get(`/api/elections/${id}`);
    await read();
    const cached = await measure(READS, 1, read);
    const counted = await measure(READS, 1, async () => {
      await database.db.insert(ballots).values(row());
      await read();
    });
    report(
      `${name}: GET /api/elections/:id, STV of ${BALLOTS.toLocaleString("en")} ballots: cached count vs counting again (and one insert)`,
      cached,
      counted,
    );
  });
}
