import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arrayRows } from "../../db/prepared";
import { createOrganization } from "../../test/factories";
import { plansOf, rolledBack, tablesHashed } from "../../test/plan";
import { type TestApp, testApp } from "../../test/support";
import { channelAccessQuery } from "./access";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("the channel access read every message makes", () => {
  it("looks up each channel, its organization, the role and the grant for each row asked, never hashing a whole table", async () => {
    const { organizationId, id: userId } = await createOrganization(t.app);
    const plans = await rolledBack(t.database.db, async (tx) => {
      // A few hundred channels, each granted to its creator: few enough that a join reads them all.
      const ids = await arrayRows<[string]>(
        tx,
        sql`with made as (
            insert into channels (organization_id, name, type, is_private, security_settings, permissions)
            select ${organizationId}::uuid, 'plan-' || n, 'text', true, '{}'::jsonb, '{}'::jsonb
            from generate_series(1, 300) n returning id)
          insert into channel_members (channel_id, user_id) select id, ${userId}::uuid from made returning channel_id`,
      );
      for (const table of ["channels", "channel_members", "organizations", "organization_memberships"])
        await tx.execute(sql.raw(`analyze ${table}`));
      const asked = ids.slice(0, 5).map(([id]) => id);
      return plansOf(tx, channelAccessQuery(tx).toSQL().sql, [
        `'{${asked.map(() => userId).join(",")}}'`,
        `'{${asked.join(",")}}'`,
      ]);
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index Scan using channels_pkey/);
      // No hash join or hashed subplan: those read a whole table (every channel, every grant) for
      // each batch, until the table grows large enough for the planner to stop.
      expect(tablesHashed(plan)).toEqual([]);
    }
  });
});
