import { randomInt } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CreateChannelInput } from "../../../contract/channels";
import { createChannelInput } from "../../../contract/channels";
import { defaultLimits } from "../../context";
import type { Db } from "../../db/connect";
import { candidates, channels, electionPositions, elections, users } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { registerOrganization, registerVoter } from "../accounts/service";
import type { User } from "../accounts/sessions";
import { createDemoAdmin } from "../admin/accounts";
import { DEFAULT_CHANNEL_NAME } from "../channels/defaults";
import { createChannel } from "../channels/service";
import { readMessagesFrom, sendMessage } from "../chat/service";
import { castVote } from "../elections/casting";
import { closeEarly, openEarly } from "../elections/lifecycle";
import { sealPending } from "../elections/sealing";
import { startVerification } from "../elections/verification";
import { joinOrganization } from "../organizations/joining";
import { findOrganization } from "../organizations/queries";
import { updateOrganization } from "../organizations/service";
import { createPost } from "../posts/service";
import { saveUpload } from "../uploads/store";
import { gradientPng } from "./png";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function demoPassword(): string {
  let password = "demo-";
  for (let i = 0; i < 7; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

const VOTERS = [
  { full_name: "Amara Okafor", email: "amara@demo.votespace.local", phone_number: "+234 801 555 0101" },
  { full_name: "Daniel Mensah", email: "daniel@demo.votespace.local", phone_number: "+233 20 555 0102" },
  { full_name: "Lucia Fernandes", email: "lucia@demo.votespace.local", phone_number: "+351 91 555 0103" },
];

const day = (clock: Clock, offsetDays: number) =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function demoChannels(clock: Clock): CreateChannelInput[] {
  const image = (seed: string) => `/demo/candidates/${seed}.svg`;
  return [
    {
      name: "announcements",
      type: "text",
      is_private: true,
      description: "News from the executive committee.",
    },
    { name: "town-hall", type: "airing", description: "Live audio town halls with the committee." },
    { name: "debate-night", type: "live", description: "Candidates' debates, streamed live." },
    {
      name: "council-election",
      type: "election",
      description: "Election of the student council officers.",
      voting_settings: {
        startDate: day(clock, 7),
        endDate: day(clock, 8),
        candidates: [
          { name: "Chidi Nwosu", party: "Forward Together", position: "president", image: image("chidi") },
          { name: "Ama Boateng", party: "Campus First", position: "president", image: image("ama") },
          { name: "Tomas Silva", party: "Forward Together", position: "senator", image: image("tomas") },
          { name: "Ifeoma Eze", party: "Independent", position: "senator", image: image("ifeoma") },
        ],
      },
    },
  ];
}

/**
 * On the first start of an empty database: a demo organization with channels of each kind, its
 * admin and a few voters who joined it. Their passwords are generated and printed once, here.
 */
export async function seedDemoIfEmpty(
  db: Db,
  clock: Clock,
  secretKey: string,
  uploadsDir: string,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;

  const credentials: Array<{ role: string; email: string; password: string }> = [];
  const adminPassword = demoPassword();
  const { user: admin, organizationId } = await registerOrganization(db, {
    full_name: "Grace Adeyemi",
    email: "admin@demo.votespace.local",
    password: adminPassword,
    organization: "Riverside Student Union",
    country: "Nigeria",
  });
  credentials.push({ role: "organization admin", email: admin.email, password: adminPassword });
  await updateOrganization(db, admin, organizationId, {
    description:
      "The student union of Riverside College: debates, town halls and the yearly council election.",
    location: "Lagos, Nigeria",
    website: "https://riverside-union.example",
  });
  // The organization's own "General" text channel is the demo's everyday room.
  await db
    .update(channels)
    .set({ description: "Everyday talk for every member of the union." })
    .where(and(eq(channels.organizationId, organizationId), eq(channels.type, "text")));
  for (const channel of demoChannels(clock)) {
    await createChannel(db, clock, admin, createChannelInput.parse(channel));
  }

  const organization = await findOrganization(db, organizationId);
  const voterUsers: User[] = [];
  for (const [index, voter] of VOTERS.entries()) {
    const password = demoPassword();
    const user = await registerVoter(db, secretKey, {
      ...voter,
      password,
      id_type: "National ID",
      id_number: `DEMO${100200 + index}`,
    });
    // The demo's voters are on the roll as if the administrator had approved them (the election
    // channels above turned approval on).
    if (organization)
      await joinOrganization(db, clock, user, { ...organization, requireApproval: false }, "search");
    voterUsers.push({ ...user, organizationId });
    credentials.push({ role: "voter", email: voter.email, password });
  }

  // The platform admin portal's demo superadmin; its sign-in page shows these credentials.
  const superadmin = await createDemoAdmin(db, clock, secretKey);
  credentials.push({ role: "platform admin", email: superadmin.username, password: superadmin.password });

  await demoElections(db, clock, secretKey, admin, voterUsers);
  await demoConversation(db, clock, uploadsDir, admin, voterUsers, organizationId);
  await demoDirectMessages(db, clock, admin, voterUsers);

  log.info({ demoAccounts: credentials.map((c) => c.email) }, "demo data created");
  // Printed as plain lines so a newcomer can read them off the terminal; shown this once only.
  const lines = credentials.map((c) => `  ${c.role.padEnd(20)} ${c.email.padEnd(32)} ${c.password}`);
  process.stdout.write(
    `\nDemo data created. Sign in with (shown once; set DEMO=off to start without demo data):\n${lines.join("\n")}\n  Voters' ID numbers: DEMO100200, DEMO100201, DEMO100202\n\n`,
  );
}

/**
 * Two more elections beside the upcoming council election: a by-election that is open with votes
 * already cast, and last year's treasurer election, completed. Votes go through the real path:
 * verification (National ID), the grant, the cast, the seal.
 */
async function demoElections(
  db: Db,
  clock: Clock,
  secretKey: string,
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
          startDate: day(clock, 0),
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
        name: "treasurer-election-2025",
        type: "election" as const,
        description: "Last year's election of the union treasurer.",
        voting_settings: {
          startDate: day(clock, 0),
          endDate: day(clock, 1),
          candidates: [
            {
              name: "Tomas Silva",
              party: "Forward Together",
              position: "governor" as const,
              image: image("tomas"),
            },
            {
              name: "Ifeoma Eze",
              party: "Independent",
              position: "governor" as const,
              image: image("ifeoma"),
            },
          ],
        },
      },
      votes: [1, 0, 1],
      close: true,
    },
  ];
  for (const plan of plans) {
    const channel = await createChannel(db, clock, admin, createChannelInput.parse(plan.channel));
    const [election] = await db.select().from(elections).where(eq(elections.channelId, channel.id));
    if (!election) continue;
    const opened = await openEarly(db, clock, admin, election.id);
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
      const verified = await startVerification(
        { db, clock, notifier: silentNotifier, secretKey, ip: "127.0.0.1" },
        voter,
        opened.id,
        { method: "national_id", id_number: `DEMO${100200 + index}` },
      );
      if (verified.status !== "verified") continue;
      await castVote({
        db,
        clock,
        guard: { db, clock, limits: defaultLimits },
        voter,
        electionId: opened.id,
        input: {
          grant_id: verified.grant_id,
          selections: [{ position_id: position.id, candidate_id: candidate.id }],
        },
      });
    }
    if (plan.close) await closeEarly(db, clock, admin, opened.id);
  }
  await sealPending(db);
}

