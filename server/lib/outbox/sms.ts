import type { TwilioConfig, WebhookConfig } from "../../config";
import { DeliveryError, type OutgoingMessage, shortReason, type Transport } from "./transport";

const HTTP_TIMEOUT_MS = 15_000;

/**
 * An SMS provider reached over HTTP. Adding one is writing its request and reading its answer:
 * 2xx is sent; 408, 429 and 5xx are transient; any other 4xx is a permanent refusal with the
 * provider's reason.
 */
async function post(request: { url: string; init: RequestInit }, reasonOf: (body: string) => string) {
  let response: Response;
  try {
    response = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    throw new DeliveryError(shortReason(`no answer from the SMS provider: ${(error as Error).name}`), false);
  }
  const body = await response.text().catch(() => "");
  if (response.ok) return body;
  const transient = response.status === 408 || response.status === 429 || response.status >= 500;
  throw new DeliveryError(shortReason(`HTTP ${response.status}: ${reasonOf(body)}`), !transient);
}

const jsonField = (body: string, read: (json: Record<string, unknown>) => unknown): unknown => {
  try {
    return read(JSON.parse(body) as Record<string, unknown>);
  } catch {
    return undefined;
  }
};

/**
 * Twilio's Messages resource: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
 * To, From (a number, or a Messaging Service SID starting MG) and Body, with HTTP basic auth
 * (Account SID, Auth Token). The answer is the message resource (its `sid`), or an error with
 * `code` and `message`.
 */
export function twilioTransport(config: TwilioConfig): Transport {
  const url = `${config.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(message: OutgoingMessage) {
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
      const body = await post(
        {
          url,
          init: {
            method: "POST",
            headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
            body: form.toString(),
          },
        },
        (text) => String(jsonField(text, (j) => `${j.code ?? ""} ${j.message ?? ""}`.trim()) ?? "refused"),
      );
      const sid = jsonField(body, (j) => j.sid);
      return typeof sid === "string" ? { providerId: sid } : {};
    },
  };
}

/**
 * A generic JSON webhook, for any provider or gateway of your own: POST `{ id, to, text }` with
 * `Authorization: Bearer <SMS_WEBHOOK_TOKEN>` when set, and `Idempotency-Key: <id>` (the same on
 * every attempt, so the receiver can drop a repeat). A 2xx answer may carry `{ "id": ... }`.
 */
export function webhookTransport(config: WebhookConfig): Transport {
  return {
    name: "sms webhook",
    async send(message: OutgoingMessage) {
      const body = await post(
        {
          url: config.url,
          init: {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "idempotency-key": message.id,
              ...(config.token && { authorization: `Bearer ${config.token}` }),
            },
            body: JSON.stringify({ id: message.id, to: message.to, text: message.text }),
          },
        },
        (text) => String(jsonField(text, (j) => j.error ?? j.message) ?? "refused"),
      );
      const id = jsonField(body, (j) => j.id);
      return typeof id === "string" ? { providerId: id } : {};
    },
  };
}
