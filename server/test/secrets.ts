import { expect } from "vitest";

/**
 * That `log` nowhere holds `secret` standing alone (not inside a longer number): a verification
 * code's six digits turned up once inside a logged response time (55.538513…) and failed a run,
 * where a leaked code stands alone.
 */
export function expectNotLogged(log: string, secret: string): void {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  expect(log, `the log holds ${secret}`).not.toMatch(new RegExp(`(?<!\\d)${escaped}(?!\\d)`));
}
