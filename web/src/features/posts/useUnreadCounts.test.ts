import { describe, expect, it } from "vitest";
import type { ChannelActivity } from "../../../../contract/events";
import { sinceRead } from "./useUnreadCounts";

const batch = (first_at: string, last_at: string): ChannelActivity => ({
  channel_id: "c1",
  posts: 2,
  authors: [{ author_id: "u2", posts: 2, by_voter: true }],
  mentions: [],
  first_at,
  last_at,
});

describe("a batch of new messages against a read in another tab", () => {
  const read = Date.parse("2026-12-05T10:00:00.000Z");

  it("counts whole when the channel was not read since, or read before its first message", () => {
    expect(sinceRead(batch("2026-12-05T10:00:00.000Z", "2026-12-05T10:00:00.400Z"), undefined)).toBe("after");
    expect(sinceRead(batch("2026-12-05T10:00:00.001Z", "2026-12-05T10:00:00.400Z"), read)).toBe("after");
  });

  it("counts nothing when every message was written before the read (heard of after it)", () => {
    expect(sinceRead(batch("2026-12-05T09:59:59.500Z", "2026-12-05T09:59:59.999Z"), read)).toBe("before");
    // In the read's own ms (the server keeps µs): the server's to count.
    expect(sinceRead(batch("2026-12-05T09:59:59.500Z", "2026-12-05T10:00:00.000Z"), read)).toBe("across");
  });

  it("is left to the server's count when the read fell between its messages", () => {
    expect(sinceRead(batch("2026-12-05T09:59:59.500Z", "2026-12-05T10:00:00.300Z"), read)).toBe("across");
    // A message of unknown time (an older server during a restart) is the server's to count.
    expect(sinceRead(batch("", "2026-12-05T09:59:59.500Z"), read)).toBe("across");
  });
});
