import { spawn } from "node:child_process";

// `npm run dev`: the server restarting on change (API on PORT, default 3000) and Vite with hot
// reload on 5173, which forwards /api (and the WebSocket) to the server.
const port = process.env.PORT ?? "3000";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/dev-entry.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: port, SERVE_WEB: "off" },
  }),
  spawn("npx", ["vite", "--config", "web/vite.config.ts"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: port },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
