import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "./http";
import { newId, sendIds } from "./newId";

describe("a message's id", () => {
  it("is a version 4 UUID, a new one each time", () => {
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newId()).not.toBe(id);
  });

  it("is kept for a lone message that came back unanswered, sent again unchanged, once", () => {
    const ids = sendIds({ current: null });
    const first = ids.take("hello");
    ids.back([{ key: "hello", id: first }], new NetworkError("offline"), "");
    expect(ids.take("hello")).toBe(first);
    // Sent: a later "hello" is another message.
    expect(ids.take("hello")).not.toBe(first);
  });

  it("stays with a lone message whatever refused it (it may have been written before the failure), until an edit or a refusal of the id", () => {
    const ids = sendIds({ current: null });
    const first = ids.take("hello");
    expect(ids.back([{ key: "hello", id: first }], new NetworkError("offline"), "")).toBe(true);
    // Sent again under its id, refused by the rate limit this time: the first try may have landed.
    expect(ids.take("hello")).toBe(first);
    const tooMany = new ApiError(429, "rate_limited", "Too many attempts. Please try again later.");
    expect(ids.back([{ key: "hello", id: first }], tooMany, "")).toBe(true);
    expect(ids.take("hello")).toBe(first);
    // A failure after the server wrote it (announcing it failed: 500; a proxy's 504): the same.
    expect(
      ids.back([{ key: "hello", id: first }], new ApiError(500, "internal", "Something went wrong"), ""),
    ).toBe(true);
    expect(ids.take("hello")).toBe(first);
    // Refused for its id (another message's): whatever it meets next is another message.
    expect(ids.back([{ key: "hello", id: first }], new ApiError(409, "conflict", "taken"), "")).toBe(false);
    expect(ids.take("hello")).not.toBe(first);
  });

  it("is new after a refusal of the id, an edit, several messages back at once, or text already in the box", () => {
    const ids = sendIds({ current: null });
    const lost = new NetworkError("offline");
    const cases: Array<(id: string) => void> = [
      (id) => ids.back([{ key: "a", id }], new ApiError(409, "conflict", "taken"), ""),
      (id) => {
        ids.back([{ key: "a", id }], lost, "");
        ids.forget();
      },
      (id) =>
        ids.back(
          [
            { key: "a", id },
            { key: "b", id: newId() },
          ],
          lost,
          "",
        ),
      (id) => ids.back([{ key: "a", id }], lost, "typed since"),
    ];
    for (const happen of cases) {
      const id = ids.take("a");
      happen(id);
      expect(ids.take("a")).not.toBe(id);
    }
  });
});
