import { describe, expect, it } from "vitest";
import { namespaceCssImports } from "./cssModuleNamespaces";

describe("namespaceCssImports", () => {
  it("makes a CSS module's default import a namespace import", () => {
    const out = namespaceCssImports(
      'import { cx } from "./cx";\nimport styles from "./Tabs.module.css";\nexport const a = styles.tab;',
    );
    expect(out).toBe(
      'import { cx } from "./cx";\nimport * as styles from "./Tabs.module.css";\nexport const a = styles.tab;',
    );
  });

  it("keeps the default import of a file that reads a class by its string name", () => {
    const code = 'import parts from "./x.module.css";\nexport const a = parts["two-words"];';
    expect(namespaceCssImports(code)).toBe(code);
  });
});
