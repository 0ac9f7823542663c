import { describe, expect, it } from "vitest";
import { cleanMessage } from "./chat";
import { postMessages } from "./posts";
import { commentInput, createPostInput, editPostInput, reportsQuery } from "./posts-input";
import { trimmed, z } from "./zod";

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

describe("any other rule with no words of its own", () => {
  it("says what it wants in a user's words, never zod's ('Invalid input: expected string…')", () => {
    const schema = z.strictObject({
      name: z.string(),
      flag: z.boolean(),
      kind: z.enum(["ranking", "set"]),
      id: z.uuid(),
      email: z.email(),
      code: z.string().regex(/^\d{6}$/),
      ballot: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("a") }),
        z.object({ kind: z.literal("b") }),
      ]),
      either: z.union([z.string(), z.number()]),
    });
    const words = (input: Record<string, unknown>) =>
      Object.fromEntries(
        (schema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
      );
    expect(
      words({
        flag: "yes",
        kind: "grid",
        id: "x",
        email: "x",
        code: 123456,
        ballot: { kind: "c" },
        either: true,
      }),
    ).toEqual({
      name: "This field is required",
      flag: "Must be true or false",
      kind: "Must be one of: ranking, set",
      id: "Must be an id (a UUID)",
      email: "Must be an e-mail address",
      code: "Must be text",
      ballot: "Must be one of: a, b",
      either: "Not in a form this field takes",
    });
    expect(firstMessage(z.string().regex(/^\d{6}$/), "12")).toBe("Not in the form this field takes");
  });
});

describe("text that trims", () => {
  it("takes off what no one sees at its ends, so a name or message of nothing visible is empty", () => {
    expect(trimmed(" \u200b\u2060Ama Serwaa\u200d\t")).toBe("Ama Serwaa");
    expect(trimmed("\u202eAmara Okafor")).toBe("Amara Okafor");
    // Inside the text, a joiner stays (it makes one emoji of two).
    expect(trimmed("👩\u200d💻")).toBe("👩\u200d💻");
    // A flag of tag characters keeps them, even last.
    const scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    expect(trimmed(`Go Scotland ${scotland}`)).toBe(`Go Scotland ${scotland}`);
    expect(firstMessage(editPostInput, { content: "\u200b\u200b" })).toBe(postMessages.empty);
    expect(firstMessage(createPostInput, { content: "\u2060" })).toBe(postMessages.empty);
    expect(cleanMessage("\u200bhi\u200b")).toBe("hi");
  });
});
