import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The service test files and the journeys run with their worker's modules shared (vitest.config.ts,
 * isolate off): a file that mocked a module or stubbed a global would change it for every file after
 * it in that worker.
 */
const root = path.resolve(import.meta.dirname, "..");
const CHANGES_SHARED_MODULES =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn)\(|process\.env\.\w+ *=[^=]|delete process\.env/;

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join(folder, file));
}

describe("test files sharing their worker's modules", () => {
  it("change no module or global for the files after them", () => {
    const offenders = [...testFiles("server"), ...testFiles("contract"), ...testFiles("e2e")].filter((file) =>
      CHANGES_SHARED_MODULES.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(offenders, "pass the part to testApp instead (as buildApp takes its parts)").toEqual([]);
  });
});
