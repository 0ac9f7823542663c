import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import type { Db } from "../server/db/connect";
import { findHits, hitsStatement } from "../server/features/search/queries";
import { generousLimits, testConfig } from "../server/test/config";
import { createMember, createOrganization } from "../server/test/factories";
import { benchDatabases } from "./databases";
import { measure, report } from "./measure";

/**
 * Organization-wide search (`findHits`, one statement) over 50,000 channel messages, 10,000
 * comments, 10,000 direct messages and 5,000 attachments of one organization, for a rare word,
 * common prefixes and a file name; newest 21 (a page and one). The baseline, in the same run, is the
 * same statement with the GIN indexes of migration 0011 dropped (every row folded and read).
 */
const POSTS = 50_000;
const WORDS = [
  "election",
  "ballot",
  "budget",
  "meeting",
  "agenda",
  "quorum",
  "motion",
  "treasurer",
  "minutes",
  "vote",
];
/** A rare word (11 messages), one in five messages, every message, and a file name (5,000 files). */
const QUERIES = ["4242", "treas", "elec", "budget pdf"];
const RUNS = 30;
const INDEXES = [
  "posts_search_document_idx",
  "comments_search_document_idx",
  "direct_messages_search_document_idx",
  "uploads_search_document_idx",
];

async function seed(db: Db, organizationId: string, channelId: string, a: string, b: string): Promise<void> {
  const words = sql.raw(`(array['${WORDS.join("','")}'])`);
  // Each message: four words of the vocabulary and a number; 'treasurer' is one word in ten.
  const text = (n: string) =>
    sql`${words}[1 + (${sql.raw(n)} * 7) % 10] || ' Élection ' || ${words}[1 + (${sql.raw(n)} * 3) % 10] || ' item ' || ${sql.raw(n)}`;
  await db.execute(sql`
    insert into uploads (kind, organization_id, channel_id, uploader_id, filename, content_type, size)
    select 'attachment', ${organizationId}, ${channelId}, ${a}, 'budget-' || g || '.pdf', 'application/pdf', 100
    from generate_series(1, 5000) g`);
  await db.execute(sql`
    insert into posts (organization_id, channel_id, author_id, content, created_at)
    select ${organizationId}, ${channelId}, ${a}, ${text("g")}, now() - g * interval '1 minute'
    from generate_series(1, ${POSTS}) g`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by created_at) n from posts),
      files as (select id, row_number() over (order by filename) n from uploads where kind = 'attachment')
    update posts set attachment_id = files.id from numbered join files on files.n = numbered.n
    where posts.id = numbered.id`);
  await db.execute(sql`
    insert into comments (post_id, author_id, content, created_at)
    select id, ${b}, 'reply about the ' || ${words}[1 + (n * 5) % 10], created_at + interval '1 second'
    from (select id, created_at, row_number() over (order by created_at) n from posts) p where n <= 10000`);
  await db.execute(sql`
    insert into direct_messages (sender_id, recipient_id, content, created_at)
    select case when g % 2 = 0 then ${a}::uuid else ${b}::uuid end, case when g % 2 = 0 then ${b}::uuid else ${a}::uuid end,
      'dm ' || ${words}[1 + (g * 9) % 10] || ' ' || g, now() - g * interval '2 minutes'
    from generate_series(1, 10000) g`);
  await db.execute(sql`analyze`);
}

export async function run(): Promise<void> {
  for (const target of await benchDatabases()) {
    const database = await target.open();
    try {
      await database.migrate();
      const app = await buildApp({ config: testConfig(), database, logger: false, limits: generousLimits });
      const admin = await createOrganization(app);
      const member = await createMember(app, admin.organizationId);
      const channel = (
        await app.inject({
          method: "POST",
          url: "/api/channels",
          payload: { name: "bench", type: "text" },
          headers: { cookie: admin.cookie },
        })
      ).json().channel;
      const started = performance.now();
      await seed(database.db, admin.organizationId, channel.id, admin.id, member.id);
      console.log(`${target.name}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const once = (q: string) => () =>
        findHits(database.db, member.id, admin.organizationId, q, { limit: 21 });
      if (process.env.SEARCH_EXPLAIN) {
        for (const q of QUERIES) {
          const statement = hitsStatement(member.id, admin.organizationId, q, { limit: 21 });
          const plan = await database.db.execute(sql`explain analyze ${statement}`);
          const lines = (plan as unknown as { rows: Array<Record<string, string>> }).rows;
          console.log(`-- ${q}\n${lines.map((row) => Object.values(row)[0]).join("\n")}`);
        }
      }
      const indexed = new Map<string, Awaited<ReturnType<typeof measure>>>();
      for (const q of QUERIES) indexed.set(q, await measure(RUNS, 1, once(q)));
      for (const name of INDEXES) await database.db.execute(sql.raw(`drop index ${name}`));
      for (const q of QUERIES) {
        const baseline = await measure(Math.ceil(RUNS / 3), 1, once(q));
        report(`${target.name}, "${q}" (GIN indexes vs none)`, indexed.get(q) ?? baseline, baseline);
      }
      await app.close();
    } finally {
      await database.close();
      await target.dispose();
    }
  }
}
