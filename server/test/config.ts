import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Config } from "../config";
import type { Limits } from "../context";

/** Configuration for apps built by tests: nothing read from the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: mkdtempSync(path.join(tmpdir(), "votespace-test-")),
    databaseUrl: undefined,
    poolSize: 5,
    secretKey: "test-secret-key-0123456789abcdef0123456789",
    publicUrl: undefined,
    trustProxy: false,
    demo: false,
    logLevel: "silent",
    serveWeb: false,
    iceServers: [],
    monitoringBlockRisk: 0.6,
    storage: { kind: "folder" },
    delivery: { email: { kind: "outbox" }, sms: { kind: "outbox" } },
    ...overrides,
  };
}

const generous = { max: 100_000, windowSeconds: 60 };

/** Limits no test reaches by accident; the rate-limit tests set their own. */
export const generousLimits: Limits = {
  signInPerIp: generous,
  signInPerAccountAddress: generous,
  signInPerAccount: generous,
  guessDelay: { stepMs: 250, maxMs: 2000 },
  registerPerIp: generous,
  verifyPerAccount: generous,
  verifyPerIp: generous,
  postsPerUser: generous,
  typingPerUser: generous,
  recordingsPerUser: generous,
  uploadsPerUser: generous,
  searchPerUser: generous,
};
