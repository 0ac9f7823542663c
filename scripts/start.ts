import { main } from "../server/main";
import { ensureWebBuild } from "./web-build";

// `npm start`: build the web app if it is missing or stale, then run the server.
if (process.env.SERVE_WEB !== "off") await ensureWebBuild();
await main();
