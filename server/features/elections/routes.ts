import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  castVoteInput,
  confirmVerificationInput,
  electionDefinitionInput,
  electionMessages,
  electionOptionsInput,
  extendElectionInput,
  startVerificationInput,
  type VerificationMethod,
  votingOpen,
} from "../../../contract/elections";
import type { AppContext } from "../../context";
import { elections } from "../../db/schema";
import { currentUser } from "../../http/access";
import { badRequest, forbidden, notFound, parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { enforceLimits, forgiveHits } from "../../lib/rate-limit";
import { votingMonitor } from "../monitoring/monitor";
import { requireActiveOrganization, requireMember } from "../organizations/policy";
import { electionAuditTrail } from "./audit";
import { bulletinBoard } from "./bulletin";
import { castVote } from "./casting";
import {
  announceElection,
  cancelElection,
  closeEarly,
  extendElection,
  openEarly,
  setResultsHidden,
  updateDefinition,
} from "./lifecycle";
import { type ElectionRow, loadElections } from "./queries";
import { electionFor, eligibleVoters, resultsCsv } from "./results";
import { confirmVerification, startVerification } from "./verification";
import { sealAndAnnounce } from "./worker";

export function electionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus } = ctx;
  const member = { config: { access: "user" as const } };
  const voter = { config: { access: "voter" as const } };
  const admin = { config: { access: "organization" as const } };
  // Security monitoring follows each voter's verification and casting (never their choice).
  const monitor = votingMonitor(ctx, app.log);

  const changed = (row: ElectionRow) => announceElection(bus, row);

  app.get("/api/organizations/:id/elections", member, async (request) => {
    const organizationId = idParam(request.params);
    const user = currentUser(request);
    await requireMember(db, user, organizationId);
    const rows = await db
      .select()
      .from(elections)
      .where(eq(elections.organizationId, organizationId))
      .orderBy(desc(elections.createdAt));
    return { elections: await loadElections(db, user, rows) };
  });

  app.get("/api/channels/:id/election", member, async (request) => {
    const [row] = await db
      .select({ id: elections.id })
      .from(elections)
      .where(eq(elections.channelId, idParam(request.params)));
    if (!row) throw notFound(electionMessages.electionNotFound);
    return electionFor(db, currentUser(request), row.id);
  });

  app.get("/api/elections/:id", member, (request) =>
    electionFor(db, currentUser(request), idParam(request.params)),
  );

  app.get("/api/elections/:id/voters", member, async (request) => ({
    voters: await eligibleVoters(db, currentUser(request), idParam(request.params)),
  }));

  app.get("/api/elections/:id/results.csv", member, async (request, reply) => {
    const { filename, csv } = await resultsCsv(db, currentUser(request), idParam(request.params));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .send(csv);
  });

  app.get("/api/elections/:id/audit", admin, async (request) => ({
    entries: await electionAuditTrail(db, currentUser(request), idParam(request.params)),
  }));

  app.get("/api/elections/:id/bulletin", { config: { access: "public" } }, (request) =>
    bulletinBoard(db, idParam(request.params)),
  );

  const verificationContext = (request: FastifyRequest) => ({
    db,
    clock,
    notifier: ctx.notifier,
    secretKey: ctx.config.secretKey,
    ip: request.ip,
    monitor,
  });
  /**
   * Every attempt counts against the address; against the account, only failures do: a grant takes
   * back the attempts that earned it (the confirm and the start that sent its code), so a voter who
   * votes in several elections in a row is never refused for succeeding (wrong numbers and codes,
   * and codes still unconfirmed, stay counted).
   */
  const limitVerification = async (request: FastifyRequest) => {
    const account = `verify:account:${currentUser(request).id}`;
    await enforceLimits(db, clock, [
      { key: account, limit: ctx.limits.verifyPerAccount },
      { key: `verify:ip:${request.ip}`, limit: ctx.limits.verifyPerIp },
    ]);
    return { verified: (attempts: number) => forgiveHits(db, [account], attempts) };
  };

  /**
   * The election, checked to be open by the server's clock (no grant for an election that cannot
   * take a vote, and such a refusal is no attempt) and to offer this method (the channel's security
   * settings decide).
   */
  const offering = async (request: FastifyRequest, method: VerificationMethod) => {
    const election = await electionFor(db, currentUser(request), idParam(request.params));
    if (!votingOpen(election, clock.now())) throw forbidden(electionMessages.notOpen);
    if (!election.verification_methods.includes(method)) throw badRequest(electionMessages.methodUnavailable);
    // A suspended organization's members may read but not verify or vote.
    await requireActiveOrganization(db, election.organization_id);
    if (election.requires_two_factor && !currentUser(request).totpEnabled) {
      throw forbidden(electionMessages.twoFactorNeeded);
    }
    const limit = await limitVerification(request);
    return { election, limit };
  };

  app.post("/api/elections/:id/verification", voter, async (request) => {
    const input = parse(startVerificationInput, request.body);
    const { election, limit } = await offering(request, input.method);
    const result = await startVerification(
      verificationContext(request),
      currentUser(request),
      election.id,
      input,
    );
    if (result.status === "verified") await limit.verified(1);
    return result;
  });

  app.post("/api/elections/:id/verification/confirm", voter, async (request) => {
    const input = parse(confirmVerificationInput, request.body);
    const { election, limit } = await offering(request, input.method);
    const result = await confirmVerification(
      verificationContext(request),
      currentUser(request),
      election.id,
      input,
    );
    await limit.verified(2);
    return result;
  });

  app.post("/api/elections/:id/ballots", voter, async (request, reply) => {
    const input = parse(castVoteInput, request.body);
    const electionId = idParam(request.params);
    // No realtime event per ballot: screens refresh when a seal discloses a batch (worker.ts).
    const result = await castVote({
      db,
      clock,
      voter: currentUser(request),
      electionId,
      input,
      monitor,
      ip: request.ip,
      guard: ctx,
    });
    return reply.code(201).send(result);
  });

  const lifecycle = [
    [
      "open",
      (request: FastifyRequest) => openEarly(db, clock, currentUser(request), idParam(request.params)),
    ],
    [
      "close",
      (request: FastifyRequest) => closeEarly(db, clock, currentUser(request), idParam(request.params)),
    ],
    [
      "cancel",
      (request: FastifyRequest) => cancelElection(db, currentUser(request), idParam(request.params)),
    ],
  ] as const;
  for (const [verb, act] of lifecycle) {
    app.post(`/api/elections/:id/${verb}`, admin, async (request) => {
      noBody(request.body);
      const row = await act(request);
      if (row.status !== "active") await sealAndAnnounce(ctx, request.log, { electionId: row.id });
      await changed(row);
      return electionFor(db, currentUser(request), row.id);
    });
  }

  app.post("/api/elections/:id/extend", admin, async (request) => {
    const input = parse(extendElectionInput, request.body);
    const row = await extendElection(db, clock, currentUser(request), idParam(request.params), input);
    await changed(row);
    return electionFor(db, currentUser(request), row.id);
  });

  app.patch("/api/elections/:id/options", admin, async (request) => {
    const { results_hidden } = parse(electionOptionsInput, request.body);
    const row = await setResultsHidden(db, currentUser(request), idParam(request.params), results_hidden);
    await changed(row);
    return electionFor(db, currentUser(request), row.id);
  });

  app.put("/api/elections/:id/definition", admin, async (request) => {
    const input = parse(electionDefinitionInput, request.body);
    const row = await updateDefinition(db, currentUser(request), idParam(request.params), input);
    await changed(row);
    return electionFor(db, currentUser(request), row.id);
  });
}
