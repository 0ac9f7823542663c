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

  it("is new after a refusal, an edit, several messages back at once, or text already in the box", () => {
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
