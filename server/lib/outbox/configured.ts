import type { Config } from "../../config";
import { twilioTransport, webhookTransport } from "./sms";
import { developerOutbox, sparingDemoPeople, type Transport, type Transports } from "./transport";

/**
 * The transports the configuration names (config.ts, DeliveryConfig). SMTP's (nodemailer) is
 * imported only when SMTP is configured; the demo's people's mail never goes to it (sparingDemoPeople).
 */
export async function configuredTransports(config: Pick<Config, "delivery" | "demo">): Promise<Transports> {
  const { email, sms } = config.delivery;
  let smsTransport: Transport = developerOutbox;
  if (sms.kind === "twilio") smsTransport = twilioTransport(sms);
  if (sms.kind === "webhook") smsTransport = webhookTransport(sms);
  return {
    email:
      email.kind === "smtp"
        ? sparingDemoPeople((await import("./smtp")).smtpTransport(email))
        : developerOutbox,
    sms: smsTransport,
    keepContent: config.demo,
  };
}

/** Closes what the transports hold open (SMTP connections). */
export async function closeTransports(transports: Transports): Promise<void> {
  await transports.email.close?.();
  await transports.sms.close?.();
}
