// `npm start`, with plain `node`: compiles the server into dist/server.mjs when it is missing or older
// than its sources (scripts/server-build.mjs), then runs it: scripts/start-early.ts and
// scripts/start.ts, compiled.
import module from "node:module";
import { pathToFileURL } from "node:url";
import { compiledEarly, compiledServer, ensureServerBuild } from "./server-build.mjs";

// Node 22.1 and later keep the compiled code of the modules loaded from here on (in the system's
// temporary folder), so the next start skips parsing them; Node 20 has no such cache.
module.enableCompileCache?.();
performance.mark("entry");
// The event loop held until the server listens (as server/main.ts does from its start): while the
// modules load, Node would otherwise wait on V8's background work (the database's WebAssembly
// compiling) each time the loop runs empty, before it reads the next file.
const holdLoop = setInterval(() => {}, 60_000);
await ensureServerBuild();
performance.mark("server build checked");
// The early part first, small: the embedded database's WebAssembly compiles on V8's threads while the
// main thread loads the server's modules.
await import(pathToFileURL(compiledEarly).href);
await import(pathToFileURL(compiledServer).href); // resolves once the server listens
clearInterval(holdLoop);
