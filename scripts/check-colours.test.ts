import { describe, expect, it } from "vitest";
import { findRawColours, rawColours } from "./check-colours";

describe("the raw colour check", () => {
  it("finds a raw hex colour in a feature's CSS, with its line", () => {
    const css =
      ".a {\n  color: var(--ink);\n}\n\n.b {\n  border: 1px solid #E2E8F0;\n  background: #fff;\n}\n";
    expect(rawColours("web/src/features/x/x.css", css)).toEqual([
      { file: "web/src/features/x/x.css", line: 6, colour: "#E2E8F0" },
      { file: "web/src/features/x/x.css", line: 7, colour: "#fff" },
    ]);
  });

  it("allows hex colours only in the token definitions of theme.css", () => {
    const theme = ":root {\n  --white: #fff;\n}\n\n.btn {\n  color: #fff;\n}\n";
    expect(rawColours("web/src/ui/theme.css", theme)).toEqual([
      { file: "web/src/ui/theme.css", line: 6, colour: "#fff" },
    ]);
    expect(rawColours("web/src/features/x/x.css", ":root {\n  --white: #fff;\n}\n")).toHaveLength(1);
  });

  it("ignores comments, ID-like words and tokens, and checks inline styles in TSX", () => {
    expect(rawColours("x.css", "/* was #fff */\n.a { color: var(--white); }\n#add-button {}\n")).toEqual([]);
    const tsx = 'const a = "#123456";\n<div style={{ color: "#abc", margin: 0 }} />\n';
    expect(rawColours("x.tsx", tsx)).toEqual([{ file: "x.tsx", line: 2, colour: "#abc" }]);
  });

  it("passes on the web app as it is", () => {
    expect(findRawColours(process.cwd())).toEqual([]);
  });
});
