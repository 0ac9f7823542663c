import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { testApp } from "../test/support";

const trustFrom = (TRUST_PROXY: string) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "votespace-proxy-")), TRUST_PROXY });

/**
 * An address of its own for each test and run (64 random bits of the documentation prefix): the
 * sign-in limits live in the database, which on PostgreSQL outlives a run, at the test clock's
 * fixed time; 65,000 IPv4 addresses met an earlier run's by chance.
 */
const clientAddress = () => `2001:db8:${randomBytes(8).toString("hex").match(/.{4}/g)?.join(":")}`;

/** Three sign-ins (limit: two per address) from `remoteAddress`, each with X-Forwarded-For from `forwarded(i)`. */
async function signInStatuses(TRUST_PROXY: string, remoteAddress: string, forwarded: (i: number) => string) {
  const t = await testApp({
    config: { trustProxy: trustFrom(TRUST_PROXY).trustProxy },
    limits: { signInPerIp: { max: 2, windowSeconds: 900 } },
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { email: `nobody-${i}@test.votespace.local`, password: "wrong-pw" },
        headers: { "x-forwarded-for": forwarded(i) },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  } finally {
    await t.close();
  }
}

describe("TRUST_PROXY", () => {
  it("is false, a hop count, or the proxies' addresses; anything else is refused", () => {
    expect(trustFrom("false").trustProxy).toBe(false);
    expect(trustFrom("2").trustProxy).toBe(2);
    expect(trustFrom("10.0.0.5, 10.1.0.0/16,::1").trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16", "::1"]);
    expect(() => trustFrom("yes")).toThrow(ConfigError);
    expect(() => trustFrom("10.0.0.5,proxy.example")).toThrow(/TRUST_PROXY/);
  });

  it("true means one hop, with a warning", () => {
    const config = trustFrom("true");
    expect(config.trustProxy).toBe(1);
    expect(config.warnings?.join(" ")).toMatch(/TRUST_PROXY=1/);
  });

  it("true no longer lets a client choose its address by writing X-Forwarded-For", async () => {
    const client = clientAddress();
    const statuses = await signInStatuses("true", "10.0.0.5", (i) => `203.0.113.${i + 1}, ${client}`);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("a hop count takes the entry the farthest trusted proxy wrote", async () => {
    const client = clientAddress();
    const statuses = await signInStatuses("2", "10.0.0.5", (i) => `203.0.113.${i + 1}, ${client}, 10.0.0.9`);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("a list trusts only those proxies: a client reaching the server directly is its own address", async () => {
    const client = clientAddress();
    const viaProxy = await signInStatuses("10.0.0.0/8", "10.0.0.5", (i) => `203.0.113.${i + 1}, ${client}`);
    expect(viaProxy).toEqual([401, 401, 429]);
    const direct = clientAddress();
    const forging = await signInStatuses("10.0.0.0/8", direct, (i) => `203.0.113.${i + 1}`);
    expect(forging).toEqual([401, 401, 429]);
  });
});
