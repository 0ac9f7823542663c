import { inArray, sql } from "drizzle-orm";
import { electionServerMessages } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { elections } from "../../db/schema";
import { conflict } from "../../http/errors";
import { expireWaitingNotices } from "./notices";

/**
 * In the channel deletion's transaction: the channel's election goes with it while it never
 * opened (no participation, no ballot, no seal exists yet); once voting opened, its record (roll,
 * ballots, seals, results, audit trail) must stay, so the channel is refused. The election row is
 * locked first, so the schedule's opening (which takes the same row) happens wholly before this
 * check or finds the election gone. A cancelled election that never opened (no frozen rules) goes too.
 */
export async function withdrawChannelElection(tx: Db, channelId: string, now: Date): Promise<void> {
  const locked = (await tx.execute(
    sql`select id, status, security_settings is not null as opened
      from elections where channel_id = ${channelId}::uuid for update`,
  )) as unknown as { rows: Array<{ id: string; status: string; opened: boolean }> };
  const neverOpened = (e: { status: string; opened: boolean }) =>
    e.status === "upcoming" || (e.status === "cancelled" && !e.opened);
  if (locked.rows.some((e) => !neverOpened(e))) throw conflict(electionServerMessages.channelKeepsElection);
  const ids = locked.rows.map((e) => e.id);
  // Its announcement still waiting in the outbox would announce an election that no longer exists.
  for (const id of ids) await expireWaitingNotices(tx, id, now);
  if (ids.length > 0) await tx.delete(elections).where(inArray(elections.id, ids));
}
