import { compilePgliteWasm } from "../server/db/pglite-wasm";

// Run before the server's other modules (scripts/start.ts imports it first, and the compiled server
// keeps that order): the embedded database's WebAssembly compiles on V8's threads meanwhile. A
// failure shows where the database opens, which awaits the same promise.
if (!process.env.DATABASE_URL) compilePgliteWasm().catch(() => {});
