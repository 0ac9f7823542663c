import type { FastifyInstance } from "fastify";
import { monitoringQuery, recordSessionInput } from "../../../contract/monitoring";
import type { AppContext } from "../../context";
import { currentUser } from "../../http/access";
import { parse } from "../../http/errors";
import { idParam, noBody } from "../../http/params";
import { enforceLimits, type Limit } from "../../lib/rate-limit";
import { electionForMember } from "../elections/access";
import { requireAdmin } from "../organizations/policy";
import { resolveAlert } from "./alerts";
import { announceAssessment, monitoringTopic } from "./announce";
import { blockSession, unblockSession } from "./blocking";
import {
  investigateSession,
  organizationAlerts,
  organizationElections,
  organizationSessions,
} from "./queries";
import { recordSession } from "./sessions";
import { monitoringFigures } from "./stats";

/** Opening election channels: far more than a person does, few enough to stop a flood of sessions. */
const RECORD_LIMIT: Limit = { max: 120, windowSeconds: 15 * 60 };

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus } = ctx;
  const voter = { config: { access: "voter" as const } };
  const admin = { config: { access: "organization" as const } };
  const blockRisk = ctx.config.monitoringBlockRisk;

  /** A voter opened an election channel (and, later, allowed geolocation). */
  app.post("/api/elections/:id/voting-sessions", voter, async (request, reply) => {
    const electionId = idParam(request.params);
    const input = parse(recordSessionInput, request.body);
    const user = currentUser(request);
    const election = await electionForMember(db, user, electionId);
    await enforceLimits(db, clock, [{ key: `voting-session:${user.id}`, limit: RECORD_LIMIT }]);
    const assessed = await recordSession(
      db,
      clock.now(),
      { userId: user.id, organizationId: election.organizationId, electionId, ip: request.ip },
      input,
    );
    await announceAssessment(bus, assessed);
    // Nothing about the session goes back to the voter: no id to watch, no score to probe.
    return reply.code(201).send({ recorded: true });
  });

  /** The monitoring screen: stat cards, sessions, alerts and analytics, read together. */
  app.get("/api/organizations/:id/monitoring", admin, async (request) => {
    const organizationId = idParam(request.params);
    const { election_id: electionId } = parse(monitoringQuery, request.query);
    await requireAdmin(db, currentUser(request), organizationId);
    const updatedAt = clock.now();
    const [sessions, alerts, figures, electionList] = await Promise.all([
      organizationSessions(db, organizationId, electionId),
      organizationAlerts(db, organizationId),
      monitoringFigures(db, organizationId),
      organizationElections(db, organizationId),
    ]);
    return {
      updated_at: updatedAt.toISOString(),
      block_risk: blockRisk,
      ...figures,
      elections: electionList,
      election_id: electionId ?? null,
      sessions,
      alerts,
    };
  });

  app.get("/api/monitoring/sessions/:id", admin, (request) =>
    investigateSession(db, currentUser(request), idParam(request.params), blockRisk),
  );

  app.post("/api/monitoring/alerts/:id/resolve", admin, async (request) => {
    const alertId = idParam(request.params);
    noBody(request.body);
    const { alert, changed } = await resolveAlert(db, currentUser(request), alertId, clock.now());
    if (changed) {
      await bus.publish(monitoringTopic(alert.organizationId), "alert.resolved", {
        organization_id: alert.organizationId,
        alert_id: alert.id,
      });
    }
    return { id: alert.id, resolved: true, resolved_at: alert.resolvedAt?.toISOString() ?? null };
  });

  const sessionChanged = (session: { id: string; organizationId: string }) =>
    bus.publish(monitoringTopic(session.organizationId), "voting_session.updated", {
      organization_id: session.organizationId,
      session_id: session.id,
    });

  app.post("/api/monitoring/sessions/:id/block", admin, async (request) => {
    const sessionId = idParam(request.params);
    noBody(request.body);
    const session = await blockSession(db, currentUser(request), sessionId, blockRisk, clock.now());
    await sessionChanged(session);
    return { id: session.id, status: session.status };
  });

  app.post("/api/monitoring/sessions/:id/unblock", admin, async (request) => {
    const sessionId = idParam(request.params);
    noBody(request.body);
    const session = await unblockSession(db, currentUser(request), sessionId, clock.now());
    await sessionChanged(session);
    return { id: session.id, status: session.status };
  });
}
