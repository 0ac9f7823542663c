import { describe, expect, it } from "vitest";
import { Argon2ThreadError, argon2Threads } from "./argon2-threads";
import { hashPassword, verifyPassword } from "./crypto";

describe("argon2 on its own threads", () => {
  it("hashes and verifies, and a hash it cannot read is a mismatch", async () => {
    const hash = await hashPassword("vs-secret12");
    expect(await verifyPassword(hash, "vs-secret12")).toBe(true);
    expect(await verifyPassword(hash, "vs-secret13")).toBe(false);
    expect(await verifyPassword("not-a-hash", "vs-secret12")).toBe(false);
  });

  it("says a thread failed, never that the password is wrong, and the next job gets a new thread", async () => {
    const broken = argon2Threads(1, "/nonexistent/argon2.js");
    await expect(broken.verify("$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA", "x")).rejects.toBeInstanceOf(
      Argon2ThreadError,
    );
    await expect(broken.hash("x", {})).rejects.toBeInstanceOf(Argon2ThreadError);
  });
});
