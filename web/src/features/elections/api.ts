import type {
  Bulletin,
  CastVoteInput,
  CastVoteResult,
  Election,
  ElectionAuditEntry,
  ElectionDefinitionInput,
  EligibleVoter,
  VerificationMethod,
  VerificationResult,
  VerificationStart,
} from "../../../../contract/elections";
import { api } from "../../api/http";

/** A message the developer outbox holds (what the embedded notifier "sent"). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

export type StartVerification =
  | { method: "national_id"; id_number: string }
  | { method: Exclude<VerificationMethod, "national_id"> };

const election = (id: string) => `/api/elections/${encodeURIComponent(id)}`;

export const electionsApi = {
  list: (organizationId: string) =>
    api<{ elections: Election[] }>(
      "GET",
      `/api/organizations/${encodeURIComponent(organizationId)}/elections`,
    ),
  ofChannel: (channelId: string) =>
    api<Election>("GET", `/api/channels/${encodeURIComponent(channelId)}/election`),
  get: (id: string) => api<Election>("GET", election(id)),
  voters: (id: string) => api<{ voters: EligibleVoter[] }>("GET", `${election(id)}/voters`),
  /** A plain link (the browser downloads it with the session cookie). */
  csvUrl: (id: string) => `${election(id)}/results.csv`,
  bulletin: (id: string) => api<Bulletin>("GET", `${election(id)}/bulletin`),
  startVerification: (id: string, input: StartVerification) =>
    api<VerificationStart>("POST", `${election(id)}/verification`, input),
  confirmVerification: (id: string, input: { method: "voters_card" | "phone"; code: string }) =>
    api<VerificationResult>("POST", `${election(id)}/verification/confirm`, input),
  cast: (id: string, input: CastVoteInput) => api<CastVoteResult>("POST", `${election(id)}/ballots`, input),
  open: (id: string) => api<Election>("POST", `${election(id)}/open`),
  close: (id: string) => api<Election>("POST", `${election(id)}/close`),
  cancel: (id: string) => api<Election>("POST", `${election(id)}/cancel`),
  extend: (id: string, input: { end_date: string; end_time: string }) =>
    api<Election>("POST", `${election(id)}/extend`, input),
  setOptions: (id: string, input: { results_hidden: boolean }) =>
    api<Election>("PATCH", `${election(id)}/options`, input),
  setDefinition: (id: string, input: ElectionDefinitionInput) =>
    api<Election>("PUT", `${election(id)}/definition`, input),
  audit: (id: string) => api<{ entries: ElectionAuditEntry[] }>("GET", `${election(id)}/audit`),
  outbox: () => api<{ messages: OutboxMessage[] }>("GET", "/api/dev/outbox"),
};
