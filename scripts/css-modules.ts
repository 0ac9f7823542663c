import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The CSS Modules check of `npm run lint`: every class a `*.module.css` defines is used by a file that
 * imports it (dead CSS leaves with its component), every `styles.x` a file uses is defined in the module
 * it imports (a typo would silently drop the style), and no two modules share a file name (the built
 * class name is `<file>_<class>`, see web/vite.config.ts).
 */

export interface ModuleProblem {
  file: string;
  problem: string;
}

const blankComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");

/** The classes a module defines, outside `:global(...)` and string values. */
export function definedClasses(css: string): Set<string> {
  const rules = blankComments(css)
    .replace(/:global\([^)]*\)/g, "")
    .replace(/"[^"]*"|'[^']*'/g, "")
    .replace(/\{[^{}]*\}/g, "{}");
  return new Set([...rules.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string));
}

/**
 * The classes a module composes (`composes: a b;` from itself, `composes: a from "./x.module.css";`
 * from another module): each with the module it comes from, `from` when the module's own.
 */
export function composedClasses(css: string): { cls: string; from?: string }[] {
  return [
    ...blankComments(css).matchAll(/composes:\s*([\w\s-]+?)(?:\s+from\s+["']([^"']+)["'])?\s*;/g),
  ].flatMap((match) =>
    (match[1] as string)
      .trim()
      .split(/\s+/)
      .map((cls) => ({ cls, from: match[2] })),
  );
}

/** `import name from "./x.module.css"` in a source file: each module's import name and path. */
export function moduleImports(source: string): { name: string; specifier: string }[] {
  return [...source.matchAll(/import\s+(\w+)\s+from\s+["']([^"']+\.module\.css)["']/g)].map((match) => ({
    name: match[1] as string,
    specifier: match[2] as string,
  }));
}

/** The classes a source file reads from its import `name`: `name.x` and `name["x-y"]`. */
export function usedClasses(source: string, name: string): Set<string> {
  const dotted = new RegExp(`\\b${name}\\.([_a-zA-Z][\\w]*)`, "g");
  const indexed = new RegExp(`\\b${name}\\[["'\`]([^"'\`]+)["'\`]\\]`, "g");
  return new Set(
    [...source.matchAll(dotted), ...source.matchAll(indexed)].map((match) => match[1] as string),
  );
}

/** The files under `dir` (at any depth) whose names match `pattern`: what the style checks read. */
export function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function findModuleProblems(root: string): ModuleProblem[] {
  const web = path.join(root, "web/src");
  const problems: ModuleProblem[] = [];
  const modules = filesUnder(web, /\.module\.css$/);
  const used = new Map<string, Set<string>>(modules.map((file) => [file, new Set()]));

  const byName = new Map<string, string>();
  for (const file of modules) {
    const name = path.basename(file);
    const other = byName.get(name);
    if (other)
      problems.push({
        file: path.relative(root, file),
        problem: `same file name as ${path.relative(root, other)}`,
      });
    byName.set(name, file);
  }

  for (const file of filesUnder(web, /\.tsx?$/)) {
    const source = readFileSync(file, "utf8");
    for (const { name, specifier } of moduleImports(source)) {
      const module = path.resolve(path.dirname(file), specifier);
      const defined = definedClasses(readFileSync(module, "utf8"));
      for (const cls of usedClasses(source, name)) {
        used.get(module)?.add(cls);
        if (!defined.has(cls))
          problems.push({
            file: path.relative(root, file),
            problem: `${name}.${cls} is not defined in ${specifier}`,
          });
      }
    }
  }

  // A class composed by another module's class (or its own) is used there.
  for (const file of modules) {
    for (const { cls, from } of composedClasses(readFileSync(file, "utf8"))) {
      const module = from ? path.resolve(path.dirname(file), from) : file;
      used.get(module)?.add(cls);
      if (!definedClasses(readFileSync(module, "utf8")).has(cls))
        problems.push({
          file: path.relative(root, file),
          problem: `composes .${cls}, not defined in ${from ?? "itself"}`,
        });
    }
  }

  for (const file of modules) {
    const unused = [...definedClasses(readFileSync(file, "utf8"))].filter((cls) => !used.get(file)?.has(cls));
    for (const cls of unused)
      problems.push({ file: path.relative(root, file), problem: `.${cls} is used by no component` });
  }
  return problems;
}
