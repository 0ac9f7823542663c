import { describe, expect, it } from "vitest";
import { bareHovers, findBareHovers } from "./css-hover";

describe("the hover check", () => {
  it("finds a :hover rule outside @media (hover: hover), with its line", () => {
    const css = ".a {\n  color: red;\n}\n\n.a:hover,\n.a:focus-visible {\n  color: blue;\n}\n";
    expect(bareHovers("x.module.css", css)).toEqual([
      { file: "x.module.css", line: 5, selector: ".a:hover, .a:focus-visible" },
    ]);
  });

  it("allows it inside @media (hover: hover), however deep and whatever the other conditions", () => {
    const css = [
      "@media (hover: hover) {\n  .a:hover { color: blue; }\n  .b:hover .c { opacity: 1; }\n}",
      "@media (hover: hover) and (pointer: fine) {\n  .a:hover { color: blue; }\n}",
      "@container side (max-width: 420px) {\n  @media (hover: hover) {\n    .d:hover { color: red; }\n  }\n}",
      "@media (prefers-reduced-motion: reduce) {\n  @media (hover: hover) {\n    .e:hover { transform: none; }\n  }\n}",
    ].join("\n\n");
    expect(bareHovers("x.css", css)).toEqual([]);
  });

  it("finds it inside other blocks: another media query, a container query, a nested rule", () => {
    const css = [
      "@media (max-width: 800px) {\n  .a:hover { color: blue; }\n}",
      "@media (hover: none) {\n  .b:hover { color: blue; }\n}",
      "@media not all and (hover: hover) {\n  .c:hover { color: blue; }\n}",
      "@container side (max-width: 420px) {\n  .d:hover { color: red; }\n}",
      ".e {\n  color: red;\n  &:hover { color: blue; }\n}",
    ].join("\n");
    expect(bareHovers("x.css", css).map(({ line, selector }) => [line, selector])).toEqual([
      [2, ".a:hover"],
      [5, ".b:hover"],
      [8, ".c:hover"],
      [11, ".d:hover"],
      [15, "&:hover"],
    ]);
  });

  it("ignores :hover in comments and strings, and what only starts like it", () => {
    const css = '/* .a:hover was here */\n.b::after { content: ":hover"; }\n.c:hovered {}\n';
    expect(bareHovers("x.css", css)).toEqual([]);
  });

  it("passes on the web app as it is", () => {
    expect(findBareHovers(process.cwd())).toEqual([]);
  });
});
