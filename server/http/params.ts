import { z } from "zod";
import { idParams } from "../../contract/endpoint";
import { parse } from "./errors";

/** The `:id` route parameter, checked to be a UUID (a malformed id is a 400, never a database error). */
export function idParam(params: unknown): string {
  return parse(idParams, params).id;
}

const nothing = z.union([z.undefined(), z.strictObject({})]);

/** Routes that take no body refuse one, like every other input they do not expect. */
export function noBody(body: unknown): void {
  parse(nothing, body);
}
