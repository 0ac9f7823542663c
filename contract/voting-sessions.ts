import { endpoint, idParams, typedAnswer } from "./endpoint";
import { z } from "./zod";

// A voter's voting session, as the ballot page records it for security monitoring. On its own, and
// spread into `monitoringEndpoints`: importing that brought the monitoring screen's constants into
// the ballot page's first load.

/** What the browser reports about itself (spec: device_info); every field capped. */
export const deviceInfoSchema = z.strictObject({
  userAgent: z.string().max(512),
  platform: z.string().max(100),
  language: z.string().max(35),
  cookieEnabled: z.boolean(),
  onLine: z.boolean(),
  screen: z.strictObject({
    width: z.number().int().min(0).max(100_000),
    height: z.number().int().min(0).max(100_000),
    colorDepth: z.number().int().min(0).max(128),
  }),
  timezone: z.string().max(64),
  /** navigator.webdriver: the browser says it is driven by automation. */
  webdriver: z.boolean().optional(),
  /** The browser's own "mobile" hint (User-Agent Client Hints, or "Mobi" in the user agent). */
  mobile: z.boolean().optional(),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const locationSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(10_000_000),
});
export type GeoLocation = z.infer<typeof locationSchema>;

/**
 * POST /api/elections/:id/voting-sessions, sent when a voter opens an election channel. The
 * location is null until (and unless) the voter allows geolocation; a later call with it fills it in.
 */
export const recordSessionInput = z.strictObject({
  device_hash: z.string().regex(/^[0-9a-f]{64}$/, { error: "The device hash must be 64 hex characters" }),
  device_info: deviceInfoSchema,
  location: locationSchema.nullable(),
});
export type RecordSessionInput = z.input<typeof recordSessionInput>;

export const votingSessionEndpoints = {
  /**
   * A voter opened an election channel (and, later, allowed geolocation). Answered 201 when a session
   * is kept; `recorded: false` (200) for a voter who can no longer vote there (voted, the organization
   * suspended): reading the page makes no session.
   */
  record: endpoint({
    method: "POST",
    path: "/api/elections/:id/voting-sessions",
    access: "voter",
    params: idParams,
    body: recordSessionInput,
    response: typedAnswer<{ recorded: boolean }>(),
  }),
};
