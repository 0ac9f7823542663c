/** The demo union's other members: enough voters for the board election's results to mean something. */
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/connect";
import type { Clock } from "../../lib/clock";
import { DEMO_MAIL_DOMAIN } from "../../lib/outbox/transport";
import { registerVoter } from "../accounts/service";
import type { User } from "../accounts/sessions";
import { joinOrganization } from "../organizations/joining";
import type { OrganizationRow } from "../organizations/queries";

const FIRST = [
  "Adaeze",
  "Kofi",
  "Mariana",
  "Emeka",
  "Nadia",
  "Oluwaseun",
  "Rui",
  "Fatima",
  "Kenji",
  "Esi",
  "Bola",
  "Ines",
  "Chinedu",
];
const LAST = [
  "Okonkwo",
  "Addo",
  "Costa",
  "Balogun",
  "Haddad",
  "Owusu",
  "Lima",
  "Sow",
  "Tanaka",
  "Eke",
  "Diallo",
];

/**
 * `count` members who registered and joined like any voter. Their passwords are random and never
 * shown: they are the union's other students, not demo accounts to sign in with. Each has the ID
 * number DEMO1002nn, numbered after the demo's voters (`firstIdIndex`), which their verification uses.
 */
export async function demoMembers(
  db: Db,
  clock: Clock,
  secretKey: string,
  organization: OrganizationRow,
  options: { count: number; firstIdIndex: number },
): Promise<User[]> {
  const members: User[] = [];
  for (let i = 0; i < options.count; i++) {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i * 7) % LAST.length] as string;
    const user = await registerVoter(db, secretKey, {
      full_name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@${DEMO_MAIL_DOMAIN}`.toLowerCase(),
      password: randomBytes(18).toString("base64url"),
      phone_number: `+234 802 555 ${String(1000 + i)}`,
      id_type: "National ID",
      id_number: `DEMO${100200 + options.firstIdIndex + i}`,
    });
    await joinOrganization(db, clock, user, { ...organization, requireApproval: false }, "search");
    members.push({ ...user, organizationId: organization.id });
  }
  return members;
}
