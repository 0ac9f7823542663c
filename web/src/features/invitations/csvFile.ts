/**
 * A voter list's file as text, when it is UTF-8 text (with or without its byte order mark); null for
 * anything else: a workbook or a picture (bytes that are no text, NUL among them), or text saved in
 * a Windows code page or as UTF-16. The browser's own reading put U+FFFD for what it could not
 * decode, and "Renée" was invited as "Ren\uFFFDe".
 */
export function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
