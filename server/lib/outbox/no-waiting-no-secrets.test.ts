import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionChannel, electionOfChannel } from "../../test/elections";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { expectNotLogged } from "../../test/secrets";
import { type TestApp, testApp } from "../../test/support";
import { ManualClock, systemClock } from "../clock";
import { deliverDue } from "./deliver";
import { smtpTransport } from "./smtp";
import { startTestSmtp } from "./test-fixtures/smtp";
import { developerOutbox } from "./transport";
import { startOutboxWorker } from "./worker";

describe("a slow mail server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ ownDatabase: true });
  });
  afterAll(() => t.close());

  it("never holds up a request: messages wait in the outbox while the server says nothing", async () => {
    const smtp = await startTestSmtp("hang");
    const email = smtpTransport(smtp.config, { socketTimeout: 60_000 });
    const stop = startOutboxWorker({
      db: t.database.db,
      clock: systemClock,
      transports: { email, sms: developerOutbox, keepContent: false },
      log: t.app.log,
    });
    try {
      const first = await createVoter(t.app);
      const reset = (address: string) =>
        t.app.inject({ method: "POST", url: "/api/password-resets", payload: { email: address } });
      expect((await reset(first.input.email)).statusCode).toBe(202);
      // The worker has handed the first message to the mail server, which never answers...
      await smtp.waitFor(() => smtp.hanging === 1);
      expect(await t.outbox.lastTo(first.input.email)).toMatchObject({ state: "sending" });
      // ...and requests that queue more are answered meanwhile.
      const second = await createVoter(t.app);
      expect((await reset(second.input.email)).statusCode).toBe(202);
      expect(await t.outbox.lastTo(second.input.email)).toMatchObject({ kind: "password_reset" });
      expect(smtp.hanging).toBe(1);
      expect(smtp.received).toEqual([]);
    } finally {
      stop();
      email.close?.();
      await smtp.close();
    }
  });
});

describe("the log", () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      ownDatabase: true,
      logger: { level: "trace", stream: { write: (line) => void lines.push(line) } },
    });
  });
  afterAll(() => t.close());

  it("holds no code, link token or password at any level, even when a provider quotes them back", async () => {
    const password = "Pw-nolog-77";
    // Registration, twice with one address (the second is told by e-mail).
    const admin = await createOrganization(t.app, { password });
    await t.app.inject({
      method: "POST",
      url: "/api/accounts/organizations",
      payload: { ...admin.input, organization: "Second Try Club" },
    });
    // Codes by e-mail (Voter's Card) and SMS (Phone), and a reset link.
    const voter = await createMember(t.app, admin.organizationId, {
      password,
      id_number: "GHA-777111",
      phone_number: "+233 20 555 0199",
    });
    const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel;
    const election = await electionOfChannel(t.app, admin.cookie, channel.id);
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/open`);
    const url = `/api/elections/${election.id}/verification`;
    await call(t.app, voter.cookie).post(url, { method: "voters_card" });
    await call(t.app, voter.cookie).post(url, { method: "phone" });
    await t.app.inject({
      method: "POST",
      url: "/api/password-resets",
      payload: { email: voter.input.email },
    });

    const secrets: string[] = [password];
    const codeMail = (await t.outbox.to(voter.input.email)).find((m) => m.kind === "verification_code");
    const codeSms = await t.outbox.lastTo("+233 20 555 0199");
    const resetMail = (await t.outbox.to(voter.input.email)).find((m) => m.kind === "password_reset");
    for (const text of [codeMail?.text, codeSms?.text])
      secrets.push(/\b\d{6}\b/.exec(text ?? "")?.[0] ?? "missing");
    secrets.push(/reset-password\/([\w-]+)/.exec(resetMail?.text ?? "")?.[1] ?? "missing");
    expect(secrets).not.toContain("missing");

    // Send them all through a mail server that refuses each message, quoting its code and its link.
    const smtp = await startTestSmtp("refuse-transient");
    smtp.refusal = (raw) => {
      const flat = raw.replace(/=\r?\n/g, "");
      return `Refused ${/\b\d{6}\b/.exec(flat)?.[0] ?? ""} ${/\S*reset-password\/[\w-]+/.exec(flat)?.[0] ?? ""}`;
    };
    const email = smtpTransport(smtp.config);
    const clock = new ManualClock(new Date(Date.now() + 1000));
    const transports = { email, sms: developerOutbox, keepContent: false };
    await deliverDue({ db: t.database.db, clock, transports, log: t.app.log });
    smtp.mode = "accept";
    clock.advance(3_600_000);
    await deliverDue({ db: t.database.db, clock, transports, log: t.app.log });
    email.close?.();
    await smtp.close();

    expect(smtp.received.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes("outbox: send failed, will retry"))).toBe(true);
    const log = lines.join("\n");
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of secrets) expectNotLogged(log, secret);
    expect(lines.some((line) => line.includes("[redacted]"))).toBe(true);
  });
});
