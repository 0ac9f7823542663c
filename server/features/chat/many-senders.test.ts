import { asc, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signedInOrganization } from "../../../bench/members";
import { directMessages } from "../../db/schema";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";

/**
 * Direct messages from many senders at once in a large organization, as the chat bench sends them:
 * messages that arrive while others are written go in one statement (queries.ts). Each one is
 * answered, written once, and a sender's messages keep their order. The rules of a batch are read
 * per message: checked with correlated `exists`, the statement was planned as one pass over every
 * membership pair of the organization, and on PGlite a batch here took seconds (this test then ran
 * out of time).
 */
let t: TestApp;
let members: Array<{ id: string; cookie: string }>;

beforeAll(async () => {
  t = await testApp();
  ({ members } = await signedInOrganization(t.app, t.database, 1000, "many-senders"));
});
afterAll(() => t.close());

it("answers every message of 100 senders writing at once, each written once and in each sender's order", async () => {
  const senders = members.slice(0, 100);
  const recipients = members.slice(500, 600);
  const sent = await Promise.all(
    senders.map(async (sender, i) => {
      const statuses: number[] = [];
      const to = recipients[i] as { id: string };
      for (let n = 1; n <= 3; n++) {
        const response = await call(t.app, sender.cookie).post(`/api/chat/conversations/${to.id}`, {
          content: `${i}-${n}`,
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    }),
  );
  expect(sent.flat().every((status) => status === 201)).toBe(true);
  const rows = await t.database.db
    .select({ sender: directMessages.senderId, content: directMessages.content })
    .from(directMessages)
    .where(
      inArray(
        directMessages.senderId,
        senders.map((s) => s.id),
      ),
    )
    .orderBy(asc(directMessages.createdAt), asc(directMessages.id));
  expect(rows).toHaveLength(300);
  senders.forEach((sender, i) => {
    const own = rows.filter((row) => row.sender === sender.id).map((row) => row.content);
    expect(own).toEqual([`${i}-1`, `${i}-2`, `${i}-3`]);
  });
});
