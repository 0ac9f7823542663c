import type { MonitoredSession, SecurityAlert } from "../../../contract/monitoring";
import type { DeviceInfo } from "../../../contract/voting-sessions";
import { resultsPending } from "../elections/queries";
import type { AlertRow } from "./alerts";
import type { SessionRow } from "./rules/types";

/** What the browser reported, limited to the fields the contract names (stored values were parsed with it). */
function deviceInfoOf(stored: Record<string, unknown>): Partial<DeviceInfo> {
  const info = stored as Partial<DeviceInfo>;
  const picked: Partial<DeviceInfo> = {
    userAgent: info.userAgent,
    platform: info.platform,
    language: info.language,
    cookieEnabled: info.cookieEnabled,
    onLine: info.onLine,
    screen: info.screen,
    timezone: info.timezone,
    webdriver: info.webdriver,
    mobile: info.mobile,
  };
  return Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== undefined));
}

/** An election whose voting is over (completed or cancelled: no longer upcoming or active), where a block stops no vote. */
export const votingOver = (status: string | null) => status !== null && !resultsPending(status);

/**
 * A session as the organization's administrators see it: who, from where, on what, how risky and
 * why. Never anything of a ballot (sessions hold none).
 */
export function presentSession(
  row: SessionRow & {
    fullName: string;
    email: string;
    electionTitle: string | null;
    electionStatus: string | null;
  },
): MonitoredSession {
  return {
    id: row.id,
    user_id: row.userId,
    full_name: row.fullName,
    email: row.email,
    election_id: row.electionId,
    election_title: row.electionTitle,
    voting_over: votingOver(row.electionStatus),
    ip_address: row.ipAddress,
    device_hash: row.deviceHash,
    location: row.location ?? null,
    device_info: deviceInfoOf(row.deviceInfo),
    status: row.status,
    risk_score: row.riskScore,
    risk_rules: row.riskRules.map((hit) => ({ rule: hit.rule, weight: hit.weight, detail: hit.detail })),
    verification: row.verification,
    failed_verifications: row.failedVerifications,
    duplicate_attempts: row.duplicateAttempts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentAlert(row: AlertRow & { fullName: string | null }): SecurityAlert {
  return {
    id: row.id,
    session_id: row.sessionId,
    user_id: row.userId,
    full_name: row.fullName,
    type: row.type,
    severity: row.severity,
    rule: row.rule,
    description: row.description,
    resolved: row.resolvedAt !== null,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
