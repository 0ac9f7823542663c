// `npm start`, with plain `node`: compiles the server into dist/server.cjs when it is missing or older
// than its sources (scripts/server-build.mjs), then runs it with the code V8 compiled for it at the
// previous start.
import module from "node:module";
import { compiledServer, ensureServerBuild, runCompiled } from "./server-build.mjs";

// Node 22.1 and later keep the compiled code of the modules loaded from here on (in the system's
// temporary folder); the server itself is run below with a cache of its own, as Node 20 has none.
module.enableCompileCache?.();
performance.mark("entry");
// The event loop held until the server listens (as server/main.ts does from its start): while the
// modules load, Node would otherwise wait on V8's background work (the database's WebAssembly
// compiling) each time the loop runs empty, before it reads the next file.
const holdLoop = setInterval(() => {}, 60_000);
await ensureServerBuild();
performance.mark("server build checked");
await runCompiled(compiledServer).listening;
clearInterval(holdLoop);
