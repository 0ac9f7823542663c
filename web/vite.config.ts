import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { endpointsWithoutSchemasPlugin } from "./build/endpointsWithoutSchemas.ts";
import { precompressPlugin } from "./build/precompress.ts";

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), endpointsWithoutSchemasPlugin(), precompressPlugin()],
  // CSS Modules: a class `.day` in MonthCalendar.module.css is built as `MonthCalendar_day`, readable
  // in the browser's tools and stable for tests; module file names are unique (npm run lint checks).
  css: {
    modules: {
      generateScopedName: (local: string, file: string) =>
        `${path.basename(file).replace(/\.module\.css(\?.*)?$/, "")}_${local}`,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // A zod schema no code uses is dropped (zod builds schemas without side effects); with the
    // endpoints' schemas blanked for the web (build/endpointsWithoutSchemas.ts), zod loads only
    // with a form that validates. `answer` is contract/endpoint.ts's typed z.custom().
    rolldownOptions: { treeshake: { manualPureFunctions: ["z", "answer"] } },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
