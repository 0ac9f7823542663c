/**
 * The instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) and `time` (HH:MM).
 * Elections are scheduled in the organization's time zone (UTC by default).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, found by reading the wall clock there; twice for DST edges.
  let instant = wallAsUtc - offsetMs(wallAsUtc, timeZone);
  instant = wallAsUtc - offsetMs(instant, timeZone);
  return new Date(instant);
}

/** The wall clock's fields (year, month, day, hour, minute, second) in a time zone at an instant, as text. */
function wallParts(instant: Date, timeZone: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  return (type) => parts.find((p) => p.type === type)?.value ?? "00";
}

function offsetMs(instant: number, timeZone: string): number {
  const part = wallParts(new Date(instant), timeZone);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(part(type));
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const get = wallParts(instant, timeZone);
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/** A start this close behind the clock is now: the form gives minutes, and a submission takes a moment. */
const START_NOW_MS = 2 * 60_000;

/**
 * Whether a voting start (the organization's wall clock) is already past: the server refuses it,
 * and the forms say so as the date and time are chosen. Incomplete or invalid fields are not past.
 */
export function startIsPast(date: string, time: string, timeZone: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return false;
  return zonedInstant(date, time, timeZone).getTime() < now.getTime() - START_NOW_MS;
}
