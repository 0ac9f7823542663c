import "./start-early";
import { main } from "../server/main";
import { ensureWebBuild } from "./web-build";

// `npm start`: build the web app if it is missing or stale, then run the server. The check (and a
// build when one is needed) runs while the server opens its database; the app is built after it.
const webBuilt =
  process.env.SERVE_WEB === "off"
    ? Promise.resolve(null)
    : ensureWebBuild().then(
        () => null,
        (error: unknown) => error, // held until main awaits it, so it is not an unhandled rejection
      );
/** Settles once the server listens (scripts/start.mjs then keeps V8's compiled code for the next start). */
export const listening = main({
  beforeApp: async () => {
    const error = await webBuilt;
    if (error) throw error;
  },
});
