import {
  CHART_PALETTE,
  type Election,
  type ElectionStatus,
  type PositionView,
  percentOf,
  resultsUnavailable,
} from "../../../../contract/elections";
import { ApiError } from "../../api/http";
import { formatDate, formatDateTime } from "../../ui/format";

/** Why results are not shown (the contract's words, as the server says them). */
export function resultsNotice(election: Pick<Election, "status">): string {
  return resultsUnavailable(election.status);
}

/** Turnout = votes_cast / total_voters as a percentage with 1 decimal, "0" when nobody is eligible. */
export const turnout = (election: Pick<Election, "votes_cast" | "total_voters">): string =>
  percentOf(election.votes_cast, election.total_voters);

export const STATUS_LABELS: Record<ElectionStatus, string> = {
  upcoming: "Upcoming",
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const statusLabel = (status: string) =>
  STATUS_LABELS[status as ElectionStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);

/** Election channel screen: active green, completed grey, any other status yellow. */
export function channelStatusTone(status: string): "green" | "grey" | "yellow" {
  if (status === "active") return "green";
  if (status === "completed") return "grey";
  return "yellow";
}

/** Results screen: completed green, active blue, upcoming yellow, cancelled red, anything else grey. */
export function resultsStatusTone(status: string): "green" | "blue" | "yellow" | "red" | "grey" {
  switch (status) {
    case "completed":
      return "green";
    case "active":
      return "blue";
    case "upcoming":
      return "yellow";
    case "cancelled":
      return "red";
    default:
      return "grey";
  }
}

const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
});

function parseDay(value: string): Date | null {
  const [year, month, day] = value.split("-").map(Number);
  if (!year || !month || !day) return null;
  return new Date(year, month - 1, day);
}

/** "2026-03-01" as a calendar date (the election's own date, with no time-zone shift). */
export function calendarDate(value: string, style: "long" | "short" = "long"): string {
  const date = parseDay(value);
  if (!date) return value;
  return style === "long" ? longDate.format(date) : formatDate(date);
}

export const when = formatDateTime;

/** The first and last characters of a long hash: "3fa9c1d2…77e0". */
export function shorten(hash: string, head = 10, tail = 6): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}

/** Today as YYYY-MM-DD in the browser's zone (a floor for date inputs). */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function zoned(options: Intl.DateTimeFormatOptions, zone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: "UTC" });
  }
}

/** An instant as the election's own clock shows it: "Nov 29, 2026, 08:00". */
export function inZone(iso: string, zone: string): string {
  return zoned({ dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }, zone).format(new Date(iso));
}

/** An instant's calendar date in the election's time zone: "Nov 29, 2026". */
export function dateInZone(iso: string, zone: string): string {
  return zoned({ dateStyle: "medium" }, zone).format(new Date(iso));
}

/**
 * The window voting really has: from starts_at to ends_at (an early opening or closing moves
 * them; the scheduled dates and hours stay as they were set).
 */
export function windowText(
  election: Pick<Election, "status" | "starts_at" | "ends_at" | "time_zone">,
): string {
  const opens = inZone(election.starts_at, election.time_zone);
  const closes = inZone(election.ends_at, election.time_zone);
  if (election.status === "cancelled")
    return `Scheduled ${opens} – ${closes} (${election.time_zone}) · cancelled`;
  const started = election.status !== "upcoming";
  const ended = election.status === "completed";
  return `${started ? "Opened" : "Opens"} ${opens} · ${ended ? "Closed" : "Closes"} ${closes} (${election.time_zone})`;
}

/** The HTTP status of a failed read (none when the server could not be reached). */
export const statusOf = (failure: unknown) => (failure instanceof ApiError ? failure.status : undefined);

/** A candidate keeps one colour wherever it is drawn: by its place on the ballot, not its rank. */
export function candidateColour(position: PositionView, candidateId: string): string {
  const index = Math.max(
    0,
    position.candidates.findIndex((c) => c.id === candidateId),
  );
  return CHART_PALETTE[index % CHART_PALETTE.length] as string;
}
