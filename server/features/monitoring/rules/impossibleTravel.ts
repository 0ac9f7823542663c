import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { GeoLocation } from "../../../../contract/voting-sessions";
import { votingSessions } from "../../../db/schema";
import type { RiskRule } from "./types";

/** Faster than this between two sessions of one voter is not travel (an airliner cruises below it). */
export const MAX_TRAVEL_KMH = 900;
/** Distances under this (after the two readings' accuracy) are measuring noise, not travel. */
export const MIN_TRAVEL_KM = 100;
/** The voter's other located sessions compared with this one, newest first. */
export const TRAVEL_COMPARED_SESSIONS = 20;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) in kilometres. */
export function distanceKm(a: GeoLocation, b: GeoLocation): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The trip between two located moments, or null when it is plausible: the distance beyond both
 * readings' accuracy must exceed MIN_TRAVEL_KM and need more than MAX_TRAVEL_KMH.
 */
export function impossibleTrip(
  from: { location: GeoLocation; at: Date },
  to: { location: GeoLocation; at: Date },
): { km: number; minutes: number; kmh: number } | null {
  const km = distanceKm(from.location, to.location) - (from.location.accuracy + to.location.accuracy) / 1000;
  if (km <= MIN_TRAVEL_KM) return null;
  // Two readings in the same second still count as one second apart (no division by zero).
  const hours = Math.max(Math.abs(to.at.getTime() - from.at.getTime()), 1000) / 3_600_000;
  const kmh = km / hours;
  return kmh > MAX_TRAVEL_KMH ? { km, minutes: hours * 60, kmh } : null;
}

/**
 * Impossible travel between sessions of one voter in this organization: the same account used in
 * two far-apart places within too short a time (shared credentials, or a spoofed location).
 */
export const impossibleTravel: RiskRule = {
  id: "impossible_travel",
  weight: 0.6,
  alert: { type: "suspicious_location", severity: "critical" },
  async evaluate({ db, session, now }) {
    if (!session.location) return null;
    const others = await db
      .select({ location: votingSessions.location, at: votingSessions.updatedAt })
      .from(votingSessions)
      .where(
        and(
          eq(votingSessions.organizationId, session.organizationId),
          eq(votingSessions.userId, session.userId),
          ne(votingSessions.id, session.id),
          isNotNull(votingSessions.location),
        ),
      )
      .orderBy(desc(votingSessions.updatedAt))
      .limit(TRAVEL_COMPARED_SESSIONS);
    let worst: { km: number; minutes: number; kmh: number } | null = null;
    for (const other of others) {
      if (!other.location) continue;
      const trip = impossibleTrip(
        { location: other.location, at: other.at },
        { location: session.location, at: now },
      );
      if (trip && (!worst || trip.kmh > worst.kmh)) worst = trip;
    }
    if (!worst) return null;
    return `${Math.round(worst.km).toLocaleString("en")} km from another session of this voter in ${Math.max(1, Math.round(worst.minutes))} min (${Math.round(worst.kmh).toLocaleString("en")} km/h)`;
  },
};
