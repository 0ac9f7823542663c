import { describe, expect, it } from "vitest";
import { startIsPast, wallClock, zonedInstant } from "./zoned-time";

describe("zoned time", () => {
  it("reads a wall clock in the organization's zone, across a DST change", () => {
    expect(zonedInstant("2026-03-29", "03:30", "Europe/Paris").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(wallClock(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toEqual({
      date: "2026-07-01",
      time: "08:00",
    });
  });

  it("says a start is past by the zone's clock, with two minutes' grace, and never for unfinished fields", () => {
    const now = new Date("2026-12-05T12:00:00Z");
    // 13:00 in Paris is 12:00 UTC: now, not past; 12:57 there is three minutes ago.
    expect(startIsPast("2026-12-05", "13:00", "Europe/Paris", now)).toBe(false);
    expect(startIsPast("2026-12-05", "12:59", "Europe/Paris", now)).toBe(false);
    expect(startIsPast("2026-12-05", "12:57", "Europe/Paris", now)).toBe(true);
    // The same wall clock is still ahead in New York.
    expect(startIsPast("2026-12-05", "12:57", "America/New_York", now)).toBe(false);
    expect(startIsPast("2026-12-04", "09:00", "UTC", now)).toBe(true);
    expect(startIsPast("", "09:00", "UTC", now)).toBe(false);
    expect(startIsPast("2026-12-04", "", "UTC", now)).toBe(false);
  });
});
