// @vitest-environment node
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { receiptMessage } from "../../../../contract/bulletin";
import { receiptHash } from "../../../../server/features/elections/casting";
import { sha256Hex } from "./hash";

// NIST FIPS 180-2 examples, and the empty message.
const vectors: Array<[string, string]> = [
  ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  [
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  ],
  ["a".repeat(1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"],
];

const receipt = "VS-ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-23";
const positionId = "6f1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6b";

describe.each([
  ["Web Crypto", false],
  ["@noble/hashes (no secure context)", true],
])("sha256Hex with %s", (_name, withoutSubtle) => {
  afterEach(() => vi.unstubAllGlobals());
  const setUp = () => {
    if (withoutSubtle) vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) });
  };

  it.each(vectors.map(([input, hex]) => [input.length, input, hex]))(
    "matches the known digest of a %i-character message",
    async (_length, input, hex) => {
      setUp();
      expect(await sha256Hex(input as string)).toBe(hex);
    },
  );

  it("hashes text as UTF-8, as Node does", async () => {
    setUp();
    const text = "Ballot für Zoë — 投票 ✓";
    expect(await sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
  });

  it("finds the receipt hash the server stores for the same receipt and position", async () => {
    setUp();
    // What a voter types: lower case and spaces around are forgiven on both sides.
    const typed = `  ${receipt.toLowerCase()} `;
    expect(await sha256Hex(receiptMessage(typed, positionId))).toBe(receiptHash(receipt, positionId));
  });
});
