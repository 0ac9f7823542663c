import type { Bus } from "../../realtime/bus";
import type { Assessment } from "./assess";

/** The organization's administrators' topic (only they may watch it): monitoring, join requests, reports. */
export const adminsTopic = (organizationId: string) => `admins:${organizationId}` as const;

/** After commit: the session changed, and each alert raised with it. Ids only (the admin screen refetches). */
export async function announceAssessment(bus: Bus, { session, alertIds }: Assessment): Promise<void> {
  const topic = adminsTopic(session.organizationId);
  await bus.publish(topic, "voting_session.updated", {
    organization_id: session.organizationId,
    session_id: session.id,
  });
  for (const alertId of alertIds) {
    await bus.publish(topic, "alert.created", {
      organization_id: session.organizationId,
      alert_id: alertId,
      session_id: session.id,
    });
  }
}
