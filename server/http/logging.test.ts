import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/connect";
import { outbox } from "../db/schema";
import { systemClock } from "../lib/clock";
import { generousLimits, testConfig } from "../test/config";
import { electionChannel, electionOfChannel } from "../test/elections";
import { createMember, createOrganization, signIn, voterInput } from "../test/factories";
import { call } from "../test/http";
import { expectNotLogged } from "../test/secrets";
import { testDatabase } from "../test/support";
import { safeError, safeUrl } from "./logging";

let app: FastifyInstance;
let database: Database;
const lines: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
  // The real outbox (messages queued in the database) and a logger at its most talkative, into a buffer.
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { level: "trace", stream: { write: (line) => void lines.push(line) } },
    limits: generousLimits,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function lastMessageTo(to: string): Promise<string> {
  const rows = await database.db.select().from(outbox).where(eq(outbox.recipient, to));
  return rows.at(-1)?.body ?? "";
}

describe("the log of a full journey", () => {
  it("holds no code, token, receipt, password, hash or ballot choice", async () => {
    const secrets: string[] = [];
    const admin = await createOrganization(app);
    const voter = await createMember(app, admin.organizationId, {
      password: "first-Pw-42",
      id_number: "GHA-LOG-778899",
      phone_number: "+233 20 555 0142",
    });
    secrets.push(voter.input.password, admin.input.password, "GHA-LOG-778899");
    // A failed sign-in is logged (as a refusal), never with what was typed.
    await call(app).post("/api/session", { email: voter.input.email, password: "wrong-Pw-99" });
    secrets.push("wrong-Pw-99");

    // Password reset: the link travels through the outbox; the browser opens it; the token is spent.
    await call(app).post("/api/password-resets", { email: voter.input.email });
    const link = await lastMessageTo(voter.input.email);
    const token = link.match(/\/reset-password\/(\S+)/)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(20);
    secrets.push(token);
    await call(app).get(`/reset-password/${token}`);
    await call(app).get(`/api/session?token=${token}`);
    const reset = await call(app).post("/api/password-resets/confirm", {
      token,
      password: "second-Pw42",
    });
    expect(reset.statusCode).toBeLessThan(300);
    secrets.push("second-Pw42");
    const cookie = await signIn(app, voter.input.email, "second-Pw42");

    // A verification code, then a vote.
    const channel = (
      await call(app, admin.cookie).post(
        "/api/channels",
        electionChannel(systemClock, { security_settings: { phoneVerification: true } }),
      )
    ).json().channel;
    const election = await electionOfChannel(app, admin.cookie, channel.id);
    await call(app, admin.cookie).post(`/api/elections/${election.id}/open`);
    const url = `/api/elections/${election.id}/verification`;
    expect((await call(app, cookie).post(url, { method: "phone" })).statusCode).toBe(200);
    const code = (await lastMessageTo("+233 20 555 0142")).match(/\b(\d{6})\b/)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    secrets.push(code);
    const verified = await call(app, cookie).post(`${url}/confirm`, { method: "phone", code });
    expect(verified.statusCode).toBe(200);
    const [president] = election.positions;
    const choice = president.candidates[1].id as string;
    const vote = await call(app, cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: verified.json().grant_id,
      selections: [{ position_id: president.id, candidate_id: choice }],
    });
    expect(vote.statusCode).toBe(201);
    secrets.push(vote.json().receipt, choice);

    // A database failure while writing a password hash and an ID-number hash.
    await database.db.execute(
      sql.raw(`create or replace function votespace_log_test_fail() returns trigger language plpgsql
        as $$ begin raise exception 'forced failure for the log test'; end $$`),
    );
    await database.db.execute(sql.raw("drop trigger if exists votespace_log_test_fail on users"));
    await database.db.execute(
      sql.raw(`create trigger votespace_log_test_fail before insert on users for each row
        when (new.email like 'boom-%') execute function votespace_log_test_fail()`),
    );
    try {
      const boom = voterInput({
        email: `boom-${Date.now()}@test.votespace.local`,
        password: "third-Pw-42",
        id_number: "GHA-LOG-554433",
      });
      secrets.push(boom.password, boom.id_number);
      const failed = await call(app).post("/api/accounts/voters", boom);
      expect(failed.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql.raw("drop trigger if exists votespace_log_test_fail on users"));
    }

    const log = lines.join("");
    // The log did record the journey: the refusal and the failure with its class. (Sending, and its
    // log, is the outbox worker's: lib/outbox/no-waiting-no-secrets.test.ts.)
    expect(log).toContain("unhandled error");
    expect(log).toContain("DrizzleQueryError");
    expect(log).toContain("P0001");
    for (const secret of secrets) expectNotLogged(log, secret);
    expect(log).not.toMatch(/\$argon2id\$/);
    expect(log).not.toMatch(/[0-9a-f]{64}/i);
    expect(log).not.toContain("params");
  });
});

describe("safeError", () => {
  it("keeps a failed query's SQL, class and code, and drops its parameters, detail and quoted values", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      code: "22P02",
      detail: "Key (email)=(someone@example.org) already exists.",
      constraint: "users_email_key",
    });
    const error = Object.assign(new Error("Failed query: insert into x values ($1)\nparams: secret-value"), {
      query: "insert into x values ($1)",
      params: ["secret-value"],
      cause,
    });
    const text = JSON.stringify(safeError(error));
    expect(text).not.toContain("secret-value");
    expect(text).not.toContain("someone@example.org");
    expect(text).toContain("insert into x values ($1)");
    expect(text).toContain("22P02");
    expect(text).toContain("users_email_key");
  });

  it("keeps no query string and no token in a logged path", () => {
    expect(safeUrl("/reset-password/abcDEF123_-abcDEF123_-abcDEF123?x=1")).toBe("/reset-password/…");
    expect(safeUrl("/join/Ab12Cd34")).toBe("/join/…");
    expect(safeUrl("/api/session?token=abc")).toBe("/api/session");
    expect(safeUrl("/api/elections/0b6c6c3e-2f57-4a3a-9a40-1a2b3c4d5e6f")).toBe(
      "/api/elections/0b6c6c3e-2f57-4a3a-9a40-1a2b3c4d5e6f",
    );
  });
});
