import { compilePgliteWasm } from "../server/db/pglite-wasm";

// Run before the server's modules load (scripts/start.mjs imports its compiled entry first; and
// scripts/start.ts imports it first): the embedded database's WebAssembly compiles meanwhile. A
// failure shows where the database opens, which awaits the same promise.
if (!process.env.DATABASE_URL) compilePgliteWasm().catch(() => {});
