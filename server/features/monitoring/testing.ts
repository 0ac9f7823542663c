import { randomUUID } from "node:crypto";
import type { RecordSessionInput } from "../../../contract/voting-sessions";
import type { BusMessage } from "../../realtime/bus";
import { bulkVoters, electionChannel, electionOfChannel } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import type { TestApp } from "../../test/support";

/** Test helpers for monitoring: an organization with an open election, and sessions recorded as a browser would. */

/** A device fingerprint as the browser computes it (64 hex characters). */
export const deviceHash = (seed = randomUUID()) =>
  Buffer.from(seed.replace(/-/g, "").padEnd(32, "0").slice(0, 32)).toString("hex");

export const ACCRA = { latitude: 5.6037, longitude: -0.187, accuracy: 20 };
export const KUMASI = { latitude: 6.6885, longitude: -1.6244, accuracy: 20 };
export const LONDON = { latitude: 51.5072, longitude: -0.1276, accuracy: 20 };

export function sessionBody(overrides: Partial<RecordSessionInput> = {}): RecordSessionInput {
  return {
    device_hash: deviceHash(),
    device_info: {
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
      platform: "Linux x86_64",
      language: "en-GB",
      cookieEnabled: true,
      onLine: true,
      screen: { width: 1920, height: 1080, colorDepth: 24 },
      timezone: "Africa/Accra",
      webdriver: false,
      mobile: false,
    },
    location: null,
    ...overrides,
  };
}

/** POST /api/elections/:id/voting-sessions from an address. */
export function recordFrom(
  t: TestApp,
  cookie: string,
  electionId: string,
  body: unknown,
  ip = "203.0.113.7",
) {
  return t.app.inject({
    method: "POST",
    url: `/api/elections/${electionId}/voting-sessions`,
    headers: { cookie },
    payload: body as object,
    remoteAddress: ip,
  });
}

/**
 * An organization with `members` voters and an election channel whose candidates have names no
 * other text contains (so a test can look for them in any response), opened by the admin.
 */
export async function monitoredElection(t: TestApp, options: { members?: number; open?: boolean } = {}) {
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, options.members ?? 3);
  const tag = randomUUID().slice(0, 8);
  const base = electionChannel(t.clock);
  const channelInput = {
    ...base,
    voting_settings: {
      ...base.voting_settings,
      candidates: base.voting_settings.candidates.map((c) => ({ ...c, name: `${c.name}-cand-${tag}` })),
    },
  };
  const channel = (await call(t.app, admin.cookie).post("/api/channels", channelInput)).json().channel;
  let election = await electionOfChannel(t.app, admin.cookie, channel.id);
  if (options.open !== false)
    election = (await call(t.app, admin.cookie).post(`/api/elections/${election.id}/open`)).json();
  const [president, senator] = election.positions;
  return { admin, voters, election, president, senator, tag };
}

/** The organization's monitoring read, as its admin sees it. */
export async function overview(t: TestApp, adminCookie: string, organizationId: string) {
  const response = await call(t.app, adminCookie).get(`/api/organizations/${organizationId}/monitoring`);
  if (response.statusCode !== 200)
    throw new Error(`monitoring read answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Collects the bus's messages while a test runs. */
export function listen(t: TestApp) {
  const seen: BusMessage[] = [];
  const stop = t.app.context.bus.onMessage((message) => seen.push(message));
  return { seen, stop };
}
