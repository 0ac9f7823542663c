/**
 * The words of zod's rules that give none of their own (contract/zod.ts registers them for the
 * server, web/src/ui/form/useContractForm.ts for the forms). Apart from zod.ts, whose `trimmed`
 * the ballot page loads, so that page does not load these.
 */
import type { z } from "zod";

const count = (value: number | bigint) => value.toLocaleString("en-US");

/** A size rule's words. */
function sizeWords(issue: z.core.$ZodRawIssue & { code: "too_big" | "too_small" }): string | undefined {
  const limit = issue.code === "too_big" ? issue.maximum : issue.minimum;
  if (typeof limit !== "number" && typeof limit !== "bigint") return undefined;
  const most = issue.code === "too_big";
  const bound = most
    ? issue.inclusive
      ? "at most"
      : "less than"
    : issue.inclusive
      ? "at least"
      : "more than";
  switch (issue.origin) {
    case "string":
      if (!most && Number(limit) === 1) return REQUIRED;
      return `Must be ${bound} ${count(limit)} characters`;
    case "array":
    case "set":
      return `Must have ${bound} ${count(limit)} ${Number(limit) === 1 ? "item" : "items"}`;
    case "number":
    case "int":
    case "bigint":
      // A number as written (a port is 65535, not 65,535).
      return `Must be ${bound} ${limit}`;
    default:
      return undefined;
  }
}

const REQUIRED = "This field is required";

/** What a value of each type is, in words. */
const TYPES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

/** What each text format asks for. */
const FORMATS: Record<string, string> = {
  email: "Must be an e-mail address",
  uuid: "Must be an id (a UUID)",
  url: "Must be a web address",
  datetime: "Must be a date and time (ISO 8601)",
  date: "Must be a date (YYYY-MM-DD)",
  time: "Must be a time (HH:MM)",
};

const oneOf = (values: readonly unknown[]) =>
  values.length <= 10
    ? `Must be one of: ${values.map(String).join(", ")}`
    : "Must be one of the accepted values";

/**
 * The words of a rule that gives none of its own, or undefined for zod's own (an issue no schema in
 * the contract leaves wordless): sizes, a missing or mistyped value, a value outside its list, a
 * text not in its format, none of a union's forms. zod's own say "Invalid input: expected string,
 * received undefined", words for its developers.
 */
export function plainWords(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "too_big":
    case "too_small":
      return sizeWords(issue);
    case "invalid_type": {
      if (issue.input === undefined) return REQUIRED;
      const type = TYPES[issue.expected];
      return type && `Must be ${type}`;
    }
    case "invalid_value":
      return oneOf(issue.values);
    case "invalid_format":
      return FORMATS[issue.format] ?? "Not in the form this field takes";
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      return options ? oneOf(options) : "Not in a form this field takes";
    }
    case "not_multiple_of":
      return `Must be a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}
