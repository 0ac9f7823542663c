/**
 * A CSS module's JavaScript is a named export per class plus a default object holding them all
 * (`{ day: "MonthCalendar_day", … }`). `import styles from "./x.module.css"` keeps that whole object
 * in the bundle even where two of its forty classes are read. This plugin rewrites such an import in
 * the app's modules to `import * as styles from …`: `styles.day` then reads the named export, and the
 * bundler drops the classes no page reads. A file that reads `styles["a-b"]` keeps its default import:
 * a class whose name is not an identifier has no named export.
 */
import type { Plugin } from "vite";

const DEFAULT_IMPORT = /^import (\w+) from ("[^"]+\.module\.css");$/gm;

/** `code` with each CSS module default import made a namespace import, where that is safe. */
export function namespaceCssImports(code: string): string {
  return code.replace(DEFAULT_IMPORT, (line, name: string, specifier: string) =>
    code.includes(`${name}[`) ? line : `import * as ${name} from ${specifier};`,
  );
}

export function cssModuleNamespacesPlugin(): Plugin {
  return {
    name: "votespace:css-module-namespaces",
    enforce: "pre",
    transform: {
      filter: { id: /\/web\/src\/.*\.tsx?$/, code: ".module.css" },
      handler(code) {
        const rewritten = namespaceCssImports(code);
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
