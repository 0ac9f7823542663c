import { describe, expect, it } from "vitest";
import { endpointUrl, pathParams } from "./endpoint";

/** The web client's URLs (web/src/api/client.ts builds every call with endpointUrl). */
describe("endpointUrl", () => {
  it("leaves a path without parameters or query as it is", () => {
    expect(endpointUrl({ path: "/api/settings" })).toBe("/api/settings");
    expect(endpointUrl({ path: "/api/settings" }, { query: {} })).toBe("/api/settings");
  });

  it("fills each :param, encoded", () => {
    const path = "/api/organizations/:id/members/:userId";
    expect(pathParams(path)).toEqual(["id", "userId"]);
    expect(endpointUrl({ path }, { params: { id: "a b/c", userId: "x?y#z" } })).toBe(
      "/api/organizations/a%20b%2Fc/members/x%3Fy%23z",
    );
  });

  it("appends the query in the order given, leaves absent and empty values out and repeats arrays", () => {
    const url = endpointUrl(
      { path: "/api/profile/activity" },
      { query: { page: 2, q: "a&b=c", none: undefined, gone: null, empty: "", tag: ["x", "y"], on: true } },
    );
    expect(url).toBe("/api/profile/activity?page=2&q=a%26b%3Dc&tag=x&tag=y&on=true");
  });

  it("keeps 0 and false, which are values", () => {
    expect(endpointUrl({ path: "/api/x" }, { query: { page: 0, all: false } })).toBe(
      "/api/x?page=0&all=false",
    );
  });

  it("refuses to build a URL with a parameter missing", () => {
    expect(() => endpointUrl({ path: "/api/profile/sessions/:id" }, { params: {} })).toThrow(
      'the parameter "id" is missing',
    );
  });
});
