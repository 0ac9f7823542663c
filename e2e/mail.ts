import type { ReceivedMail } from "../server/lib/outbox/test-fixtures/smtp";

/* Reading what the journeys' real SMTP server received (server/lib/outbox/test-fixtures/smtp.ts). */

/** Quoted-printable undone: soft line breaks joined, =XX escapes decoded as UTF-8. */
export function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (hex?.[1]) {
      bytes.push(Number.parseInt(hex[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? ""));
  }
  return Buffer.from(bytes).toString("utf8");
}

export const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? "";

/** The body of the mail's part of that type (text/plain or text/html), its transfer encoding undone. */
export function partOf(mail: ReceivedMail, type: "text/plain" | "text/html"): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) throw new Error(`the mail to ${mail.to} is not multipart`);
  const part = mail.raw
    .split(`--${boundary}`)
    .find((chunk) => new RegExp(`^\\s*Content-Type: ${type}`, "i").test(chunk));
  if (!part) throw new Error(`no ${type} part in the mail to ${mail.to}`);
  const [headers = "", ...body] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
  const text = body.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(text, "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decoded(text);
  return text;
}
