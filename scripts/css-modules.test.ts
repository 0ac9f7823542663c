import { describe, expect, it } from "vitest";
import {
  composedClasses,
  definedClasses,
  findModuleProblems,
  moduleImports,
  usedClasses,
} from "./css-modules";

describe("the CSS Modules check", () => {
  it("reads the classes a module defines, not those in :global() or values", () => {
    const css = '/* .old */\n.day { content: ".x"; }\n.day:hover, .dayOut > a {}\n:global(.btn) .head {}\n';
    expect([...definedClasses(css)].sort()).toEqual(["day", "dayOut", "head"]);
  });

  it("reads a file's module imports and the classes it uses", () => {
    const source =
      'import styles from "./A.module.css";\n<b className={cx(styles.day, styles["day-out"])} />';
    expect(moduleImports(source)).toEqual([{ name: "styles", specifier: "./A.module.css" }]);
    expect([...usedClasses(source, "styles")].sort()).toEqual(["day", "day-out"]);
  });

  it("reads the classes a module composes, from itself or from another module", () => {
    const css =
      '.row { composes: wide tall; }\n.tabs {\n  composes: sideways from "../ui/Tabs.module.css";\n}\n';
    expect(composedClasses(css)).toEqual([
      { cls: "wide", from: undefined },
      { cls: "tall", from: undefined },
      { cls: "sideways", from: "../ui/Tabs.module.css" },
    ]);
  });

  it("passes on the web app as it is", () => {
    expect(findModuleProblems(process.cwd())).toEqual([]);
  });
});
