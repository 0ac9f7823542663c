import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  electionMessages,
  electionServerMessages,
  type VerificationMethod,
  votingOpen,
} from "../../../contract/elections";
import { electionsEndpoints } from "../../../contract/elections-endpoints";
import { deliveredCodes } from "../../config";
import type { AppContext } from "../../context";
import { elections } from "../../db/schema";
import { currentUser } from "../../http/access";
import { route, routeWithSessionInWrite } from "../../http/endpoint";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { idParam } from "../../http/params";
import { representation, sendRepresentation } from "../../http/representation";
import { enforceLimits, forgiveHits } from "../../lib/rate-limit";
import type { User } from "../accounts/sessions";
import { votingMonitor } from "../monitoring/monitor";
import { requireActiveOrganization, requireMember } from "../organizations/policy";
import { electionAuditTrail } from "./audit";
import { boardServer } from "./board-cache";
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
import { noticeRoutes } from "./notice-routes";
import { type ElectionRow, loadElections } from "./queries";
import { electionFor, eligibleVoters, resultsCsv } from "./results";
import { electionRollFor, rollKind, setElectionRoll } from "./roll";
import { confirmVerification, startVerification } from "./verification";
import { sealAndAnnounce } from "./worker";

export function electionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus } = ctx;
  // Security monitoring follows each voter's verification and casting (never their choice).
  const monitor = votingMonitor(ctx, app.log);

  const changed = (row: ElectionRow) => announceElection(bus, row);
  // The verification codes that reach voters: a code method is offered only where they do.
  const codes = deliveredCodes(ctx.config);

  const e = electionsEndpoints;
  route(app, e.list, async ({ auth, params }) => {
    await requireMember(db, auth.user, params.id);
    const rows = await db
      .select()
      .from(elections)
      .where(eq(elections.organizationId, params.id))
      .orderBy(desc(elections.createdAt));
    return { elections: await loadElections(db, auth.user, rows, codes) };
  });

  route(app, e.ofChannel, async ({ auth, params }) => {
    const [row] = await db
      .select({ id: elections.id })
      .from(elections)
      .where(eq(elections.channelId, params.id));
    if (!row) throw notFound(electionServerMessages.electionNotFound);
    return electionFor(db, auth.user, row.id, codes);
  });

  route(app, e.get, ({ auth, params }) => electionFor(db, auth.user, params.id, codes));

  route(app, e.voters, async ({ auth, params }) => ({
    voters: await eligibleVoters(db, auth.user, params.id),
    roll: await rollKind(db, params.id),
  }));

  route(app, e.roll, ({ auth, params }) => electionRollFor(db, auth.user, params.id));

  route(app, e.setRoll, async ({ auth, params, body }) => {
    const { roll, election } = await setElectionRoll(db, auth.user, params.id, body);
    await changed(election);
    return roll;
  });

  route(app, e.resultsCsv, async ({ auth, params, reply }) => {
    const { filename, csv } = await resultsCsv(db, auth.user, params.id, codes);
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`);
    return csv;
  });

  route(app, e.audit, async ({ auth, params }) => ({
    entries: await electionAuditTrail(db, auth.user, params.id),
  }));

  const boards = boardServer(db, representation);
  route(app, e.bulletin, async ({ params, request, reply }) =>
    sendRepresentation(request, reply, await boards(params.id)),
  );

  const verificationContext = (request: FastifyRequest) => ({
    db,
    clock,
    secretKey: ctx.config.secretKey,
    ip: request.ip,
    monitor,
  });

  /**
   * Every attempt counts against the account and the address, and a grant takes back the attempts
   * that earned it (the confirm and the start that sent its code) from both: so only failures are
   * counted (wrong numbers and codes, and codes still unconfirmed). A voter who votes in several
   * elections in a row, or a polling station's voters behind one address, are never refused for
   * succeeding. (A code asked from one address and confirmed from another takes two back from the
   * second: at most one failure more per successful check of one's own, never below zero.)
   */
  const limitVerification = async (request: FastifyRequest) => {
    const account = `verify:account:${currentUser(request).id}`;
    const address = `verify:ip:${request.ip}`;
    await enforceLimits(db, clock, [
      { key: account, limit: ctx.limits.verifyPerAccount },
      { key: address, limit: ctx.limits.verifyPerIp },
    ]);
    return { verified: (attempts: number) => forgiveHits(db, [account, address], attempts) };
  };

  /**
   * The election, checked to be open by the server's clock and the voter to be on its roll (no grant
   * for a vote that cannot be taken, and such a refusal is no attempt), and to offer this method (the
   * channel's security settings decide).
   */
  const offering = async (request: FastifyRequest, method: VerificationMethod) => {
    const election = await electionFor(db, currentUser(request), idParam(request.params), codes);
    if (!votingOpen(election, clock.now())) throw forbidden(electionMessages.notOpen);
    // No code is sent, and no grant made, to someone who cannot vote here.
    if (!election.viewer.on_roll) throw forbidden(electionServerMessages.notOnRoll);
    if (!election.verification_methods.includes(method))
      throw badRequest(electionServerMessages.methodUnavailable);
    // A suspended organization's members may read but not verify or vote.
    await requireActiveOrganization(db, election.organization_id);
    if (election.requires_two_factor && !currentUser(request).totpEnabled) {
      throw forbidden(electionMessages.twoFactorNeeded);
    }
    const limit = await limitVerification(request);
    return { election, limit };
  };

  route(app, e.startVerification, async ({ body: input, request }) => {
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

  route(app, e.confirmVerification, async ({ body: input, request }) => {
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

  // The cast reads its session inside its one write (casting.ts castVote).
  routeWithSessionInWrite(app, e.cast, async ({ session, params, body, request, reply }) => {
    // No realtime event per ballot: screens refresh when a seal discloses a batch (worker.ts).
    const result = await castVote({
      db,
      clock,
      by: { session },
      electionId: params.id,
      input: body,
      monitor,
      ip: request.ip,
      guard: ctx,
    });
    reply.code(201);
    return result;
  });

  const lifecycle = [
    [e.open, (user: User, id: string) => openEarly(db, clock, user, id, ctx.publicOrigin)],
    [e.close, (user: User, id: string) => closeEarly(db, clock, user, id, ctx.publicOrigin)],
    [e.cancel, (user: User, id: string) => cancelElection(db, clock, user, id, ctx.publicOrigin)],
  ] as const;
  for (const [declared, act] of lifecycle) {
    route(app, declared, async ({ auth, params, request }) => {
      const row = await act(auth.user, params.id);
      if (row.status !== "active") await sealAndAnnounce(ctx, request.log, { electionId: row.id });
      await changed(row);
      return electionFor(db, auth.user, row.id, codes);
    });
  }

  route(app, e.extend, async ({ auth, params, body }) => {
    const row = await extendElection(db, clock, auth.user, params.id, body);
    await changed(row);
    return electionFor(db, auth.user, row.id, codes);
  });

  route(app, e.setOptions, async ({ auth, params, body }) => {
    const row = await setResultsHidden(db, auth.user, params.id, body.results_hidden, {
      clock,
      origin: ctx.publicOrigin,
    });
    await changed(row);
    return electionFor(db, auth.user, row.id, codes);
  });

  noticeRoutes(app, ctx);

  route(app, e.setDefinition, async ({ auth, params, body }) => {
    const row = await updateDefinition(db, auth.user, params.id, body, clock.now());
    await changed(row);
    return electionFor(db, auth.user, row.id, codes);
  });
}
