import { readFileSync } from "node:fs";
import { requireFromRoot } from "../root";

let compiling: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process on V8's background threads. `npm start`
 * begins it first of all (scripts/start-early.ts), so it compiles while the main thread runs the
 * server's modules, where PGlite.create would begin it only when the database opens, then wait.
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module> {
  compiling ??= WebAssembly.compile(
    readFileSync(requireFromRoot.resolve("@electric-sql/pglite/pglite.wasm")),
  );
  return compiling;
}
