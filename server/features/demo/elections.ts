/** The demo's elections: verification, votes and seals, all through the real path. */
import { asc, eq } from "drizzle-orm";
import { createChannelInput } from "../../../contract/channels-input";
import type { CastVoteInput } from "../../../contract/elections";
import { castVoteInput } from "../../../contract/elections-input";
import { defaultLimits } from "../../context";
import type { Db } from "../../db/connect";
import { candidates, electionPositions, elections } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";
import type { User } from "../accounts/sessions";
import { createChannel } from "../channels/service";
import { castVote } from "../elections/casting";
import { closeEarly, openEarly } from "../elections/lifecycle";
import { saveNoticeSettings } from "../elections/reminders";
import { sealPending } from "../elections/sealing";
import { startVerification } from "../elections/verification";
import { recordSession, updateCurrentSession } from "../monitoring/sessions";
import type { DemoParts } from "./seed";

/** The calendar day `offsetDays` from now (an election's start or end date). */
export const day = (clock: Clock, offsetDays: number) =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Two more elections beside the upcoming council election: a by-election that is open with votes
 * already cast, and the treasurer election, completed. Votes go through the real path:
 * verification (National ID), the grant, the cast, the seal.
 */
export async function demoElections(
  { db, clock, secretKey, origin }: DemoParts,
  admin: User,
  voters: User[],
): Promise<void> {
  const image = (seed: string) => `/demo/candidates/${seed}.svg`;
  const plans = [
    {
      channel: {
        name: "senate-by-election",
        type: "election" as const,
        description: "By-election for the vacant student senate seat.",
        voting_settings: {
          startDate: day(clock, 1),
          endDate: day(clock, 2),
          candidates: [
            {
              name: "Kwame Asante",
              party: "Campus First",
              position: "senator" as const,
              image: image("kwame"),
            },
            {
              name: "Zainab Bello",
              party: "Forward Together",
              position: "senator" as const,
              image: image("zainab"),
            },
          ],
        },
      },
      votes: [0, 0],
      close: false,
    },
    {
      channel: {
        name: "treasurer-election",
        type: "election" as const,
        description: "The union treasurer's election, completed.",
        // A treasurer is none of the spec's four offices (president, governor, senator, prime
        // minister), whose titles the candidate form's questions take: the question is its own.
        voting_settings: {
          startDate: day(clock, 1),
          endDate: day(clock, 1),
          candidates: [],
          questions: [
            {
              title: "Treasurer",
              candidates: [
                { name: "Tomas Silva", party: "Forward Together", photo_url: image("tomas") },
                { name: "Ifeoma Eze", party: "Independent", photo_url: image("ifeoma") },
              ],
              method: { kind: "plurality" as const },
            },
          ],
        },
      },
      votes: [1, 0, 1],
      close: true,
    },
  ];
  for (const plan of plans) {
    const { channel } = await createChannel(db, clock, admin, createChannelInput.parse(plan.channel));
    const [election] = await db.select().from(elections).where(eq(elections.channelId, channel.id));
    if (!election) continue;
    const opened = plan.close
      ? await openHeldAtOnce({ db, clock, origin }, admin, election.id)
      : await openEarly(db, clock, admin, election.id, origin);
    const [position] = await db
      .select()
      .from(electionPositions)
      .where(eq(electionPositions.electionId, opened.id));
    const standing = position
      ? await db
          .select()
          .from(candidates)
          .where(eq(candidates.positionId, position.id))
          .orderBy(asc(candidates.sortOrder))
      : [];
    for (const [index, choice] of plan.votes.entries()) {
      const voter = voters[index];
      const candidate = standing[choice];
      if (!voter || !candidate || !position) continue;
      await voteAs({ db, clock, secretKey }, voter, index, opened.id, [
        { position_id: position.id, candidate_id: candidate.id },
      ]);
    }
    if (plan.close) await closeEarly(db, clock, admin, opened.id, origin);
  }
  await sealPending(db);
}

/**
 * Opens a demo election that is voted in and closed at once, as the demo is set up: without its
 * "voting is open" letters (saveNoticeSettings, as an administrator turns them off), which would
 * only expire unsent, voting having ended before the outbox took them. Its closing letters go.
 */
export async function openHeldAtOnce(
  { db, clock, origin }: Pick<DemoParts, "db" | "clock" | "origin">,
  admin: User,
  electionId: string,
) {
  await saveNoticeSettings(db, clock, admin, electionId, { voting_open: false });
  return openEarly(db, clock, admin, electionId, origin);
}

/** The browsers the demo's voters use: each voter their own device, so no rule fires on the seed. */
const DEMO_BROWSERS = [
  {
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    platform: "Win32",
    screen: { width: 1920, height: 1080, colorDepth: 24 },
    mobile: false,
  },
  {
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    platform: "iPhone",
    screen: { width: 390, height: 844, colorDepth: 24 },
    mobile: true,
  },
  {
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0",
    platform: "MacIntel",
    screen: { width: 1512, height: 982, colorDepth: 30 },
    mobile: false,
  },
  {
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
    platform: "Linux armv81",
    screen: { width: 412, height: 915, colorDepth: 24 },
    mobile: true,
  },
];

/**
 * One demo voter votes as anyone does: opens the election (a voting session for security
 * monitoring, from a browser of their own), verifies by National ID (the voter at `index` of the
 * demo's voters has DEMO100200 + index), then casts with the grant it gives. The seal completes the
 * session, as it does for everyone.
 */
export async function voteAs(
  ctx: { db: Db; clock: Clock; secretKey: string },
  voter: User,
  index: number,
  electionId: string,
  selections: CastVoteInput["selections"],
): Promise<void> {
  const { db, clock } = ctx;
  const [election] = await db
    .select({ organizationId: elections.organizationId })
    .from(elections)
    .where(eq(elections.id, electionId));
  if (!election) return;
  const who = { userId: voter.id, electionId, ip: `192.0.2.${10 + (index % 200)}` };
  const browser = DEMO_BROWSERS[index % DEMO_BROWSERS.length];
  if (!browser) return;
  await recordSession(
    db,
    clock.now(),
    { ...who, organizationId: election.organizationId },
    {
      device_hash: sha256(`demo-device-${voter.id}`),
      device_info: {
        ...browser,
        language: "en-GB",
        cookieEnabled: true,
        onLine: true,
        timezone: "Europe/London",
      },
      location: null,
    },
  );
  const verified = await startVerification({ ...ctx, ip: who.ip }, voter, electionId, {
    method: "national_id",
    id_number: `DEMO${100200 + index}`,
  });
  await updateCurrentSession(db, clock.now(), who, {
    verification: verified.status === "verified" ? "passed" : "failed",
  });
  if (verified.status !== "verified") return;
  await castVote({
    db,
    clock,
    guard: { db, clock, limits: defaultLimits },
    by: { user: voter },
    electionId,
    input: castVoteInput.parse({ grant_id: verified.grant_id, selections }),
  });
}
