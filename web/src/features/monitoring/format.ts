import {
  type AlertSeverity,
  RISK_LOW_BELOW,
  RISK_MEDIUM_BELOW,
  type SessionStatus,
} from "../../../../contract/monitoring";
import type { GeoLocation } from "../../../../contract/voting-sessions";
import { formatDateTime } from "../../ui/format";
import { text } from "./text";

export type Tone = "green" | "blue" | "yellow" | "orange" | "red" | "grey";

/** Spec: completed green, active blue, suspicious yellow, blocked red. */
export const STATUS_TONE: Record<SessionStatus, Tone> = {
  completed: "green",
  active: "blue",
  suspicious: "yellow",
  blocked: "red",
};

/** Spec: low blue, medium yellow, high orange, critical red. */
export const SEVERITY_TONE: Record<AlertSeverity, Tone> = {
  low: "blue",
  medium: "yellow",
  high: "orange",
  critical: "red",
};

/** Spec: under 0.3 green, under 0.6 yellow, else red. */
export function riskTone(score: number): Tone {
  if (score < RISK_LOW_BELOW) return "green";
  if (score < RISK_MEDIUM_BELOW) return "yellow";
  return "red";
}

/** A 0..1 score as a percentage to 1 decimal (spec). */
export const riskPercent = (score: number) => `${(score * 100).toFixed(1)}%`;

/** A percentage (already 0..100) to 1 decimal, or a dash when there is nothing to divide. */
export const percentText = (value: number | null) => (value === null ? "–" : `${value.toFixed(1)}%`);

/** Latitude and longitude to 2 decimals, or Unknown (spec). */
export const locationText = (location: GeoLocation | null) =>
  location ? `${location.latitude.toFixed(2)}, ${location.longitude.toFixed(2)}` : text.unknown;

/** The first 12 characters of the device hash (spec). */
export const shortHash = (hash: string) => hash.slice(0, 12) || "–";

export const timeText = (iso: string) => new Date(iso).toLocaleTimeString();

/** A date with its time (the sessions table shows when each session started). */
export const dateTimeText = formatDateTime;

/** Spec: a mobile icon when the platform contains Mobile; the browser's own mobile hint counts too. */
export const isMobile = (info: { platform?: string; mobile?: boolean }) =>
  info.mobile === true || (info.platform ?? "").includes("Mobile");
