import { describe, expect, it } from "vitest";
import { postMessages } from "./posts";
import { commentInput, editPostInput, reportsQuery } from "./posts-input";
import { z } from "./zod";

const firstMessage = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe("a size rule with no words of its own", () => {
  it("says what it wants in plain words: characters, items, numbers", () => {
    expect(firstMessage(commentInput, { content: "x".repeat(2001) })).toBe(
      "Must be at most 2,000 characters",
    );
    expect(firstMessage(editPostInput, { content: "x".repeat(4001) })).toBe(
      "Must be at most 4,000 characters",
    );
    expect(firstMessage(reportsQuery, { limit: "501" })).toBe("Must be at most 500");
    expect(firstMessage(reportsQuery, { limit: "0" })).toBe("Must be at least 1");
    expect(firstMessage(z.array(z.string()).max(1), ["a", "b"])).toBe("Must have at most 1 item");
    expect(firstMessage(z.string().min(1), "")).toBe("This field is required");
    expect(firstMessage(z.string().min(8), "short")).toBe("Must be at least 8 characters");
  });

  it("leaves a schema's own words as they are", () => {
    expect(firstMessage(commentInput, { content: "  " })).toBe(postMessages.commentEmpty);
  });
});
