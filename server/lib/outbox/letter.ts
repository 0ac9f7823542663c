/**
 * One message written once and rendered twice: the plain-text and the HTML part of an e-mail come
 * from the same blocks, so they never say different things. An SMS has its own short line.
 */
export interface LetterParts {
  kind: string;
  subject: string;
  /** Who sends it: the organization, or Votespace itself for account messages. */
  from: string;
  paragraphs: string[];
  /** A one-time code, set apart so it is easy to read and copy. */
  code?: string;
  /** The one thing to do, as a button in HTML and a bare link in text. */
  action?: { label: string; url: string };
  /** Why the person receives this message. */
  reason: string;
  /** The SMS text, when the message can go by SMS; else the first paragraph. */
  sms?: string;
}

export interface Letter {
  kind: string;
  subject: string;
  /** The organization that sends it, named in the e-mail's From; null: Votespace's own (an account's). */
  sender: string | null;
  text: string;
  html: string;
  sms: string;
}

export function letter(parts: LetterParts): Letter {
  return {
    kind: parts.kind,
    subject: parts.subject,
    sender: parts.from === "Votespace" ? null : parts.from,
    text: plainText(parts),
    html: html(parts),
    sms: parts.sms ?? parts.paragraphs[0] ?? parts.subject,
  };
}

function plainText(parts: LetterParts): string {
  const lines = [...parts.paragraphs];
  if (parts.code) lines.splice(1, 0, `    ${parts.code}`);
  if (parts.action) lines.push(`${parts.action.label}: ${parts.action.url}`);
  lines.push("-- ", sentBy(parts.from), parts.reason);
  return `${lines.join("\n\n")}\n`;
}

const sentBy = (from: string) =>
  from === "Votespace" ? "Sent by Votespace." : `Sent by ${from} through Votespace.`;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

// Inline styles only: mail clients drop style sheets. Colours are the theme's (web/src/ui/theme.css).
function html(parts: LetterParts): string {
  const body = parts.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`);
  if (parts.code) {
    body.splice(
      1,
      0,
      `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(parts.code)}</p>`,
    );
  }
  if (parts.action) {
    const url = escapeHtml(parts.action.url);
    body.push(
      `<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#4f46e5;color:#ffffff;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px">Or open this address: <a href="${url}">${url}</a></p>`,
    );
  }
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    '<div style="max-width:560px;margin:0 auto">',
    ...body,
    '<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">',
    `<p style="margin:0 0 8px;font-size:13px;color:#6b7280">${escapeHtml(sentBy(parts.from))}</p>`,
    `<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(parts.reason)}</p>`,
    "</div></body></html>",
  ].join("\n");
}
