import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twilioTransport, webhookTransport } from "./sms";
import { DeliveryError, type OutgoingMessage } from "./transport";

/** A local HTTP server standing in for the provider: it records each request and answers as told. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}
let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message: OutgoingMessage = {
  id: "6f1c1a52-0a54-4b55-9d0c-6b1b5c7f0e01",
  channel: "sms",
  to: "+233205550177",
  subject: "Your verification code",
  sender: "Harbour Rowing Club",
  text: "Harbour Rowing Club: your Votespace verification code is 123456. It is valid for 5 minutes.",
  html: null,
};
const sid = `AC${"0".repeat(32)}`;
const twilio = () =>
  twilioTransport({ accountSid: sid, authToken: "secret-token", from: "+15551234567", apiUrl: base });

describe("Twilio's Messages resource", () => {
  it("posts To, From and Body form-encoded with basic auth, and keeps the message's SID", async () => {
    answer = { status: 201, body: { sid: "SM0123", status: "queued" } };
    expect(await twilio().send(message)).toEqual({ providerId: "SM0123" });
    const request = seen.at(-1) as Seen;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${sid}:secret-token`).toString("base64")}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: "+233205550177",
      From: "+15551234567",
      Body: message.text,
    });
  });

  it("takes a 400 as a permanent refusal with Twilio's code and message; a 429 or 5xx as transient", async () => {
    answer = {
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    };
    const refused = await twilio()
      .send(message)
      .catch((error: DeliveryError) => error);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect(refused).toMatchObject({
      permanent: true,
      reason: "HTTP 400: 21211 The 'To' number is not a valid phone number.",
    });
    for (const status of [429, 503]) {
      answer = { status, body: { code: 20429, message: "Too Many Requests" } };
      await expect(twilio().send(message)).rejects.toMatchObject({ permanent: false });
    }
  });
});

describe("the JSON webhook", () => {
  it("posts { id, to, text } with the bearer token and the message id as Idempotency-Key", async () => {
    answer = { status: 200, body: { id: "gw-42" } };
    const webhook = webhookTransport({ url: `${base}/send`, token: "hook-token" });
    expect(await webhook.send(message)).toEqual({ providerId: "gw-42" });
    const request = seen.at(-1) as Seen;
    expect(request.url).toBe("/send");
    expect(request.headers.authorization).toBe("Bearer hook-token");
    expect(request.headers["idempotency-key"]).toBe(message.id);
    expect(JSON.parse(request.body)).toEqual({ id: message.id, to: message.to, text: message.text });
    answer = { status: 422, body: { error: "unknown number" } };
    await expect(webhook.send(message)).rejects.toMatchObject({
      permanent: true,
      reason: "HTTP 422: unknown number",
    });
  });
});
