/** What the worker hands a transport: the message as queued, with its outbox id. */
export interface OutgoingMessage {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string;
  /** The organization that sends it (named in an e-mail's From), or null for Votespace's own. */
  sender: string | null;
  text: string;
  html: string | null;
}

/** Sends one message now. Resolves with the provider's id of the message, when it gives one. */
export interface Transport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<{ providerId?: string }>;
  close?(): Promise<void> | void;
}

/**
 * A send that did not happen. Permanent: the provider refused this message for good (an SMTP 5xx,
 * an HTTP 4xx), so it is recorded as failed at once. Otherwise it is retried with backoff.
 */
export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

/** The transports of one process: one for e-mail, one for SMS. */
export interface Transports {
  email: Transport;
  sms: Transport;
  /**
   * Keep a message's body once it has left: only the developer outbox on a demo server, which shows
   * it. Elsewhere a sent body (a code, a reset link) would be a second copy of a secret.
   */
  keepContent: boolean;
}

/** The embedded default: nothing leaves; the row in the outbox table is the developer outbox. */
export const developerOutbox: Transport = {
  name: "developer outbox",
  async send() {
    return {};
  },
};

/**
 * The demo data's people's domain (features/demo): made up, so no mail server can deliver to it. Mail
 * to it stays in the developer outbox even where a mail server is configured: the demo's notices
 * (results, voting open: about 200 in a demo server's first minutes) would otherwise go to the
 * configured relay, bounce, and count against its sender.
 */
export const DEMO_MAIL_DOMAIN = "demo.votespace.local";

/** `transport` for everyone but the demo's people, whose mail stays in the developer outbox. */
export function sparingDemoPeople(transport: Transport): Transport {
  return {
    name: transport.name,
    send: (message) =>
      message.to.toLowerCase().endsWith(`@${DEMO_MAIL_DOMAIN}`)
        ? developerOutbox.send(message)
        : transport.send(message),
    close: () => transport.close?.(),
  };
}

/** A reason as the outbox records it: one line, bounded (a provider may answer at length). */
export const shortReason = (reason: string) => reason.replace(/\s+/g, " ").trim().slice(0, 500);
