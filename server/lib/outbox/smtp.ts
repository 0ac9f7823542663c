import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { SmtpConfig } from "../../config";
import { DeliveryError, type OutgoingMessage, shortReason, type Transport } from "./transport";

/** How long a mail server may take: to connect, to greet, and between any two replies. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * E-mail over SMTP (nodemailer, pooled connections). A 5xx reply is a permanent refusal of this
 * message; a 4xx reply, a timeout or a lost connection is transient and retried.
 */
export function smtpTransport(config: SmtpConfig, timeouts: Partial<typeof TIMEOUTS> = {}): Transport {
  const transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.security === "tls",
    requireTLS: config.security === "starttls",
    ignoreTLS: config.security === "none",
    ...(config.user && { auth: { user: config.user, pass: config.password } }),
    pool: true,
    maxConnections: 5,
    ...TIMEOUTS,
    ...timeouts,
    // nodemailer's own log would print the conversation, and with it every code and link.
    logger: false,
    debug: false,
  });
  // The configured sender, "Name <address>" or the bare address, read as nodemailer reads it.
  const [sender] = addressparser(config.from, { flatten: true });
  const address = sender?.address ?? config.from;
  const name = sender?.name || "Votespace";
  const domain = address.replace(/^.*@/, "") || "votespace.local";
  return {
    name: "smtp",
    async send(message: OutgoingMessage) {
      try {
        const info = await transporter.sendMail({
          // An organization's message names it, on the platform's address: "Riverside Union via Votespace".
          from: message.sender ? { name: `${message.sender} via ${name}`, address } : config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html && { html: message.html }),
          // The same id on every attempt: a receiving server or client can tell a retry from a new message.
          messageId: `<${message.id}@${domain}>`,
        });
        return { providerId: info.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close: () => transporter.close(),
  };
}

function smtpFailure(error: unknown): DeliveryError {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof e.responseCode === "number") {
    return new DeliveryError(shortReason(e.response ?? `SMTP ${e.responseCode}`), e.responseCode >= 500);
  }
  return new DeliveryError(
    shortReason(`${e.code ?? "error"}: ${e.message ?? "the mail server did not answer"}`),
    false,
  );
}
