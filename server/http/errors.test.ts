import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages } from "../../contract/messages";
import { AppError, badRequest, body, conflict, parse } from "./errors";

const schema = z.strictObject({
  name: z.string().min(1, { error: "Name is required" }),
  options: z.array(z.strictObject({ label: z.string().min(1, { error: "Label is required" }) })),
});

function refusal(input: unknown): AppError {
  try {
    parse(schema, input);
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error("the input was accepted");
}

describe("parse()", () => {
  it("names the field the first problem is about, as a dotted path, with the same words and status", () => {
    const name = refusal({ name: "", options: [] });
    expect([name.status, name.message, name.field]).toEqual([400, "Name is required", "name"]);
    const label = refusal({ name: "A", options: [{ label: "x" }, { label: "" }] });
    expect([label.status, label.message, label.field]).toEqual([400, "Label is required", "options.1.label"]);
  });

  it("names no field when the problem is the input as a whole", () => {
    const missing = refusal(undefined);
    expect([missing.message, missing.field]).toEqual([messages.invalidBody, undefined]);
    // JSON that is no object, and a body sent as text: said as such, never "not valid JSON".
    expect(refusal([]).message).toBe(messages.bodyNotObject);
    expect(refusal(null).message).toBe(messages.bodyNotObject);
    expect(refusal('{"name":"A"}').message).toBe(messages.unsupportedMediaType);
    const extra = refusal({ name: "A", options: [], x: 1 });
    expect([extra.message, extra.field]).toEqual([`${messages.unknownField}: x`, undefined]);
  });
});

describe("the error body", () => {
  it("carries the field only when there is one", () => {
    expect(body("bad_request", "No")).toEqual({ error: { code: "bad_request", message: "No" } });
    expect(body("conflict", "Taken", "username")).toEqual({
      error: { code: "conflict", message: "Taken", field: "username" },
    });
  });

  it("lets a service name the field of its refusal", () => {
    expect(conflict("That username is taken", "username").field).toBe("username");
    expect(badRequest("No").field).toBeUndefined();
  });
});
