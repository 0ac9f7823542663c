import type { Bus } from "../../realtime/bus";
import type { Assessment } from "./assess";

/**
 * After commit: the session changed, and each alert raised with it. Ids only (the admin screen
 * refetches; members, who receive org:{id} too, ignore these events).
 */
export async function announceAssessment(bus: Bus, { session, alertIds }: Assessment): Promise<void> {
  const topic = `org:${session.organizationId}` as const;
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
