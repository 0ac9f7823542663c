import { randomInt } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CreateChannelInput } from "../../../contract/channels";
import { createChannelInput } from "../../../contract/channels-input";
import type { Db } from "../../db/connect";
import { channels, users } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { DEMO_MAIL_DOMAIN } from "../../lib/outbox/transport";
import type { FileStorage } from "../../storage/index";
import { registerOrganization, registerVoter } from "../accounts/service";
import type { User } from "../accounts/sessions";
import { createChannel } from "../channels/service";
import { joinOrganization } from "../organizations/joining";
import { findOrganization } from "../organizations/queries";
import { updateOrganization } from "../organizations/service";
import { createDemoAdmin } from "../platform-admin/accounts";
import { demoBoardElection } from "./board-election";
import { demoConversation, demoDirectMessages } from "./conversations";
import { day, demoElections } from "./elections";
import { demoMembers } from "./members";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function demoPassword(): string {
  let password = "demo-";
  for (let i = 0; i < 7; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

const VOTERS = [
  { full_name: "Amara Okafor", email: `amara@${DEMO_MAIL_DOMAIN}`, phone_number: "+234 801 555 0101" },
  { full_name: "Daniel Mensah", email: `daniel@${DEMO_MAIL_DOMAIN}`, phone_number: "+233 20 555 0102" },
  { full_name: "Lucia Fernandes", email: `lucia@${DEMO_MAIL_DOMAIN}`, phone_number: "+351 91 555 0103" },
];

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
 * What the demo data is made with: the database, the clock, the server's secret, its file storage,
 * and the origin the links in its messages name (the elections it opens and closes tell voters so).
 */
export interface DemoParts {
  db: Db;
  clock: Clock;
  secretKey: string;
  storage: FileStorage;
  origin: string;
}

/**
 * On the first start of an empty database: a demo organization with channels of each kind, its
 * admin, a few voters who joined it (and its other members, who cannot sign in), and its elections. Their passwords are generated and printed once, here.
 */
export async function seedDemoIfEmpty(parts: DemoParts, log: Pick<FastifyBaseLogger, "info">): Promise<void> {
  const { db, clock, secretKey, storage } = parts;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;

  const credentials: Array<{ role: string; email: string; password: string }> = [];
  const adminPassword = demoPassword();
  const { user: admin, organizationId } = await registerOrganization(db, {
    full_name: "Grace Adeyemi",
    email: `admin@${DEMO_MAIL_DOMAIN}`,
    password: adminPassword,
    organization: "Riverside Student Union",
    country: "Nigeria",
  });
  credentials.push({ role: "organization admin", email: admin.email, password: adminPassword });
  await updateOrganization(
    db,
    admin,
    organizationId,
    {
      description:
        "The student union of Riverside College: debates, town halls and the yearly council election.",
      location: "Lagos, Nigeria",
      website: "https://riverside-union.example",
    },
    clock.now(),
  );
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

  // The union's other members, who voted in last term's board election with the demo's voters.
  const members = organization
    ? await demoMembers(db, clock, secretKey, organization, { count: 45, firstIdIndex: VOTERS.length })
    : [];
  await demoBoardElection(parts, admin, [...voterUsers, ...members]);
  await demoElections(parts, admin, voterUsers);
  await demoConversation(db, clock, storage, admin, voterUsers, organizationId);
  await demoDirectMessages(db, clock, admin, voterUsers);

  log.info({ demoAccounts: credentials.map((c) => c.email) }, "demo data created");
  // Printed as plain lines so a newcomer can read them off the terminal; shown this once only.
  const lines = credentials.map((c) => `  ${c.role.padEnd(20)} ${c.email.padEnd(32)} ${c.password}`);
  process.stdout.write(
    `\nDemo data created. Sign in with (shown once; set DEMO=off to start without demo data):\n${lines.join("\n")}\n  Voters' ID numbers: DEMO100200, DEMO100201, DEMO100202\n\n`,
  );
}
