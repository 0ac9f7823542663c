import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock";

describe("the data folder lock", () => {
  it("refuses a second process on the same folder with a clear message", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "votespace-lock-"));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/one process per folder/);
    release();
    expect(existsSync(path.join(dir, "votespace.lock"))).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over a lock whose process is gone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "votespace-lock-"));
    writeFileSync(path.join(dir, "votespace.lock"), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname() }));
    const release = lockDataDir(dir);
    release();
  });
});
