// @vitest-environment node
import type { ClipboardEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { formatCount, formatDate, formatDateTime } from "./format";
import { messageOf } from "./messageOf";
import { onPasteCut } from "./pasteCut";

describe("messageOf", () => {
  it("gives an Error's message, and any other value as text", () => {
    expect(messageOf(new Error("Voting is closed."))).toBe("Voting is closed.");
    expect(messageOf(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    expect(messageOf("plain words")).toBe("plain words");
    expect(messageOf(404)).toBe("404");
    expect(messageOf(undefined)).toBe("undefined");
  });
});

describe("format", () => {
  const iso = "2026-11-29T08:05:09.000Z";
  const at = new Date(iso);
  it("writes an instant as the locale's medium date and short time", () => {
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(at),
    );
    expect(formatDateTime(at)).toBe(formatDateTime(iso));
  });
  it("writes the day with a short month", () => {
    expect(formatDate(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" }).format(at),
    );
    expect(formatDate(iso)).toContain("2026");
  });
  it("groups counts as the locale does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1234567)).toBe((1234567).toLocaleString());
  });
});

describe("onPasteCut", () => {
  /** A paste of `text` into a field holding `value` with [start, end) selected. */
  const paste = (value: string, text: string, start = value.length, end = start) =>
    ({
      currentTarget: { value, selectionStart: start, selectionEnd: end },
      clipboardData: { getData: () => text },
    }) as unknown as ClipboardEvent<HTMLTextAreaElement>;

  it("speaks, after the field's own change, when the paste will not fit whole; not when it fits", () => {
    vi.useFakeTimers();
    try {
      const said: string[] = [];
      const handler = onPasteCut(10, () => said.push("cut"));
      handler(paste("12345", "12345"));
      handler(paste("12345", "123456789", 0, 5));
      vi.runAllTimers();
      expect(said).toEqual([]);
      handler(paste("12345", "123456"));
      expect(said).toEqual([]);
      vi.runAllTimers();
      expect(said).toEqual(["cut"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
