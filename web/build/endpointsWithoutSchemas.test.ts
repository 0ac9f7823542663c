import { describe, expect, it } from "vitest";
import { blankEndpointSchemas } from "./endpointsWithoutSchemas";

describe("blankEndpointSchemas", () => {
  it("drops what only the server reads from a declaration and from a helper's part of one", () => {
    const out = blankEndpointSchemas(
      [
        "const part = (path) => ({ path, params: idParams });",
        'export const e = { get: endpoint({ method: "GET", path: "/api/x", access: "user", query, body: z.object({ a: z.string() }), response: answer() }) };',
      ].join("\n"),
    );
    expect(out).toContain("({ path })");
    expect(out).toContain('endpoint({ method: "GET", path: "/api/x" }) };');
  });

  it("leaves an object literal, whichever properties go", () => {
    const out = blankEndpointSchemas(
      [
        "const a = endpoint({ access: 'user', method: 'GET', params, path: '/a', response });",
        "const b = endpoint({ ...change('/b'), body: input, });",
        "const c = { access: 'user', params };",
        "const d = endpoint({ method: 'POST', path: '/d', body: z.object({ path: z.string(), query: z.string() }) });",
      ].join("\n"),
    );
    const pure = "/* @__PURE__ */ ";
    expect(out).toContain(`const a = ${pure}endpoint({ method: 'GET', path: '/a' });`);
    expect(out).toContain(`const b = ${pure}endpoint({ ...${pure}change('/b'), });`);
    expect(out).toContain("const c = {  };");
    expect(out).toContain(`const d = ${pure}endpoint({ method: 'POST', path: '/d' });`);
  });

  it("marks schema-building calls pure, but not the calls a function makes", () => {
    const out = blankEndpointSchemas(
      "export const name = z.string().min(1);\nconst text = optionalText(300).refine(isUrl);\nfunction f(list) { list.push(1); return z.number(); }",
    );
    expect(out).toContain("export const name = /* @__PURE__ */ z.string().min(1);");
    expect(out).toContain("const text = /* @__PURE__ */ optionalText(300).refine(isUrl);");
    expect(out).toContain("{ list.push(1); return /* @__PURE__ */ z.number(); }");
  });

  it("leaves an object without a method or a path alone", () => {
    const code = "export const form = { body: z.object({}), query: 1 };";
    expect(blankEndpointSchemas(code)).toBe(
      "export const form = { body: /* @__PURE__ */ z.object({}), query: 1 };",
    );
  });
});

describe("blankEndpointSchemas and imports", () => {
  it("drops an import whose names only the blanked schemas read, and keeps the others", () => {
    const out = blankEndpointSchemas(
      [
        'import { signInInput } from "./accounts-input";',
        'import { answer, endpoint } from "./endpoint";',
        'export const e = endpoint({ method: "POST", path: "/api/x", access: "public", body: signInInput, response: answer() });',
      ].join("\n"),
    );
    expect(out).not.toContain("accounts-input");
    expect(out).toContain('import { answer, endpoint } from "./endpoint";');
  });
});
