// npm run build: the web app into web/dist and the server into dist/server.cjs, as npm start would
// when they are missing or stale, but always.
import { buildServer } from "./server-build.mjs";
import { buildWeb } from "./web-build";

await buildWeb();
await buildServer();
console.log("Built web/dist and dist/server.cjs.");
