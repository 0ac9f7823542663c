import type {
  MonitoringOverview,
  RecordSessionInput,
  SessionInvestigation,
  SessionStatus,
} from "../../../../contract/monitoring";
import { api } from "../../api/http";

const id = encodeURIComponent;

export const monitoringApi = {
  overview: (organizationId: string, electionId: string | null = null) =>
    api<MonitoringOverview>(
      "GET",
      `/api/organizations/${id(organizationId)}/monitoring${electionId ? `?election_id=${id(electionId)}` : ""}`,
    ),
  investigate: (sessionId: string) =>
    api<SessionInvestigation>("GET", `/api/monitoring/sessions/${id(sessionId)}`),
  resolve: (alertId: string) =>
    api<{ id: string; resolved: true; resolved_at: string | null }>(
      "POST",
      `/api/monitoring/alerts/${id(alertId)}/resolve`,
    ),
  block: (sessionId: string) =>
    api<{ id: string; status: SessionStatus }>("POST", `/api/monitoring/sessions/${id(sessionId)}/block`),
  unblock: (sessionId: string) =>
    api<{ id: string; status: SessionStatus }>("POST", `/api/monitoring/sessions/${id(sessionId)}/unblock`),
  record: (electionId: string, body: RecordSessionInput) =>
    api<{ recorded: true }>("POST", `/api/elections/${id(electionId)}/voting-sessions`, body),
};
