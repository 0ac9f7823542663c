import type { FastifyInstance } from "fastify";
import { electionMessages, votingOpen } from "../../../contract/elections";
import { monitoringEndpoints } from "../../../contract/monitoring";
import type { AppContext } from "../../context";
import { route } from "../../http/endpoint";
import { forbidden } from "../../http/errors";
import { enforceLimits, type Limit } from "../../lib/rate-limit";
import { electionForMember } from "../elections/access";
import { requireAdmin } from "../organizations/policy";
import { resolveAlert } from "./alerts";
import { adminsTopic, announceAssessment } from "./announce";
import { blockSession, unblockSession } from "./blocking";
import {
  investigateSession,
  organizationAlerts,
  organizationElections,
  organizationSessions,
} from "./queries";
import { mayStillVote, reassessDevicePeers, recordSession } from "./sessions";
import { monitoringFigures } from "./stats";

/** Opening election channels: far more than a person does, few enough to stop a flood of sessions. */
const RECORD_LIMIT: Limit = { max: 120, windowSeconds: 15 * 60 };

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, bus } = ctx;
  const blockRisk = ctx.config.monitoringBlockRisk;

  route(app, monitoringEndpoints.record, async ({ params, body, auth, request, reply }) => {
    const user = auth.user;
    const election = await electionForMember(db, user, params.id);
    // A session is a voter at a ballot that takes votes: opening an upcoming or closed election's
    // channel is reading it, and no session to assess (it could never complete).
    const now = clock.now();
    const period = {
      status: election.status,
      starts_at: election.startsAt.toISOString(),
      ends_at: election.endsAt.toISOString(),
    };
    if (!votingOpen(period, now)) throw forbidden(electionMessages.notOpen);
    // Nor is one who can no longer vote here (voted, the organization suspended):
    // a session that could never complete would count as active and be flagged for a check never made.
    if (!(await mayStillVote(db, user.id, election))) return { recorded: false };
    await enforceLimits(db, clock, [{ key: `voting-session:${user.id}`, limit: RECORD_LIMIT }]);
    const assessed = await recordSession(
      db,
      now,
      { userId: user.id, organizationId: election.organizationId, electionId: params.id, ip: request.ip },
      body,
    );
    await announceAssessment(bus, assessed);
    for (const peer of await reassessDevicePeers(db, now, assessed.session))
      await announceAssessment(bus, peer);
    // Nothing about the session goes back to the voter: no id to watch, no score to probe.
    reply.code(201);
    return { recorded: true };
  });

  route(app, monitoringEndpoints.overview, async ({ params, query, auth }) => {
    const organizationId = params.id;
    const electionId = query.election_id;
    await requireAdmin(db, auth.user, organizationId);
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

  route(app, monitoringEndpoints.investigate, ({ params, auth }) =>
    investigateSession(db, auth.user, params.id, blockRisk),
  );

  route(app, monitoringEndpoints.resolveAlert, async ({ params, auth }) => {
    const { alert, changed } = await resolveAlert(db, auth.user, params.id, clock.now());
    if (changed) {
      await bus.publish(adminsTopic(alert.organizationId), "alert.resolved", {
        organization_id: alert.organizationId,
        alert_id: alert.id,
      });
    }
    return { id: alert.id, resolved: true, resolved_at: alert.resolvedAt?.toISOString() ?? null };
  });

  /** Told to the administrators; a block or unblock to the voter too (their ballot reads again whether they may vote). */
  const blockChanged = async (session: { id: string; organizationId: string; userId: string }) => {
    const payload = { organization_id: session.organizationId, session_id: session.id };
    await bus.publish(adminsTopic(session.organizationId), "voting_session.updated", payload);
    await bus.publish(`user:${session.userId}`, "voting_session.updated", payload);
  };

  route(app, monitoringEndpoints.block, async ({ params, auth }) => {
    const session = await blockSession(db, auth.user, params.id, blockRisk, clock.now());
    await blockChanged(session);
    return { id: session.id, status: session.status };
  });

  route(app, monitoringEndpoints.unblock, async ({ params, auth }) => {
    const session = await unblockSession(db, auth.user, params.id, clock.now());
    await blockChanged(session);
    return { id: session.id, status: session.status };
  });
}