/** Demo verification uses National ID, which sends nothing. */
const silentNotifier = { send: async () => {} };

/** A conversation in the General text channel with an image and a file, through the real message path. */
async function demoConversation(
  db: Db,
  clock: Clock,
  uploadsDir: string,
  admin: User,
  voters: User[],
  organizationId: string,
) {
  const [general] = await db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.organizationId, organizationId),
        eq(channels.type, "text"),
        eq(channels.name, DEFAULT_CHANNEL_NAME),
      ),
    );
  const [amara, daniel, lucia] = voters;
  if (!general || !amara || !daniel || !lucia) return;
  const attach = async (user: User, filename: string, contentType: string, bytes: Buffer) =>
    (
      await saveUpload(db, uploadsDir, {
        kind: "attachment",
        organizationId,
        channelId: general.id,
        uploaderId: user.id,
        filename,
        contentType,
        bytes,
      })
    ).id;
  const say = (user: User, content: string, attachmentId?: string) =>
    createPost(db, clock, user, general.id, { content, attachment_id: attachmentId });

  await say(
    admin,
    "Welcome to the Riverside Student Union workspace! Debates are in #debate-night, votes in the election channels.",
  );
  await say(amara, "Thanks Grace! Is the senate by-election open already?");
  await say(
    admin,
    "It is, until the day after tomorrow at 18:00. Verify with your National ID and vote in #senate-by-election.",
  );
  const poster = await attach(
    daniel,
    "debate-poster.png",
    "image/png",
    gradientPng(480, 270, [79, 70, 229], [14, 165, 233]),
  );
  await say(daniel, "Here is the poster for Thursday's debate night.", poster);
  const agenda = await attach(
    lucia,
    "town-hall-agenda.txt",
    "text/plain; charset=utf-8",
    Buffer.from(
      "Town hall agenda\n\n1. Welcome\n2. Study hall budget\n3. Senate by-election: how to vote\n4. Questions from members\n",
    ),
  );
  await say(lucia, "And the agenda for the town hall. @Daniel Mensah can you bring the projector?", agenda);
  await say(daniel, "Sure, I'll bring it 👍");
}

/** A few direct messages, some read and one waiting for the admin, so the chat panel has conversations. */
async function demoDirectMessages(db: Db, clock: Clock, admin: User, voters: User[]) {
  const [amara, daniel, lucia] = voters;
  if (!amara || !daniel || !lucia) return;
  await sendMessage(db, amara, admin.id, "Hi Grace, could I help count ballots on election day?");
  await sendMessage(db, admin, amara.id, "Yes please! I'll add you to the volunteers list.");
  await readMessagesFrom(db, clock, admin, amara.id);
  await readMessagesFrom(db, clock, amara, admin.id);
  await sendMessage(db, daniel, lucia.id, "Do you have the slides for the town hall?");
  await sendMessage(db, lucia, daniel.id, "Sending them tonight, with the budget figures.");
  await sendMessage(db, daniel, admin.id, "Is the projector booked for Thursday's debate?");
}
