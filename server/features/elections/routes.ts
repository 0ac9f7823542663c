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
} from "../../../contract/elections";
import type { AppContext } from "../../context";
import { elections } from "../../db/schema";
import { currentUser } from "../../http/access";
import { badRequest, forbidden, notFound, parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { enforceLimits } from "../../lib/rate-limit";
import { votingMonitor } from "../monitoring/monitor";
import { requireActiveOrganization, requireMember } from "../organizations/policy";
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
import { sealPending } from "./sealing";
import { confirmVerification, startVerification } from "./verification";

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
  const limitVerification = (request: FastifyRequest) =>
    enforceLimits(db, clock, [
      { key: `verify:account:${currentUser(request).id}`, limit: ctx.limits.verifyPerAccount },
      { key: `verify:ip:${request.ip}`, limit: ctx.limits.verifyPerIp },
    ]);

  /** The election, checked to offer this method (the channel's security settings decide). */
  const offering = async (request: FastifyRequest, method: VerificationMethod) => {
    const election = await electionFor(db, currentUser(request), idParam(request.params));
    if (!election.verification_methods.includes(method)) throw badRequest(electionMessages.methodUnavailable);
    // A suspended organization's members may read but not verify or vote.
    await requireActiveOrganization(db, election.organization_id);
    if (election.requires_two_factor && !currentUser(request).totpEnabled) {
      throw forbidden(electionMessages.twoFactorNeeded);
    }
    await limitVerification(request);
    return election;
  };

  app.post("/api/elections/:id/verification", voter, async (request) => {
    const input = parse(startVerificationInput, request.body);
    const election = await offering(request, input.method);
    return startVerification(verificationContext(request), currentUser(request), election.id, input);
  });

  app.post("/api/elections/:id/verification/confirm", voter, async (request) => {
    const input = parse(confirmVerificationInput, request.body);
    const election = await offering(request, input.method);
    return confirmVerification(verificationContext(request), currentUser(request), election.id, input);
  });

  app.post("/api/elections/:id/ballots", voter, async (request, reply) => {
    const input = parse(castVoteInput, request.body);
    const electionId = idParam(request.params);
    const { organizationId, ...result } = await castVote({
      db,
      clock,
      voter: currentUser(request),
      electionId,
      input,
      monitor,
      ip: request.ip,
    });
    await bus.publish(`org:${organizationId}`, "vote.cast", {
      election_id: electionId,
      organization_id: organizationId,
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
      if (row.status === "completed") await sealPending(db);
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
