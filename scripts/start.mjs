// `npm start`, with plain `node`: compiles the server into dist/server.mjs when it is missing or older
// than its sources (scripts/server-build.mjs), then runs it: scripts/start.ts, compiled.
import { pathToFileURL } from "node:url";
import { compiledServer, ensureServerBuild } from "./server-build.mjs";

await ensureServerBuild();
await import(pathToFileURL(compiledServer).href);
