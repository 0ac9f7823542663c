// @vitest-environment node
import { describe, expect, it } from "vitest";
import { utf8Text } from "./csvFile";

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("a voter list's file", () => {
  it("is read when it is UTF-8 text, its byte order mark dropped", () => {
    expect(utf8Text(utf8("Full name,Email\nRenée Dupont,renee@example.com\n"))).toContain("Renée");
    expect(utf8Text(bytes(0xef, 0xbb, 0xbf, ...utf8("Full name,Email")))).toBe("Full name,Email");
  });
  it("is refused in a Windows code page, as UTF-16, or when it is no text at all", () => {
    // "Renée" in Windows-1252: é is the single byte 0xE9.
    expect(utf8Text(bytes(...utf8("Ren"), 0xe9, ...utf8("e")))).toBeNull();
    expect(utf8Text(bytes(0xff, 0xfe, 0x46, 0x00))).toBeNull();
    // A workbook (a zip) and a PNG.
    expect(utf8Text(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00))).toBeNull();
    expect(utf8Text(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBeNull();
  });
});
