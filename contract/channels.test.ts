import { describe, expect, it } from "vitest";
import { calendarDateSchema } from "./channels-input";
import { messages } from "./messages";

describe("an election's date", () => {
  const said = (value: string) => calendarDateSchema("Required").safeParse(value).error?.issues[0]?.message;

  it("is a day of the calendar, in the years an election can take", () => {
    expect(said("2028-02-29")).toBeUndefined();
    expect(said("2026-02-29")).toBe(messages.invalidDate);
    expect(said("0001-01-01")).toBe(messages.dateOutOfRange);
    expect(said("0099-12-31")).toBe(messages.dateOutOfRange);
    expect(said("9999-12-31")).toBe(messages.dateOutOfRange);
    expect(said("26-1-1")).toBe("Required");
  });
});
