import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../server/db/connect";
import { systemClock } from "../server/lib/clock";
import { electionChannel, electionOfChannel } from "../server/test/elections";
import { createOrganization } from "../server/test/factories";
import { call } from "../server/test/http";

/**
 * An open election of two positions with a waiting ballot and participation from each of `voters`
 * new voters for each (written straight in, as the cast's one statement would leave them); `tag`
 * keeps one bench's voters apart from another's. Each voter's choice is one of the position's
 * candidates, by the voter's number.
 */
export async function electionWithBallots(
  app: FastifyInstance,
  db: Db,
  voters: number,
  tag: string,
): Promise<string> {
  const admin = await createOrganization(app);
  const channel = (await call(app, admin.cookie).post("/api/channels", electionChannel(systemClock))).json()
    .channel;
  const { id } = await electionOfChannel(app, admin.cookie, channel.id);
  const opened = await call(app, admin.cookie).post(`/api/elections/${id}/open`);
  if (opened.statusCode !== 200) throw new Error(`open: ${opened.body}`);
  const email = `bench-%@${tag}.local`;
  await db.execute(sql`insert into users (email, password_hash, full_name, user_type)
    select 'bench-' || i || ${`@${tag}.local`}, 'x', 'Voter ' || i, 'voter' from generate_series(1, ${voters}) i`);
  const made = sql`(select id, row_number() over (order by id) as i from users where email like ${email})`;
  await db.execute(sql`insert into participations (election_id, position_id, user_id)
    select p.election_id, p.id, v.id from ${made} v cross join election_positions p where p.election_id = ${id}::uuid`);
  await db.execute(sql`insert into ballots (election_id, position_id, candidate_id, receipt_hash, chain_key)
    select p.election_id, p.id,
      (select c.id from candidates c where c.position_id = p.id order by c.id offset (v.i % 2) limit 1),
      encode(sha256(convert_to(p.id::text || v.id::text, 'UTF8')), 'hex'),
      encode(sha256(convert_to('chain' || p.id::text || v.id::text, 'UTF8')), 'hex')
    from ${made} v cross join election_positions p where p.election_id = ${id}::uuid`);
  return id;
}
