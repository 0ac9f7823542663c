import { endpoint, typedAnswer } from "./endpoint";

/** A message the developer outbox holds (what the outbox kept instead of sending it). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  /** Empty when it is not kept (a message that expired unsent). */
  body: string;
  created_at: string;
  /** Where it stands: waiting, being sent, sent, or given up (`failure` says why). */
  state: "queued" | "sending" | "sent" | "failed";
  failure: string | null;
}

/** The developer outbox: a demo server's, to requests from its own machine (a 404 elsewhere). */
export const devEndpoints = {
  outbox: endpoint({
    method: "GET",
    path: "/api/dev/outbox",
    access: "public",
    response: typedAnswer<{ messages: OutboxMessage[] }>(),
  }),
};
